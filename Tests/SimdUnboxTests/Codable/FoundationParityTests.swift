import Foundation
import SimdUnbox
import Testing

// SimdJSONDecoder and SimdJSONEncoder against Foundation's JSONDecoder and JSONEncoder, option by
// option and behaviour by behaviour: each test runs both and compares.

/// Any JSON value, decoded through a single-value container as a model would: equal values
/// decode equal with both decoders.
private indirect enum Free: Decodable, Equatable {
    case null, bool(Bool), integer(Int), double(Double), string(String), array([Free]), object([String: Free])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([Free].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: Free].self))
        }
    }

    /// Equal values; NaN equals NaN (of either sign).
    static func == (left: Free, right: Free) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }
}

private class Person: Codable {
    var name = ""
    init() {}
    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: PersonKeys.self).decode(String.self, forKey: .name)
    }
    private enum PersonKeys: String, CodingKey { case name }
}

private final class Employee: Person {
    var badge = 0
    required init(from decoder: any Decoder) throws {
        badge = try decoder.container(keyedBy: EmployeeKeys.self).decode(Int.self, forKey: .badge)
        try super.init(from: decoder)
    }
    private enum EmployeeKeys: String, CodingKey { case badge }
}

/// Decodes `depth` nested arrays through nested unkeyed containers.
private struct NestedArrays: Decodable {
    var depth = 0
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            container = try container.nestedUnkeyedContainer()
            depth += 1
        }
    }
}

/// Decodes `depth` nested objects `{"a": {"a": ...}}` through nested keyed containers.
private struct NestedObjects: Decodable {
    enum Keys: CodingKey { case a }
    var depth = 0
    init(from decoder: any Decoder) throws {
        var container = try decoder.container(keyedBy: Keys.self)
        while container.contains(.a) {
            container = try container.nestedContainer(keyedBy: Keys.self, forKey: .a)
            depth += 1
        }
    }
}

/// Decodes nested arrays by recursion through single-value containers.
private indirect enum Recursive: Decodable, Equatable {
    case leaf, node([Recursive])
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let array = try container.decode([Recursive].self)
        self = array.isEmpty ? .leaf : .node(array)
    }
}

private struct Formatted: DecodableWithConfiguration, EncodableWithConfiguration, Equatable {
    var value: Int
    init(value: Int) { self.value = value }
    init(from decoder: any Decoder, configuration: Int) throws {
        value = try decoder.singleValueContainer().decode(Int.self) * configuration
    }
    func encode(to encoder: any Encoder, configuration: Int) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value * configuration)
    }
}

private enum Triple: DecodingConfigurationProviding, EncodingConfigurationProviding {
    static let decodingConfiguration = 3
    static let encodingConfiguration = 3
}

/// A model whose fields take a configuration, through the containers' `configuration:` forms.
private struct Holder: Codable, Equatable {
    var first: Formatted
    var second: Formatted?
    var list: [Formatted]
    enum CodingKeys: CodingKey { case first, second, list }

    init(first: Formatted, second: Formatted?, list: [Formatted]) {
        self.first = first
        self.second = second
        self.list = list
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        first = try container.decode(Formatted.self, forKey: .first, configuration: Triple.self)
        second = try container.decodeIfPresent(Formatted.self, forKey: .second, configuration: 2)
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        var values: [Formatted] = []
        while !list.isAtEnd { values.append(try list.decode(Formatted.self, configuration: 10)) }
        self.list = values
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(first, forKey: .first, configuration: Triple.self)
        try container.encodeIfPresent(second, forKey: .second, configuration: 2)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        for value in self.list { try list.encode(value, configuration: 10) }
    }
}

/// Whether both outcomes failed, or both succeeded with equal values.
private func same<T: Equatable>(_ foundation: Result<T, any Error>, _ simd: Result<T, any Error>) -> Bool {
    switch (foundation, simd) {
    case (.success(let expected), .success(let actual)): expected == actual
    case (.failure, .failure): true
    default: false
    }
}

private func describe<T>(_ result: Result<T, any Error>) -> String {
    switch result {
    case .success(let value): "success \(value)"
    case .failure(let error): "failure \(error)"
    }
}

@Suite("Foundation parity: SimdJSONDecoder and SimdJSONEncoder option by option")
struct FoundationParityTests {
    // MARK: The root's dynamic type

    @Test("A class is decoded as its dynamic type, at the root and in containers")
    func dynamicType() throws {
        let json = Data(#"{"name": "Ada", "badge": 7}"#.utf8)
        let type: Person.Type = Employee.self
        let expected = try #require(try JSONDecoder().decode(type, from: json) as? Employee)
        let actual = try #require(try SimdJSONDecoder().decode(type, from: json) as? Employee)
        #expect(actual.badge == expected.badge && actual.name == expected.name)
        #expect(try SimdJSONDecoder().decode(type, from: String(decoding: json, as: UTF8.self)) is Employee)
        #expect(try SimdJSONDecoder().decode(type, from: [UInt8](json)) is Employee)

        struct Staff: Decodable {
            var lead: Person
            var members: [Person]
            enum CodingKeys: CodingKey { case lead, members }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let type: Person.Type = Employee.self
                lead = try container.decode(type, forKey: .lead)
                var members = try container.nestedUnkeyedContainer(forKey: .members)
                var all: [Person] = []
                while !members.isAtEnd { all.append(try members.decode(type)) }
                self.members = all
            }
        }
        let staffJSON = Data(#"{"lead": {"name": "A", "badge": 1}, "members": [{"name": "B", "badge": 2}]}"#.utf8)
        let foundationStaff = try JSONDecoder().decode(Staff.self, from: staffJSON)
        let staff = try SimdJSONDecoder().decode(Staff.self, from: staffJSON)
        #expect((staff.lead as? Employee)?.badge == (foundationStaff.lead as? Employee)?.badge)
        #expect((staff.members.first as? Employee)?.badge == 2)
    }

    // MARK: Encodings

    /// `{"a":1}` in every encoding, with and without each byte order mark, and the byte patterns
    /// near Foundation's rules.
    static let encodedInputs: [(name: String, bytes: [UInt8])] = {
        let text = #"{"a":1}"#
        func units(_ encoding: String.Encoding) -> [UInt8] { [UInt8](text.data(using: encoding) ?? Data()) }
        var inputs: [(String, [UInt8])] = [
            ("utf8", Array(text.utf8)),
            ("utf8 bom", [0xEF, 0xBB, 0xBF] + Array(text.utf8)),
            ("utf16be", units(.utf16BigEndian)),
            ("utf16le", units(.utf16LittleEndian)),
            ("utf32be", units(.utf32BigEndian)),
            ("utf32le", units(.utf32LittleEndian)),
            ("utf16be bom", [0xFE, 0xFF] + units(.utf16BigEndian)),
            ("utf16le bom", [0xFF, 0xFE] + units(.utf16LittleEndian)),
            ("utf32be bom", [0, 0, 0xFE, 0xFF] + units(.utf32BigEndian)),
            ("FE FF 00 00 then utf32le", [0xFE, 0xFF, 0, 0] + units(.utf32LittleEndian)),
            ("FF FE 00 00 then utf32le", [0xFF, 0xFE, 0, 0] + units(.utf32LittleEndian)),
            ("FE FF then utf32le", [0xFE, 0xFF] + units(.utf32LittleEndian)),
            ("number utf16be", [0, 0x37]),
            ("number utf16le", [0x37, 0]),
            ("number utf32le", [0x37, 0, 0, 0]),
            ("three bytes", [0, 0x37, 0x37]),
            ("zeros", [0, 0, 0, 0]),
            ("odd utf16le", units(.utf16LittleEndian) + [0x20]),
        ]
        inputs.append(("utf16le lone surrogate", [0x22, 0, 0x00, 0xD8, 0x22, 0]))
        return inputs
    }()

    @Test("Byte order marks and encodings are detected by Foundation's rules", arguments: encodedInputs)
    func encodings(input: (name: String, bytes: [UInt8])) {
        let data = Data(input.bytes)
        for decodeFree in [true, false] {
            if decodeFree {
                let expected = Result { try JSONDecoder().decode(Free.self, from: data) }
                let actual = Result { try SimdJSONDecoder().decode(Free.self, from: data) }
                #expect(same(expected, actual), "\(input.name): \(describe(expected)) vs \(describe(actual))")
            } else {
                let expected = Result { try JSONDecoder().decode([String: Int].self, from: data) }
                let actual = Result { try SimdJSONDecoder().decode([String: Int].self, from: data) }
                #expect(same(expected, actual), "\(input.name): \(describe(expected)) vs \(describe(actual))")
            }
        }
    }

    // MARK: Depth

    @Test("Nesting stops at 512, as in Foundation", arguments: [511, 512, 513])
    func depth(levels: Int) {
        let arrays = Data((String(repeating: "[", count: levels) + String(repeating: "]", count: levels)).utf8)
        let objects = Data(
            (String(repeating: #"{"a":"#, count: levels - 1) + "{}" + String(repeating: "}", count: levels - 1))
                .utf8)
        func compare<T: Decodable>(_: T.Type, _ data: Data, _ what: String) {
            let expected = Result { try JSONDecoder().decode(T.self, from: data) }
            let actual = Result { try SimdJSONDecoder().decode(T.self, from: data) }
            let agree: Bool
            switch (expected, actual) {
            case (.success, .success), (.failure, .failure): agree = true
            default: agree = false
            }
            #expect(agree, "\(what) \(levels): \(describe(expected)) vs \(describe(actual))")
        }
        compare(NestedArrays.self, arrays, "unkeyed")
        compare(Recursive.self, arrays, "single value")
        compare(NestedObjects.self, objects, "keyed")
        compare(Free.self, arrays, "free arrays")
        compare(Free.self, objects, "free objects")
    }

    // MARK: Snake case

    static let snakeCaseKeys: [String] = {
        var keys = [
            "myE\u{301}cole", "myÉcole", "myURLProperty", "oneTwoThree", "_leading", "__private", "aB", "ABC",
            "aBC", "aBc", "URLs", "myURL", "a", "", "é", "É", "naïveTest", "theΣigma", "ǅemal", "ǅa", "aǅb",
            "xǅ", "oneΣΣ", "straße", "groẞeStraße", "has2Numbers3X", "with_underscoreAndCaps", "emoji🙂Key",
            "emoji🙂", "🙂Start", "aE\u{301}\u{302}B", "E\u{301}Start", "ÀÉÎõü", "ΑβΓδ", "ДомИк", "aАБв",
            "ﬁLigature", "aᾈb", "MixedCASEWords", "trailingCAPS", "k\u{0345}Iota", "a\u{200D}B", "ａＢｃ",
        ]
        // Combinations of cases, marks and scripts.
        let pieces = ["a", "B", "Cd", "EF", "g\u{301}", "H\u{301}", "\u{301}", "É", "ß", "Σ", "ǅ", "1", "_"]
        for first in pieces {
            for second in pieces {
                for third in ["", "x", "Y", "\u{308}", "ZZ"] { keys.append(first + second + third) }
            }
        }
        return keys
    }()

    @Test("convertToSnakeCase writes every key as Foundation does")
    func snakeCase() throws {
        struct Keyed: Encodable {
            let keys: [String]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: TestKey.self)
                for (index, key) in keys.enumerated() { try container.encode(index, forKey: TestKey(key)) }
            }
        }
        for key in Self.snakeCaseKeys {
            let foundation = JSONEncoder()
            foundation.keyEncodingStrategy = .convertToSnakeCase
            foundation.outputFormatting = [.sortedKeys]
            let simd = SimdJSONEncoder()
            simd.keyEncodingStrategy = .convertToSnakeCase
            simd.outputFormatting = [.sortedKeys]
            let expected = try foundation.encode(Keyed(keys: [key]))
            let actual = try simd.encode(Keyed(keys: [key]))
            #expect(
                actual == expected,
                "\(key.unicodeScalars.map { String($0.value, radix: 16) }): \(String(decoding: expected, as: UTF8.self)) vs \(String(decoding: actual, as: UTF8.self))"
            )
        }
    }

    // MARK: JSON5

    static let json5Documents: [String] = [
        #"{"a": 1}"#,
        #"{a: 1, b: 'two', c: [1, 2, 3,], }"#,
        "// comment\n{/* inner */ \"a\" : 1 // end\n}",
        #"{hex: 0x1F, neg: -0x10, plus: +1, lead: .5, trail: 5., exp: 1.e3, minusLead: -.25}"#,
        #"{'single': 'it\'s', "double": "say \"hi\"", mixed: 'a "b" c'}"#,
        "{esc: '\\x41\\u0042', nl: 'line\\\nnext', crlf: 'a\\\r\nb'}",
        #"{$dollar: 1, _under: 2, ünï: 3, a1: 4}"#,
        #"[1, 2, 3,]"#,
        #"'top'"#,
        "{a: 1,,}",
        "{a: }",
        "[1 2]",
        "{a: 1} trailing",
        "/* unterminated",
        "{a: 0x}",
        #"{"nested": {deep: [{x: 1,}, ],},}"#,
        "{a: Infinity, b: -Infinity, c: +Infinity, d: NaN, e: -NaN}",
        "[Infinity, 'Infinity', NaN]",
        "{a: Infinit}",
        "  \n\t[ ]  ",
        "{a: .}",
        "{a: 1.2.3}",
        "{1a: 2}",
    ]

    @Test("allowsJSON5 reads JSON5 as Foundation does", arguments: json5Documents)
    func json5(document: String) {
        let data = Data(document.utf8)
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        let simd = SimdJSONDecoder()
        simd.allowsJSON5 = true
        let expected = Result { try foundation.decode(Free.self, from: data) }
        let actual = Result { try simd.decode(Free.self, from: data) }
        #expect(same(expected, actual), "\(document): \(describe(expected)) vs \(describe(actual))")
        // Without the option, JSON5 is refused by both.
        let plain = Result { try SimdJSONDecoder().decode(Free.self, from: data) }
        let plainFoundation = Result { try JSONDecoder().decode(Free.self, from: data) }
        if !document.contains(",]") && !document.contains(",}") && !document.contains(", ]")
            && !document.contains(", }")
        {
            #expect(same(plainFoundation, plain), "\(document) without JSON5")
        }
    }

    @Test("JSON5's Infinity and NaN, under each non-conforming float strategy")
    func json5NonConforming() throws {
        struct Floats: Decodable, Equatable {
            var a: Double
            var b: Float
            var c: Double
            var text: String
        }
        let data = Data("{a: Infinity, b: -Infinity, c: NaN, text: 'inf'}".utf8)
        let strategies: [JSONDecoder.NonConformingFloatDecodingStrategy] = [
            .throw, .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"),
        ]
        for strategy in strategies {
            let foundation = JSONDecoder()
            foundation.allowsJSON5 = true
            foundation.nonConformingFloatDecodingStrategy = strategy
            let simd = SimdJSONDecoder()
            simd.allowsJSON5 = true
            simd.nonConformingFloatDecodingStrategy = strategy
            let expected = try foundation.decode(Floats.self, from: data)
            let actual = try simd.decode(Floats.self, from: data)
            #expect(actual.a == expected.a && actual.b == expected.b && actual.text == expected.text)
            #expect(actual.c.isNaN && expected.c.isNaN)
        }
    }

    static let bracelessDocuments: [String] = [
        #""a": 1, "b": [1, 2]"#,
        #"{"a": 1}"#,
        #"  {"a": 1}  "#,
        "",
        "  ",
        #""a": 1,"#,
        #""a": 1}"#,
        #""a" 1"#,
        #"[1]"#,
    ]

    @Test("assumesTopLevelDictionary, with and without JSON5", arguments: bracelessDocuments)
    func topLevelDictionary(document: String) {
        for json5 in [false, true] {
            let data = Data(document.utf8)
            let foundation = JSONDecoder()
            foundation.assumesTopLevelDictionary = true
            foundation.allowsJSON5 = json5
            let simd = SimdJSONDecoder()
            simd.assumesTopLevelDictionary = true
            simd.allowsJSON5 = json5
            #expect(simd.assumesTopLevelDictionary && simd.allowsJSON5 == json5)
            let expected = Result { try foundation.decode(Free.self, from: data) }
            let actual = Result { try simd.decode(Free.self, from: data) }
            #expect(same(expected, actual), "\(document) json5 \(json5): \(describe(expected)) vs \(describe(actual))")
        }
        let json5Braceless = Data("a: 1, b: 'x', // c\n".utf8)
        let foundation = JSONDecoder()
        foundation.assumesTopLevelDictionary = true
        foundation.allowsJSON5 = true
        let simd = SimdJSONDecoder()
        simd.assumesTopLevelDictionary = true
        simd.allowsJSON5 = true
        #expect(
            same(
                Result { try foundation.decode(Free.self, from: json5Braceless) },
                Result { try simd.decode(Free.self, from: json5Braceless) }))
    }

    @Test("The options' defaults, and assumesTopLevelDictionary kept in userInfo as Foundation keeps it")
    func optionDefaults() throws {
        let foundation = JSONDecoder()
        let simd = SimdJSONDecoder()
        #expect(simd.allowsJSON5 == foundation.allowsJSON5)
        #expect(simd.assumesTopLevelDictionary == foundation.assumesTopLevelDictionary)
        foundation.assumesTopLevelDictionary = true
        simd.assumesTopLevelDictionary = true
        #expect(Set(simd.userInfo.keys) == Set(foundation.userInfo.keys))
        simd.userInfo = [:]
        #expect(!simd.assumesTopLevelDictionary)
    }

    // MARK: Configurations

    @Test("decode(_:from:configuration:) and encode(_:configuration:), and the containers' forms")
    func configurations() throws {
        let number = Data("7".utf8)
        #expect(
            try SimdJSONDecoder().decode(Formatted.self, from: number, configuration: 2)
                == JSONDecoder().decode(Formatted.self, from: number, configuration: 2))
        #expect(
            try SimdJSONDecoder().decode(Formatted.self, from: number, configuration: Triple.self)
                == JSONDecoder().decode(Formatted.self, from: number, configuration: Triple.self))
        let value = Formatted(value: 5)
        #expect(try SimdJSONEncoder().encode(value, configuration: 2) == JSONEncoder().encode(value, configuration: 2))
        #expect(
            try SimdJSONEncoder().encode(value, configuration: Triple.self)
                == JSONEncoder().encode(value, configuration: Triple.self))

        let holderJSON = Data(#"{"first": 1, "second": 2, "list": [1, 2]}"#.utf8)
        let holder = try SimdJSONDecoder().decode(Holder.self, from: holderJSON)
        #expect(holder == (try JSONDecoder().decode(Holder.self, from: holderJSON)))
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        let simd = SimdJSONEncoder()
        simd.outputFormatting = [.sortedKeys]
        #expect(try simd.encode(holder) == foundation.encode(holder))
    }
}
