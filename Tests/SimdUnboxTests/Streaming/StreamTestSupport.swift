import Foundation
import SimdUnbox
import Testing

/// A small model with the strings that make boundary finding hard: escaped quotes, backslashes at
/// the end, brackets and commas inside strings, multi-byte UTF-8.
struct StreamRecord: Unboxable, Equatable, Sendable {
    let id: Int
    let name: String
    let tags: [String]
    let score: Double?

    init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        name = try unboxer.unbox(key: "name")
        tags = try unboxer.unbox(key: "tags")
        score = try unboxer.unboxIfPresent(key: "score")
    }
}

/// Streams generated for the tests, and ways of feeding them.
enum StreamFixtures {
    static let names = [
        "plain", #"with \"quotes\""#, #"back\\slash"#, "brackets [{,}] and commas, inside", "unicode é 😀 東",
        #"\u00e9scaped \/ \n"#, #"ends with a backslash \\"#, "",
    ]

    /// One record's JSON, with whitespace chosen by `spacing`.
    static func record(_ id: Int, spacing: Int = 0) -> String {
        let space = ["", " ", "\n  ", "\t"][spacing % 4]
        let name = names[id % names.count]
        let score = id % 3 == 0 ? "\(space),\(space)\"score\":\(Double(id) * 1.5)" : ""
        return
            "{\(space)\"id\":\(space)\(id),\"name\":\"\(name)\",\(space)\"tags\":[\(space)\"t\(id)\",\"[x]\"\(space)]\(score)\(space)}"
    }

    /// A root array of `count` records with varied whitespace.
    static func array(count: Int) -> String {
        var text = count % 2 == 0 ? "[" : " \n[ "
        for id in 0..<count {
            if id > 0 { text += id % 2 == 0 ? "," : " ,\n " }
            text += record(id, spacing: id)
        }
        return text + (count % 2 == 0 ? "]" : " ]\n")
    }

    /// JSON Lines of `count` records.
    static func jsonLines(count: Int, crlf: Bool = false) -> String {
        (0..<count).map { record($0) + (crlf ? "\r\n" : "\n") }.joined()
    }

    /// Every way of cutting `bytes` in two.
    static func twoWaySplits(_ bytes: [UInt8]) -> [[[UInt8]]] {
        (0...bytes.count).map { [Array(bytes[..<$0]), Array(bytes[$0...])] }
    }

    /// `count` random cuttings of `bytes` into pieces of 0 to `maximumPiece` bytes (seeded, so
    /// that a failure can be replayed).
    static func randomSplits(_ bytes: [UInt8], count: Int, maximumPiece: Int, seed: UInt64) -> [[[UInt8]]] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var pieces: [[UInt8]] = []
            var offset = 0
            while offset < bytes.count {
                let size = Int(generator.next() % UInt64(maximumPiece + 1))
                let end = min(bytes.count, offset + size)
                pieces.append(Array(bytes[offset..<end]))
                offset = end
            }
            return pieces
        }
    }

    /// Decodes a stream fed as `pieces`, collecting the models and the errors: the error thrown
    /// (as text) or those reported under `.skip`.
    static func decode<T: UnboxCompatible & Sendable>(
        _: T.Type, pieces: [[UInt8]], format: JSONStreamFormat, skip: Bool = false
    ) async -> (models: [T], errors: [String]) {
        let reported = TestLock<[String]>([])
        let policy: JSONStreamErrorPolicy =
            skip ? .skip { error in reported.withLock { $0.append("\(error)") } } : .stop
        var models: [T] = []
        var errors: [String] = []
        do {
            for try await model in JSONStream<T, ChunkSequence>(
                chunks: ChunkSequence(pieces), format: format, onError: policy)
            {
                models.append(model)
            }
        } catch {
            errors.append("\(error)")
        }
        return (models, reported.withLock { $0 } + errors)
    }

    /// Decodes a stream synchronously from memory.
    static func decodeSync<T: UnboxCompatible>(
        _: T.Type, _ text: String, format: JSONStreamFormat, keyPath: String? = nil, skip: Bool = false
    ) -> (models: [T], errors: [String]) {
        let reported = TestLock<[String]>([])
        let policy: JSONStreamErrorPolicy =
            skip ? .skip { error in reported.withLock { $0.append("\(error)") } } : .stop
        var models: [T] = []
        var errors: [String] = []
        var reader = JSONStreamReader<T>(string: text, format: format, atKeyPath: keyPath, onError: policy)
        do {
            while let model = try reader.next() { models.append(model) }
        } catch {
            errors.append("\(error)")
        }
        return (models, reported.withLock { $0 } + errors)
    }
}

/// An async sequence of byte chunks given up front.
struct ChunkSequence: AsyncSequence, Sendable {
    let chunks: [[UInt8]]

    init(_ chunks: [[UInt8]]) {
        self.chunks = chunks
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks)
    }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: [[UInt8]]
        var index = 0

        mutating func next() async -> [UInt8]? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

/// An async sequence of single bytes.
struct ByteSequence: AsyncSequence, Sendable {
    let bytes: [UInt8]

    func makeAsyncIterator() -> Iterator {
        Iterator(bytes: bytes)
    }

    struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        var index = 0

        mutating func next() async -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }
    }
}

/// A small seeded generator (SplitMix64), so that random splits can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
