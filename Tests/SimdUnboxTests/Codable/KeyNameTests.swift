import Foundation
import Testing

@testable import SimdUnbox

/// Keyed containers read the name of each case of a `CodingKeys` enum once per decode
/// (`KeyNames`): every kind of key type still reads what Foundation reads.
@Suite("Key names")
struct KeyNameTests {
    /// Forty keys: names past the first block of the table.
    struct Wide: Decodable, Equatable {
        var values: [Int]
        enum CodingKeys: Int, CodingKey, CaseIterable {
            case k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16, k17, k18, k19
            case k20, k21, k22, k23, k24, k25, k26, k27, k28, k29, k30, k31, k32, k33, k34, k35, k36, k37
            case k38, k39
            var stringValue: String { "key\(rawValue)" }
            init?(stringValue: String) { nil }
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // Twice each, in reverse: the second read of a case uses its recorded name.
            values = try CodingKeys.allCases.reversed().map { try container.decode(Int.self, forKey: $0) }
            values += try CodingKeys.allCases.map { try container.decode(Int.self, forKey: $0) }
        }
    }

    /// One case: a key type of size zero.
    struct Single: Decodable, Equatable {
        var only: String
        enum CodingKeys: CodingKey { case only }
    }

    /// An enum with a payload that fits in its byte: each value has a name of its own.
    struct Flagged: Decodable, Equatable {
        var on: Int
        var off: Int
        enum Keys: CodingKey {
            case flag(Bool)
            var stringValue: String { if case .flag(let value) = self { value ? "on" : "off" } else { "" } }
            init?(stringValue: String) { nil }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            on = try container.decode(Int.self, forKey: .flag(true))
            off = try container.decode(Int.self, forKey: .flag(false))
        }
    }

    /// A one-byte struct key: not an enum, so its name is asked for every time.
    struct Numbered: Decodable, Equatable {
        var first: Int
        var second: Int
        struct Key: CodingKey {
            let number: UInt8
            var stringValue: String { "n\(number)" }
            init(_ number: UInt8) { self.number = number }
            init?(stringValue: String) { nil }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            first = try container.decode(Int.self, forKey: Key(1))
            second = try container.decode(Int.self, forKey: Key(2))
        }
    }

    /// Names that depend on a setting: each decode reads them again.
    struct Configurable: Decodable, Equatable {
        nonisolated(unsafe) static var prefix = "a"
        var value: Int
        enum CodingKeys: CodingKey {
            case value
            var stringValue: String { Configurable.prefix + "_value" }
            init?(stringValue: String) { nil }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
    }

    /// Nested containers of one key type, and a missing key in each.
    struct Node: Decodable, Equatable {
        var name: String
        var child: Box?
        final class Box: Decodable, Equatable {
            let node: Node
            init(from decoder: any Decoder) throws { node = try Node(from: decoder) }
            static func == (a: Box, b: Box) -> Bool { a.node == b.node }
        }
    }

    /// Errors inside nested values: their paths hold keys remade from their byte (`.smallKey`).
    struct Numbers: Decodable, Equatable {
        var zero: Int
        var two: Wrap
        enum CodingKeys: Int, CodingKey { case zero = 0, one, two }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            zero = try container.decode(Int.self, forKey: .zero)
            two = try container.decode(Wrap.self, forKey: .two)
        }
    }

    struct Wrap: Decodable, Equatable {
        var only: [Single]
        enum CodingKeys: CodingKey { case only }
    }

    static func same<T: Decodable & Equatable>(_ type: T.Type, _ json: String) -> Bool {
        let data = Data(json.utf8)
        let foundation = outcome { try JSONDecoder().decode(T.self, from: data) }
        let simd = outcome { try SimdJSONDecoder().decode(T.self, from: data) }
        if let expected = foundation.value, let actual = simd.value { return expected == actual }
        return foundation.text == simd.text
    }

    @Test func everyKindOfKeyTypeReadsWhatFoundationReads() {
        let wide = "{" + (0..<40).map { #""key\#($0)":\#($0 * 3)"# }.joined(separator: ",") + "}"
        #expect(Self.same(Wide.self, wide))
        #expect(Self.same(Wide.self, #"{"key0":1}"#))  // the first missing key is reported
        #expect(Self.same(Single.self, #"{"only":"x"}"#))
        #expect(Self.same(Single.self, #"{"other":"x"}"#))
        #expect(Self.same(Flagged.self, #"{"off":2,"on":1}"#))
        #expect(Self.same(Flagged.self, #"{"on":1}"#))
        #expect(Self.same(Numbered.self, #"{"n2":2,"n1":1}"#))
        #expect(Self.same(Node.self, #"{"name":"a","child":{"name":"b","child":{"name":"c"}}}"#))
        #expect(Self.same(Node.self, #"{"name":"a","child":{"child":{"name":"c"}}}"#))
        #expect(Self.same(Numbers.self, #"{"zero":0,"two":{"only":[{"only":"a"},{"only":1}]}}"#))
        #expect(Self.same(Numbers.self, #"{"zero":0,"two":{"only":[{"other":"a"}]}}"#))
        #expect(Self.same(Numbers.self, #"{"zero":0,"two":{"only":{}}}"#))
    }

    /// Names holding a quote or a backslash, of each length the shim checks in its own way (the
    /// check is made once per name here, not per lookup), read through each fused lookup. Compared
    /// by raw bytes, a name ending in a backslash would match a key with an escaped quote at that
    /// place (`a\` matches `"a\"b"`), and one holding `":` the key before it (`ab":` matches
    /// `"ab":`).
    struct Escaped: Decodable, Equatable {
        var short: String?
        var four: Int?
        var eight: Bool?
        var long: Double?
        var quote: [Int]?
        var plain: String?
        enum CodingKeys: String, CodingKey {
            case short = #"a\"#
            case four = #"abc\"#
            case eight = #"abcdefg\"#
            case long = #"abcdefghijklmnop\"#
            case quote = #"ab":"#
            case plain = "p"
        }
    }

    @Test(arguments: [
        // Keys whose raw bytes a name would match: each name must match only itself.
        #"{"a\"b":"x","abc\"d":1,"abcdefg\"h":true,"abcdefghijklmnop\"x":1.5,"p":"y"}"#,
        #"{"ab":"x","p":"y"}"#,
        // Each name, written escaped.
        #"{"a\\":"x","abc\\":1,"abcdefg\\":true,"abcdefghijklmnop\\":1.5,"ab\":":[1],"p":"y"}"#,
        // Escaped, in reverse order, and with the wrong types.
        #"{"p":"y","ab\":":[2],"abcdefghijklmnop\\":2,"abcdefg\\":false,"abc\\":2,"a\\":"z"}"#,
        #"{"a\\":1}"#, #"{"abc\\":"1"}"#, #"{"abcdefg\\":0}"#, #"{"abcdefghijklmnop\\":"x"}"#,
    ])
    func namesWithQuotesOrBackslashesMatchOnlyThemselves(json: String) {
        #expect(Self.same(Escaped.self, json))
    }

    @Test func namesAreReadAgainByEachDecode() throws {
        defer { Configurable.prefix = "a" }
        let decoder = SimdJSONDecoder()
        let json = #"{"a_value":1,"b_value":2}"#
        Configurable.prefix = "a"
        #expect(try decoder.decode(Configurable.self, from: json).value == 1)
        Configurable.prefix = "b"
        #expect(try decoder.decode(Configurable.self, from: json).value == 2)
    }

    @Test func onlySmallEnumsAreRemembered() {
        #expect(KeyNames.make(for: Wide.CodingKeys.self) != nil)
        #expect(KeyNames.make(for: Single.CodingKeys.self) != nil)
        #expect(KeyNames.make(for: Flagged.Keys.self) != nil)
        #expect(KeyNames.make(for: Numbered.Key.self) == nil)
        #expect(KeyNames.make(for: CodableKey.self) == nil)
    }
}
