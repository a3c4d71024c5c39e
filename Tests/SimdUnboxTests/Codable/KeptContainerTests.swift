import Foundation
import Testing

@testable import SimdUnbox

/// Containers and decoders that a model keeps beyond its `init(from:)`: once the decode is over
/// they read nothing (the parser has gone back to its pool, maybe to another decode) and throw,
/// and the state their containers read lives as long as they do.
@Suite("Kept containers")
struct KeptContainerTests {
    /// Keeps everything `init(from:)` is given or makes.
    final class Hoarder: Decodable, @unchecked Sendable {
        enum Keys: String, CodingKey { case x, inner, list }
        enum InnerKeys: String, CodingKey { case y }
        let x: Int
        let keyed: KeyedDecodingContainer<Keys>
        let nested: KeyedDecodingContainer<InnerKeys>
        let unkeyed: any UnkeyedDecodingContainer
        let decoder: any Decoder

        init(from decoder: any Decoder) throws {
            keyed = try decoder.container(keyedBy: Keys.self)
            x = try keyed.decode(Int.self, forKey: .x)
            nested = try keyed.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            unkeyed = try keyed.nestedUnkeyedContainer(forKey: .list)
            self.decoder = decoder
        }

        /// Every read through what was kept, each as an error message (nil if it read a value).
        func readsAfterTheDecode() -> [String?] {
            var unkeyed = unkeyed
            return [
                KeptContainerTests.message { _ = try self.keyed.decode(Int.self, forKey: .x) },
                KeptContainerTests.message { _ = try self.keyed.decode(String.self, forKey: .x) },
                KeptContainerTests.message { _ = try self.keyed.decodeIfPresent(Int.self, forKey: .x) },
                KeptContainerTests.message { _ = try self.nested.decode(Int.self, forKey: .y) },
                KeptContainerTests.message { _ = try unkeyed.decode(Int.self) },
                KeptContainerTests.message { _ = try self.decoder.container(keyedBy: Keys.self) },
                KeptContainerTests.message { _ = try self.decoder.singleValueContainer().decode(Int.self) },
            ]
        }
    }

    static let document = #"{"x": 1, "inner": {"y": 2}, "list": [3, 4]}"#

    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {
            return "\(error)"
        }
    }

    @Test func everythingKeptThrowsOnceTheDecodeIsOver() throws {
        let decoder = SimdJSONDecoder()
        let hoarder = try decoder.decode(Hoarder.self, from: Self.document)
        #expect(hoarder.x == 1)
        // Reads after the decode, then after another decode has used the same parser.
        for _ in 0..<2 {
            let reads = hoarder.readsAfterTheDecode()
            #expect(reads.count == 7)
            for read in reads {
                #expect(read?.contains("after the decode it belongs to ended") == true, "\(read ?? "a value")")
            }
            _ = try decoder.decode([Int].self, from: "[10, 20, 30, 40, 50]")
        }
    }

    /// Many decodes keep their containers: each container still throws (its state is alive), and
    /// once the models are gone their states are let go.
    @Test func keptStatesLiveAsLongAsTheirContainers() throws {
        let decoder = SimdJSONDecoder()
        var hoarders: [Hoarder] = []
        for _ in 0..<200 {
            hoarders.append(try decoder.decode(Hoarder.self, from: Self.document))
        }
        for hoarder in hoarders {
            #expect(hoarder.readsAfterTheDecode().allSatisfy { $0 != nil })
        }
        guard KeyedContainerBoxes.layout.load(ordering: .relaxed) == KeyedContainerBoxes.singleBox else { return }
        let boxes = Set(hoarders.flatMap { [box($0.keyed), box($0.nested)] })
        #expect(kept().isSuperset(of: boxes))
        hoarders.removeAll()
        // Let go within 64 decodes, even of documents that keep nothing.
        for _ in 0..<64 { _ = try decoder.decode([Int].self, from: "[1]") }
        #expect(kept().isDisjoint(with: boxes))
    }

    func box<Key>(_ container: KeyedDecodingContainer<Key>) -> ObjectIdentifier {
        ObjectIdentifier(unsafeBitCast(container, to: AnyObject.self))
    }

    func kept() -> Set<ObjectIdentifier> {
        EscapedKeyedContainers.kept.withLock { Set($0.entries.map { ObjectIdentifier($0.box) }) }
    }
}
