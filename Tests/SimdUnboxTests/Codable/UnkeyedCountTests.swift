import Foundation
import Testing

@testable import SimdUnbox

/// `UnkeyedDecodingContainer.count` stays known for the container's whole life, as in Foundation,
/// however much of the array has been read when it is first asked for.
@Suite struct UnkeyedCountTests {
    @Test(arguments: [0, 1, 2, 3, 5])
    func countAfterReadingSomeElements(readFirst: Int) throws {
        let json = Data(#"{"items": [1, {"a": [2, 3]}, "x", [4, [5]], null, 6]}"#.utf8)
        let key = try #require(CodingUserInfoKey(rawValue: Probe.readFirst))
        let decoder = JSONDecoder()
        decoder.userInfo[key] = readFirst
        let simd = SimdJSONDecoder()
        simd.userInfo[key] = readFirst
        let expected = try decoder.decode(Probe.self, from: json)
        let actual = try simd.decode(Probe.self, from: json)
        #expect(actual == expected)
        #expect(actual.counts.allSatisfy { $0 == 6 })
    }

    /// `decodeIfPresent` past the end moves `currentIndex` on, as in Foundation; the count stays.
    @Test(arguments: ["[]", "[1]", "[1,2]"])
    func countAfterReadingPastTheEnd(_ json: String) throws {
        let data = Data(json.utf8)
        let expected = try JSONDecoder().decode(PastTheEnd.self, from: data)
        let actual = try SimdJSONDecoder().decode(PastTheEnd.self, from: data)
        #expect(actual == expected)
        #expect(actual.counts.allSatisfy { $0 == actual.counts.first })
    }
}

/// Reads three times as many elements as there are with `decodeIfPresent`, asking for the count
/// and the index after each read.
private struct PastTheEnd: Decodable, Equatable {
    var counts: [Int?] = []
    var indices: [Int] = []

    init(from decoder: any Decoder) throws {
        var items = try decoder.unkeyedContainer()
        for _ in 0..<6 {
            _ = try items.decodeIfPresent(Int.self)
            counts.append(items.count)
            indices.append(items.currentIndex)
        }
    }
}

/// Reads `readFirst` elements, asks for the count, reads the rest (asking again on the way).
private struct Probe: Decodable, Equatable {
    static let readFirst = "readFirst"
    var counts: [Int?] = []
    var elements: [String] = []

    enum CodingKeys: String, CodingKey { case items }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var items = try container.nestedUnkeyedContainer(forKey: .items)
        let readFirst = decoder.userInfo.first { $0.key.rawValue == Self.readFirst }?.value as? Int ?? 0
        for _ in 0..<readFirst { elements.append(try Self.describe(&items)) }
        counts.append(items.count)
        while !items.isAtEnd {
            elements.append(try Self.describe(&items))
            counts.append(items.count)
        }
        counts.append(items.count)
    }

    static func describe(_ items: inout any UnkeyedDecodingContainer) throws -> String {
        if try items.decodeNil() { return "null" }
        if let number = try? items.decode(Int.self) { return "\(number)" }
        if let text = try? items.decode(String.self) { return text }
        if var nested = try? items.nestedUnkeyedContainer() {
            return "array of \(nested.count ?? -1)" + (try nested.decode(Int.self)).description
        }
        let object = try items.nestedContainer(keyedBy: AnyKey.self)
        return "object of \(object.allKeys.count)"
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
