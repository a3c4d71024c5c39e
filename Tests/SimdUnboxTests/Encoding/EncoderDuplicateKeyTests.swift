import Foundation
import SimdUnbox
import Testing

// A key written twice into one object, against Foundation's `JSONEncoder`: a value written again
// replaces the old one, a keyed container taken again merges into the object already there, a
// key strategy mapping two keys to one keeps the last. And keys that never repeat keep the
// model's order (the duplicate check must not send them to Foundation, whose order is its
// dictionary's).

private enum DuplicateKeys {
    enum Keys: String, CodingKey { case a, b, c, d, e, x, y, aB, a_b, myURL, myUrl }

    /// `b` written twice, scalars.
    struct ValueTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            try container.encode(2, forKey: .b)
            try container.encode("three", forKey: .c)
            try container.encode(42, forKey: .b)
            try container.encode(true, forKey: .d)
        }
    }

    /// `b` written as an object, then as a string.
    struct ObjectThenValue: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try nested.encode(1, forKey: .x)
            try container.encode(1, forKey: .a)
            try container.encode("b", forKey: .b)
        }
    }

    /// Two keyed containers for `b`, with `a` between them: Foundation merges them.
    struct NestedTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try first.encode(1, forKey: .x)
            try container.encode(3, forKey: .c)
            var second = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try second.encode(2, forKey: .y)
            try second.encode(5, forKey: .x)
        }
    }

    /// Two unkeyed containers for `b`: Foundation appends to the first.
    struct UnkeyedTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedUnkeyedContainer(forKey: .b)
            try first.encode(1)
            try container.encode(0, forKey: .a)
            var second = container.nestedUnkeyedContainer(forKey: .b)
            try second.encode(2)
        }
    }

    struct Inner: Encodable {
        var x = 1
        var y = 2
    }

    /// A value that encodes an object for `b`, then a keyed container for `b` merging into it.
    struct EncodedObjectThenContainer: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(Inner(), forKey: .b)
            try container.encode(0, forKey: .a)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
            try nested.encode(9, forKey: .y)
            try nested.encode(7, forKey: .e)
        }
    }

    /// Two keys a key strategy turns into one: `aB` and `a_b` (snake case, or a custom strategy).
    struct TwoKeysOneName: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .aB)
            try container.encode(2, forKey: .c)
            try container.encode(3, forKey: .a_b)
            try container.encode(4, forKey: .myURL)
            try container.encode(5, forKey: .myUrl)
        }
    }

    /// A subclass writing into its superclass's container, with one key of its own repeated.
    class Base: Encodable {
        var id = 1
        var name = "base"
        enum CodingKeys: String, CodingKey { case id, name }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
        }
    }

    final class Derived: Base {
        enum DerivedKeys: String, CodingKey { case name, extra }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DerivedKeys.self)
            try container.encode("derived", forKey: .extra)
            try super.encode(to: encoder)
            try container.encode("derived name", forKey: .name)
        }
    }

    /// A subclass sharing its superclass's container without repeating a key.
    final class DerivedDistinct: Base {
        enum DerivedKeys: String, CodingKey { case extra, more }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: DerivedKeys.self)
            try container.encode("derived", forKey: .extra)
            try container.encode(2, forKey: .more)
        }
    }

    /// `super` written twice through `superEncoder()`.
    struct SuperTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try "first".encode(to: container.superEncoder())
            try container.encode(1, forKey: .a)
            try "second".encode(to: container.superEncoder())
        }
    }

    /// Many distinct fields, strings and nested objects among them, of a one-byte key type.
    struct Wide: Encodable {
        var values: [String: Int]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WideKeys.self)
            for (position, key) in WideKeys.allCases.enumerated() {
                if position.isMultiple(of: 7) {
                    var nested = container.nestedContainer(keyedBy: WideKeys.self, forKey: key)
                    try nested.encode("\"quoted\", {nested}", forKey: .k0)
                } else {
                    try container.encode(position, forKey: key)
                }
            }
        }
    }

    /// More than 64 keys (a key's byte beyond the filter's 64 bits).
    enum WideKeys: String, CodingKey, CaseIterable {
        case k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16, k17, k18, k19
        case k20, k21, k22, k23, k24, k25, k26, k27, k28, k29, k30, k31, k32, k33, k34, k35, k36, k37
        case k38, k39, k40, k41, k42, k43, k44, k45, k46, k47, k48, k49, k50, k51, k52, k53, k54, k55
        case k56, k57, k58, k59, k60, k61, k62, k63, k64, k65, k66, k67, k68, k69
    }

    /// `k66` (beyond the 64 bits) and `k3` written twice.
    struct WideTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WideKeys.self)
            try container.encode(1, forKey: .k66)
            try container.encode(2, forKey: .k3)
            try container.encode(3, forKey: .k66)
            try container.encode(4, forKey: .k3)
        }
    }

    /// Keys as strings, written twice.
    struct StringKeysTwice: Encodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for index in 0..<100 { try container.encode(index, forKey: Key(stringValue: "field\(index)")) }
            try container.encode(-1, forKey: Key(stringValue: "field17"))
        }
    }
}

@Suite("SimdJSONEncoder: a key written twice, as JSONEncoder writes it")
struct EncoderDuplicateKeyTests {
    static let formattings: [EncodingOptions] =
        [
            EncodingOptions(name: "compact", formatting: []),
            EncodingOptions(name: "pretty", formatting: [.prettyPrinted]),
        ] + EncodingOptions.sortedFormattings

    @Test("A value written again replaces the old one", arguments: formattings)
    func valueTwice(options: EncodingOptions) throws {
        expectSameEncoding(DuplicateKeys.ValueTwice(), options)
        expectSameEncoding(DuplicateKeys.ObjectThenValue(), options)
        expectSameEncoding(DuplicateKeys.WideTwice(), options)
        expectSameEncoding(DuplicateKeys.StringKeysTwice(), options)
        expectSameEncoding(DuplicateKeys.SuperTwice(), options)
        let text = try #require(String(data: try options.simd().encode(DuplicateKeys.ValueTwice()), encoding: .utf8))
        #expect(text.components(separatedBy: "\"b\"").count == 2)
        struct OnlyB: Decodable { let b: Int }
        #expect(try JSONDecoder().decode(OnlyB.self, from: Data(text.utf8)).b == 42)
    }

    @Test("A keyed or unkeyed container taken again merges into the first", arguments: formattings)
    func containerTwice(options: EncodingOptions) {
        expectSameEncoding(DuplicateKeys.NestedTwice(), options)
        expectSameEncoding(DuplicateKeys.UnkeyedTwice(), options)
        expectSameEncoding(DuplicateKeys.EncodedObjectThenContainer(), options)
    }

    @Test("A subclass repeating a key of its superclass's container", arguments: formattings)
    func subclass(options: EncodingOptions) {
        expectSameEncoding(DuplicateKeys.Derived(), options)
        expectSameEncoding(DuplicateKeys.DerivedDistinct(), options)
        expectSameEncoding([DuplicateKeys.Derived(), DuplicateKeys.Derived()], options)
    }

    @Test(
        "Two keys a key strategy turns into one keep the last",
        arguments: [
            ("snake", JSONEncoder.KeyEncodingStrategy.convertToSnakeCase),
            ("custom", .custom { path in path.last.map { TestKey($0.stringValue.lowercased()) } ?? TestKey("") }),
        ])
    func strategy(name: String, strategy: JSONEncoder.KeyEncodingStrategy) {
        for formatting in Self.formattings {
            var options = formatting
            options.keys = strategy
            options.name += "+" + name
            expectSameEncoding(DuplicateKeys.TwoKeysOneName(), options)
        }
    }

    @Test("Keys that never repeat keep the model's order", arguments: [false, true])
    func distinctKeysStayInPlace(pretty: Bool) throws {
        let encoder = SimdJSONEncoder()
        if pretty { encoder.outputFormatting = [.prettyPrinted] }
        let text = try #require(String(data: try encoder.encode(DuplicateKeys.Wide(values: [:])), encoding: .utf8))
        var last = text.startIndex
        for key in DuplicateKeys.WideKeys.allCases where key != .k0 {
            let range = try #require(text.range(of: "\"\(key.stringValue)\"", range: last..<text.endIndex))
            last = range.upperBound
        }
        let subclass = try #require(
            String(data: try encoder.encode(DuplicateKeys.DerivedDistinct()), encoding: .utf8))
        #expect(
            subclass.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
                == #"{"id":1,"name":"base","extra":"derived","more":2}"#)
        // A dictionary's keys are distinct by construction; a thousand of them in one object.
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<1000).map { ("key\($0)", $0) })
        let decoded = try JSONDecoder().decode([String: Int].self, from: try encoder.encode(dictionary))
        #expect(decoded == dictionary)
    }

    @Test("A container of another kind for a key that holds one traps, as in Foundation")
    func otherKindTraps() async {
        await #expect(processExitsWith: .failure) {
            struct ValueThenContainer: Encodable {
                enum Keys: CodingKey { case a }
                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: Keys.self)
                    try container.encode(1, forKey: .a)
                    _ = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
                }
            }
            _ = try? SimdJSONEncoder().encode(ValueThenContainer())
        }
        await #expect(processExitsWith: .failure) {
            struct ObjectThenArray: Encodable {
                enum Keys: CodingKey { case a }
                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: Keys.self)
                    _ = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
                    _ = container.nestedUnkeyedContainer(forKey: .a)
                }
            }
            _ = try? SimdJSONEncoder().encode(ObjectThenArray())
        }
    }
}

/// A coding key made from a string, for custom key strategies.
struct TestKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
