import Foundation
import Testing

@testable import SimdUnbox

/// Long strings (16 bytes of UTF-8 or more) that repeat within one decode share one storage
/// (`_StringTable`): the values stay exactly what the document holds, whatever hashes alike, and
/// nothing is shared between decodes or kept after one.
@Suite("Shared strings")
struct SharedStringTests {
    /// The address of `string`'s UTF-8, to tell shared storage from copies (never dereferenced).
    static func storage(_ string: String) -> UInt? {
        string.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) } ?? nil
    }

    static let long = [
        "https://example.org/organisations/alpha", "Programming assignment submission",
        "unicode é 😀 東 and then some more text",
    ]

    /// A JSON array of `strings`, escaped where JSON needs it.
    static func jsonArray(_ strings: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
    }

    struct Sponsor: Decodable, Equatable {
        let name: String
        let url: String
    }

    @Test("Equal long strings of one decode share one storage; each keeps its value")
    func repeatsShare() throws {
        let values = (0..<30).map { Self.long[$0 % 3] } + ["short", "short"]
        let json = try Self.jsonArray(values)
        let unboxed: [String] = try unbox(string: json)
        let decoded = try SimdJSONDecoder().decode([String].self, from: Data(json.utf8))
        for result in [unboxed, decoded] {
            #expect(result == values)
            for index in 3..<30 {
                #expect(Self.storage(result[index]) == Self.storage(result[index % 3]), "element \(index)")
            }
            #expect(Set(result[0..<3].map(Self.storage)).count == 3)
        }
    }

    @Test("Keyed reads, dictionary keys and values share too (Unbox and Codable)")
    func everyPathShares() throws {
        let url = "https://example.org/a/long/enough/url"
        let json = """
            [{"name": "An organisation's name", "url": "\(url)"},
             {"name": "An organisation's name", "url": "https:\\/\\/example.org\\/a\\/long\\/enough\\/url"}]
            """
        let unboxed: [Sponsor] = try unbox(string: json)
        let decoded = try SimdJSONDecoder().decode([Sponsor].self, from: Data(json.utf8))
        for sponsors in [unboxed, decoded] {
            #expect(
                sponsors == [
                    Sponsor(name: "An organisation's name", url: url),
                    Sponsor(name: "An organisation's name", url: url),
                ])
            #expect(Self.storage(sponsors[0].name) == Self.storage(sponsors[1].name))
            // The second URL is written with escapes: the same value, so the same storage.
            #expect(Self.storage(sponsors[0].url) == Self.storage(sponsors[1].url))
        }

        let maps = """
            [{"a key that is long enough": "a value that is long enough"},
             {"a key that is long enough": "a value that is long enough"}]
            """
        let unboxedMaps: [[String: String]] = try unbox(string: maps)
        let decodedMaps = try SimdJSONDecoder().decode([[String: String]].self, from: Data(maps.utf8))
        for result in [unboxedMaps, decodedMaps] {
            #expect(result == Array(repeating: ["a key that is long enough": "a value that is long enough"], count: 2))
            let keys = result.map { $0.keys.first! }
            let values = result.map { $0.values.first! }
            #expect(Self.storage(keys[0]) == Self.storage(keys[1]))
            #expect(Self.storage(values[0]) == Self.storage(values[1]))
        }
    }

    @Test("Strings that hash alike but differ stay distinct", arguments: [25, 40, 41, 300])
    func lookalikes(length: Int) throws {
        // The hash reads the length and the 8-byte words at 0, length / 2 - 4 and length - 8; these
        // strings share those bytes and differ only outside them. (Up to 24 bytes, every byte is
        // hashed, so no two strings of one length hash alike.)
        let hashed = Set([0, length / 2 - 4, length - 8].flatMap { $0..<($0 + 8) })
        let free = (0..<length).filter { !hashed.contains($0) }
        try #require(!free.isEmpty)
        func variant(_ letter: UInt8) -> String {
            var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
            for position in free { bytes[position] = letter }
            return String(decoding: bytes, as: UTF8.self)
        }
        let values = (0..<40).map { variant(UInt8(ascii: "a") + UInt8($0 % 5)) }
        let json = try Self.jsonArray(values)
        let unboxed: [String] = try unbox(string: json)
        let decoded = try SimdJSONDecoder().decode([String].self, from: Data(json.utf8))
        // Indices of wrong values, rather than whole arrays of long strings, in a failure.
        #expect(unboxed.count == values.count && values.indices.filter { unboxed[$0] != values[$0] }.isEmpty)
        #expect(decoded.count == values.count && values.indices.filter { decoded[$0] != values[$0] }.isEmpty)
    }

    @Test("Strings of different decodes never share storage")
    func decodesAreSeparate() throws {
        let json = try Self.jsonArray(Array(repeating: Self.long[0], count: 3))
        let first: [String] = try unbox(string: json)
        let second: [String] = try unbox(string: json)
        let third = try SimdJSONDecoder().decode([String].self, from: Data(json.utf8))
        #expect(Self.storage(first[0]) == Self.storage(first[2]))
        #expect(Self.storage(first[0]) != Self.storage(second[0]))
        #expect(Self.storage(second[0]) != Self.storage(third[0]))
    }

    @Test("The table holds strings during a decode and none after it")
    func emptiedAtClose() throws {
        // A parser of the test's own, so that no other decode can touch its table.
        let parser = _Parser()
        let context = _DecodingContext(parser: parser, maxDepth: defaultUnboxMaximumDepth)
        let json = try Self.jsonArray(Self.long + Self.long)
        var root = _JSONCursor()
        let strings: [String] = try Array(json.utf8).withUnsafeBytes { bytes in
            try context._begin(bytes, root: &root)
            return try [String]._unbox(from: &root, context: context)
        }
        #expect(strings == Self.long + Self.long)
        #expect(parser.strings.filledCount.pointee == 3)
        try context._finish()
        context._close()
        #expect(parser.strings.filledCount.pointee == 0)
        for index in 0..<_StringTable.slotCount {
            #expect(parser.strings.slots[index].hash == 0 && parser.strings.slots[index].string.isEmpty)
        }
    }

    @Test("Streams share within a window, not across windows, and read every value right")
    func streams() throws {
        // Over 1 MB: more than one window of the stream. The names are the only long strings (the
        // URLs are short), so nothing evicts them from the table: only its emptying before each
        // window keeps the windows apart.
        let count = 20_000
        let records = (0..<count).map { "{\"name\": \"\(Self.long[$0 % 3])\", \"url\": \"/\($0)\"}" }
        let data = Data(("[" + records.joined(separator: ",") + "]").utf8)
        #expect(data.count > 1 << 20)
        let expected = (0..<count).map { Sponsor(name: Self.long[$0 % 3], url: "/\($0)") }
        var reader = JSONStreamReader<Sponsor>(data: data)
        var streamed: [Sponsor] = []
        while let record = try reader.next() { streamed.append(record) }
        #expect(streamed == expected)
        // The first elements are in the stream's first window, the last ones in a later window
        // (elements 0, 3, count - 2 and count - 5 hold the same name).
        let last = count - 2
        #expect(streamed[0].name == streamed[last].name)
        #expect(Self.storage(streamed[0].name) == Self.storage(streamed[3].name))
        #expect(Self.storage(streamed[last].name) == Self.storage(streamed[last - 3].name))
        #expect(Self.storage(streamed[0].name) != Self.storage(streamed[last].name))
        // Decoded whole, one decode: shared from first to last.
        let decoded = try SimdJSONDecoder().decode([Sponsor].self, from: data)
        #expect(decoded == expected)
        #expect(Self.storage(decoded[0].name) == Self.storage(decoded[last].name))
    }
}

extension SharedStringTests.Sponsor: Unboxable {
    init(unboxer: Unboxer) throws {
        name = try unboxer.unbox(key: "name")
        url = try unboxer.unbox(key: "url")
    }
}
