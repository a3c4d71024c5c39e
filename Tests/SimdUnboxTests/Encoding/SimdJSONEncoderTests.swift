import Foundation
import SimdUnbox
import Testing

/// `SimdJSONEncoder` against Foundation's `JSONEncoder`: the same bytes under `.sortedKeys`, the
/// same errors.
@Suite("SimdJSONEncoder differential")
struct SimdJSONEncoderDifferentialTests {

    @Test(arguments: EncodingOptions.sortedFormattings)
    func integersAtTheirEdges(options: EncodingOptions) {
        expectSameEncoding(EncodingFixtures.Integers.min, options)
        expectSameEncoding(EncodingFixtures.Integers.max, options)
        expectSameEncoding(EncodingFixtures.Integers.small, options)
        expectSameEncoding([Int.min, -1, 0, 1, 9, 10, 99, 100, 999_999_999_999, Int.max], options)
        expectSameEncoding([UInt64.max, 10_000_000_000_000_000_000, 9_999_999_999_999_999_999], options)
        expectSameEncoding([Int8.min, Int8.max], options)
        expectSameEncoding([UInt8.max], options)
        expectSameEncoding(Int64.min, options)
    }

    @Test(arguments: EncodingOptions.sortedFormattings)
    func wideIntegers(options: EncodingOptions) {
        expectSameEncoding(EncodingFixtures.Wide(i: .min, u: .max), options)
        expectSameEncoding(EncodingFixtures.Wide(i: .max, u: 0), options)
        expectSameEncoding([Int128.min, -1, 0, Int128(Int64.max) + 1], options)
        expectSameEncoding([UInt128.max, 1 << 64], options)
    }

    static let doubles: [Double] =
        [
            0, -0.0, 1, -1, 0.1, 0.2, 1.5, 1e-7, 1e-5, 1e-4, 0.0001, 2.5e-6, 1e15, 1e16, 1e17, 1e21, 1e22, 12345.678,
            .pi, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude,
            9007199254740992, 1 / 3, 100, 1e100,
        ]
        // Texts the compiler would warn about as literals (rounded, subnormal).
        + [
            "123456789012345678", "-65.619720000000029", "2.2250738585072009e-308", "4.9406564584124654e-324",
            "9007199254740993", "5e-324",
        ].compactMap { Double($0) }

    static let floats: [Float] = [
        0, -0.0, 1, 0.1, 1e-7, 1e16, 3.4028235e38, .leastNonzeroMagnitude, .leastNormalMagnitude, 16_777_216, 1 / 3,
    ]

    @Test(arguments: EncodingOptions.sortedFormattings)
    func floatingPoint(options: EncodingOptions) {
        expectSameEncoding(Self.doubles, options)
        expectSameEncoding(Self.floats, options)
        for double in Self.doubles { expectSameEncoding(double, options) }
        for float in Self.floats { expectSameEncoding(float, options) }
        expectSameEncoding(EncodingFixtures.Floats(d: -0.0, f: 1e-7), options)
        expectSameEncoding(["a": Self.doubles], options)
        expectSameEncoding(Float16(0.5), options)
    }

    /// Doubles with few decimals (the encoder's short path) and their neighbours, in every
    /// magnitude around the path's bounds, written as `JSONEncoder` writes them.
    @Test func shortDecimals() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        var values: [Double] = [
            1e-4, 1.5e-4, 9.9e-5, 0.00015, 0.0001, 0.00011, 1e11, 99_999_999_999.9999, 99_999_999_999.999,
            1e11 - 0.0001, 123_456.7891, 0.1, 0.2, 0.3, 1.005, 2.675, 0.015, 1e10 + 0.5, 4_503_599_627_370_495.5,
        ]
        for _ in 0..<20_000 {
            let decimals = Int(next() % 7)
            let digits = Int(next() % 16) + 1
            var units: UInt64 = 1
            for _ in 0..<digits { units = units &* 10 }
            let mantissa = Double(next() % units)
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let value = (next() & 1 == 0 ? 1 : -1) * mantissa / scale
            values += [value, value.nextUp, value.nextDown]
        }
        expectSameEncoding(values, .sorted)
    }

    static let nonConformingOptions: [EncodingOptions] = [
        EncodingOptions(name: "throw"),
        EncodingOptions(
            name: "convertToString",
            floats: .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "n/a \"quoted\"")),
    ]

    @Test(arguments: nonConformingOptions)
    func infinitiesAndNaN(options: EncodingOptions) {
        for value in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            expectSameEncoding(value, options)
            expectSameEncoding([1, value], options)
            expectSameEncoding(["key": [value]], options)
            expectSameEncoding(EncodingFixtures.Floats(d: value, f: 1), options)
            expectSameEncoding(EncodingFixtures.Floats(d: 1, f: Float(value)), options)
            expectSameEncoding([[EncodingFixtures.Floats(d: 1, f: Float(value))]], options)
            expectSameEncoding(ContiguousArray([value]), options)
            expectSameEncoding(Optional(value), options)
        }
        expectSameEncoding([Float.infinity], options)
        expectSameEncoding(EncodingFixtures.CatchesErrors(), options)
    }

    @Test(arguments: EncodingOptions.sortedFormattings)
    func strings(options: EncodingOptions) {
        var controls = ""
        for byte in 0..<0x80 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(byte))) }
        let samples = [
            "", "plain", controls, "é", "日本語", "😀👩‍👩‍👧", "\u{2028}\u{2029}", "a/b//c", "\\\"", "\u{7F}\u{80}\u{FEFF}",
            "https://example.com/path?query=1", String(repeating: "long text without escapes ", count: 40),
            String(repeating: "ab\"", count: 30), "\t\n\r\u{08}\u{0C}\u{1F}",
        ]
        for sample in samples {
            expectSameEncoding(sample, options)
            expectSameEncoding(
                EncodingFixtures.Strings(text: sample, list: [sample, "x"], dictionary: [sample: sample]), options)
        }
        expectSameEncoding(samples, options)
    }

    /// Every length up to 40, and lengths around two to four sixteen-byte blocks, with one
    /// character to escape at every position (and none): the scan that looks at words, the last
    /// overlapping word and the four-byte halves of short text, and the shim's sixteen-byte scan
    /// of long text with its overlapping last block.
    @Test(arguments: EncodingOptions.sortedFormattings)
    func escapesAtEveryPositionAndLength(options: EncodingOptions) {
        var samples: [String] = []
        for length in Array(0...40) + [47, 48, 49, 63, 64, 65, 71] {
            let plain = String(repeating: "x", count: length)
            samples.append(plain)
            for position in 0..<length {
                for special in ["\"", "\\", "/", "\n", "\u{1}", "é"] {
                    var characters = Array(plain)
                    characters[position] = Character(special)
                    samples.append(String(characters))
                }
            }
        }
        expectSameEncoding(samples, options)
        expectSameEncoding(Dictionary(uniqueKeysWithValues: samples.map { ($0, 0) }), options)
    }

    /// Keys that share their first eight bytes, or are prefixes of one another: the order past the
    /// prefix integers the sort compares first.
    @Test(arguments: EncodingOptions.sortedFormattings)
    func keysSharingLongPrefixes(options: EncodingOptions) {
        let keys = [
            "abcdefgh", "abcdefg", "abcdefghi", "abcdefgha", "abcdefgh0", "abcdefghij", "abcdefgz", "abcdefghZ",
            "abcdefgh\"", "abcdefgh/", "abcdefgh\u{1}", "abcdefghé", "abcdefgé", "a", "", "abcdefghijklmnopqrstu",
            "abcdefghijklmnopqrst", "abcdefghijklmnopqrsu",
        ]
        expectSameEncoding(Dictionary(uniqueKeysWithValues: keys.map { ($0, $0) }), options)
        expectSameEncoding(Dictionary(uniqueKeysWithValues: keys.reversed().map { ($0, [$0: 1]) }), options)
    }

    @Test(arguments: EncodingOptions.sortedFormattings)
    func keysSortLikeFoundation(options: EncodingOptions) {
        let keys = ["b", "a", "B", "A", "aa", "", "a\"", "a#", "a\u{1}", "a/", "a0", "é", "z", "Z", "_", "a\\", "ab"]
        expectSameEncoding(Dictionary(uniqueKeysWithValues: keys.map { ($0, $0) }), options)
        expectSameEncoding(["outer": Dictionary(uniqueKeysWithValues: keys.map { ($0, [$0: 1]) })], options)
        expectSameEncoding(EncodingFixtures.Duplicate(), options)
    }

    @Test(arguments: EncodingOptions.sortedFormattings)
    func optionals(options: EncodingOptions) {
        expectSameEncoding(
            EncodingFixtures.Optionals(a: nil, b: nil, c: [nil, 1, nil], d: nil, e: ["x": nil, "y": 1]), options)
        expectSameEncoding(
            EncodingFixtures.Optionals(a: 1, b: "b", c: [], d: EncodingFixtures.Pair(a: 1, b: ""), e: [:]), options)
        expectSameEncoding([Int?.none, 1], options)
        expectSameEncoding(Int?.none, options)
        expectSameEncoding([[String?]]([[nil], []]), options)
    }

    @Test(arguments: EncodingOptions.sortedFormattings)
    func containers(options: EncodingOptions) {
        expectSameEncoding([Int](), options)
        expectSameEncoding([String: Int](), options)
        expectSameEncoding([[Int]](), options)
        expectSameEncoding([[[Int]]]([[], [[]], [[1]]]), options)
        expectSameEncoding(["a": [String: [String: Int]](), "b": ["c": [:]]], options)
        expectSameEncoding(EncodingFixtures.Manual(), options)
        expectSameEncoding(EncodingFixtures.Derived(), options)
        expectSameEncoding([EncodingFixtures.Nothing()], options)
        expectSameEncoding(["a": EncodingFixtures.Nothing()], options)
        expectSameEncoding(EncodingFixtures.Deep(depth: 100), options)
    }

    @Test(arguments: EncodingOptions.sortedFormattings)
    func dictionaries(options: EncodingOptions) {
        let value = EncodingFixtures.Dictionaries(
            strings: ["b": 1, "a": 2], ints: [1: "one", -2: "minus two", 10: "ten"], colors: [.red: 1, .darkBlue: 2],
            plains: [.one: 1, .twoThree: 2], doubles: [1.5: 1], nested: ["x": ["y": [1, 2]]])
        expectSameEncoding(value, options)
        var snake = options
        snake.keys = .convertToSnakeCase
        expectSameEncoding(value, snake)
    }

    @Test func interleavedContainersFallBackToFoundation() {
        expectSameEncoding(EncodingFixtures.Interleaved())
        expectSameEncoding(["x": EncodingFixtures.Interleaved()])
        expectSameEncoding(EncodingFixtures.KeepsContainers())
        expectSameEncoding([EncodingFixtures.KeepsContainers(), EncodingFixtures.KeepsContainers()])
    }

    @Test func keysFromTheTableOfKeysFollowTheOptions() throws {
        let encoder = SimdJSONEncoder()
        let models = Array(repeating: EncodingFixtures.OddKeys(), count: 3)
        func lines(_ model: String) -> String { "[" + Array(repeating: model, count: 3).joined(separator: ",") + "]" }
        let escaped = #"{"plain":1,"a\/b":2,"q\"":3,"ünï":4,"a_key_longer_than_thirty_one_bytes":5}"#
        #expect(String(decoding: try encoder.encode(models), as: UTF8.self) == lines(escaped))
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let unescaped = #"{"plain":1,"a/b":2,"q\"":3,"ünï":4,"a_key_longer_than_thirty_one_bytes":5}"#
        #expect(String(decoding: try encoder.encode(models), as: UTF8.self) == lines(unescaped))
        encoder.outputFormatting = [.sortedKeys]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        #expect(
            String(decoding: try encoder.encode(models), as: UTF8.self)
                == String(decoding: try foundation.encode(models), as: UTF8.self))
        encoder.outputFormatting = []
        #expect(String(decoding: try encoder.encode(models), as: UTF8.self) == lines(escaped))
    }

    @Test func errorsMatchFoundation() {
        expectSameEncoding(EncodingFixtures.Nothing())
        expectSameEncoding(EncodingFixtures.Deep(depth: 511))
        expectSameEncoding(EncodingFixtures.Deep(depth: 512))
        expectSameEncoding(EncodingFixtures.Deep(depth: 600))
        expectSameEncoding(["a": [EncodingFixtures.Floats(d: .nan, f: 0)]])
    }

    static let dateStrategyOptions: [EncodingOptions] = [
        EncodingOptions(name: "deferredToDate"),
        EncodingOptions(name: "secondsSince1970", dates: .secondsSince1970),
        EncodingOptions(name: "millisecondsSince1970", dates: .millisecondsSince1970),
        EncodingOptions(name: "iso8601", dates: .iso8601),
        EncodingOptions(name: "formatted", dates: .formatted(Self.formatter)),
        EncodingOptions(
            name: "custom",
            dates: .custom { date, encoder in
                var container = encoder.unkeyedContainer()
                try container.encode(date.timeIntervalSince1970)
                try container.encode("x")
            }),
        EncodingOptions(name: "custom nothing", dates: .custom { _, _ in }),
        EncodingOptions(
            name: "custom throws",
            dates: .custom { _, encoder in
                throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "no"))
            }),
    ]

    static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }()

    @Test(arguments: dateStrategyOptions)
    func dates(options: EncodingOptions) {
        let dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_700_000_000.25),
            Date(timeIntervalSinceReferenceDate: -1.5),
            Date.distantFuture,
        ]
        for date in dates {
            expectSameEncoding(date, options)
            expectSameEncoding(["d": date], options)
            expectSameEncoding(
                EncodingFixtures.Specials(
                    url: URL(fileURLWithPath: "/tmp/a b"), decimal: 1, date: date, data: Data(), dates: [date, date],
                    optionalDate: date), options)
        }
        for broken in [Double.nan, .infinity] {
            expectSameEncoding(["d": Date(timeIntervalSince1970: broken)], options)
            expectSameEncoding(Date(timeIntervalSinceReferenceDate: broken), options)
        }
    }

    static let dataStrategyOptions: [EncodingOptions] = [
        EncodingOptions(name: "base64"),
        EncodingOptions(name: "deferredToData", data: .deferredToData),
        EncodingOptions(name: "base64 pretty", formatting: [.sortedKeys, .prettyPrinted]),
        EncodingOptions(
            name: "deferredToData pretty", formatting: [.sortedKeys, .prettyPrinted], data: .deferredToData),
        EncodingOptions(
            name: "custom",
            data: .custom { data, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(data.count)
            }),
        EncodingOptions(name: "custom nothing", data: .custom { _, _ in }),
    ]

    @Test(arguments: dataStrategyOptions)
    func data(options: EncodingOptions) {
        for data in [Data(), Data([0]), Data([0xFB, 0xFF, 0xFE]), Data((0..<300).map { UInt8($0 & 0xFF) })] {
            expectSameEncoding(data, options)
            expectSameEncoding(["d": data], options)
            expectSameEncoding([data], options)
        }
    }

    @Test(arguments: EncodingOptions.sortedFormattings)
    func specialTypes(options: EncodingOptions) {
        let decimals = ["0", "-0.000001", "3.14159265358979323846264338327950288", "1e30", "-12345678901234567890"]
        for text in decimals {
            expectSameEncoding(Decimal(string: text) ?? 0, options)
        }
        let urls = ["https://example.com/a?b=c&d=e#f", "relative/path", "file:///tmp/x%20y"]
        for text in urls {
            if let url = URL(string: text) { expectSameEncoding(["u": url], options) }
        }
        if let base = URL(string: "https://example.com/a/"), let url = URL(string: "b/c", relativeTo: base) {
            expectSameEncoding(url, options)
        }
    }

    static let keyStrategyOptions: [EncodingOptions] = [
        EncodingOptions(name: "default"),
        EncodingOptions(name: "snake", keys: .convertToSnakeCase),
        EncodingOptions(name: "snake pretty", formatting: [.sortedKeys, .prettyPrinted], keys: .convertToSnakeCase),
        EncodingOptions(
            name: "custom",
            keys: .custom { path in PathKey(name: "<" + (path.last?.stringValue ?? "?") + ">") }),
    ]

    /// A custom strategy given the whole path. (Foundation's paths lose components in some
    /// nestings, for example under an array's `superEncoder`, so it runs on simple models only.)
    static let fullPathKeys = EncodingOptions(
        name: "custom path",
        keys: .custom { path in
            let names = path.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return PathKey(name: names.joined(separator: "."))
        })

    struct PathKey: CodingKey {
        var stringValue: String
        init(name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    @Test(arguments: keyStrategyOptions)
    func keyStrategies(options: EncodingOptions) {
        let model = EncodingFixtures.SnakeModel(
            fooBar: 1, myURLProperty: 2, aURL: 3, _leading: 4, trailing_: 5, already_snake: 6, ÉtéFooBar: 7,
            dictionary: ["camelCase": 1, "Upper": 2], nested: EncodingFixtures.Pair(a: 1, b: "b"))
        expectSameEncoding(model, options)
        expectSameEncoding([model], options)
        expectSameEncoding(model, Self.fullPathKeys)
        expectSameEncoding(["x": [model]], Self.fullPathKeys)
        expectSameEncoding(EncodingFixtures.Manual(), options)
        expectSameEncoding(EncodingFixtures.Derived(), options)
    }

    @Test(arguments: [
        "", "a", "A", "ab", "aB", "AB", "ABc", "aBC", "myURLProperty", "URLProperty", "oneTwoThree", "_oneTwoThree_",
        "__a", "a_b", "a1B2", "ÉtéFooBar", "straßeGroß", "ǅemal", "x𝐀y", "someKEY", "HTTPSConnection", "id", "ID",
        "aaBBccDD", "a B", "αΒγ",
    ])
    func snakeCaseConversionMatchesFoundation(key: String) throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let simd = SimdJSONEncoder()
        simd.keyEncodingStrategy = .convertToSnakeCase
        let model = KeyedBy(key: key)
        #expect(try simd.encode(model) == encoder.encode(model))
    }

    /// A model with one field named `key`.
    struct KeyedBy: Encodable {
        var key: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: PathKey.self)
            try container.encode(1, forKey: PathKey(name: key))
        }
    }

    @Test func unsortedOutputFollowsTheModelAndParsesTheSame() throws {
        let options = EncodingOptions(name: "unsorted", formatting: [])
        expectSameEncoding(
            EncodingFixtures.Dictionaries(
                strings: ["b": 1, "a": 2], ints: [1: "one"], colors: [.red: 1], plains: [.one: 1], doubles: [1.5: 1],
                nested: ["x": ["y": [1]]]), options)
        expectSameEncoding(EncodingFixtures.Manual(), options)
        expectSameEncoding(
            EncodingFixtures.Manual(), EncodingOptions(name: "unsorted pretty", formatting: [.prettyPrinted]))
        let data = try SimdJSONEncoder().encode(EncodingFixtures.Pair(a: 1, b: "x"))
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":1,"b":"x"}"#)
    }

    @Test func userInfoReachesTheModel() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "version"))
        struct Versioned: Encodable {
            let key: CodingUserInfoKey
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[key] as? Int ?? -1)
            }
        }
        let encoder = SimdJSONEncoder()
        encoder.userInfo[key] = 7
        #expect(try encoder.encode(Versioned(key: key)) == Data("7".utf8))
    }

    @Test func codingPathsSeenByModels() throws {
        struct Recorder: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(
                    encoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ","))
            }
        }
        // Foundation's own paths are right for one branch, but lose components when its shared
        // encoders are reused across siblings ("c,d" for the second here): ours are checked
        // against the true paths.
        expectSameEncoding(["a": [["b": Recorder()]]])
        expectSameEncoding([EncodingFixtures.Pair(a: 1, b: "x")].map { _ in ["k": [Recorder(), Recorder()]] })
        let data = try SimdJSONEncoder.sorted.encode(["a": [["b": Recorder()]], "c": [["d": Recorder()]]])
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":[{"b":"a,[0],b"}],"c":[{"d":"c,[0],d"}]}"#)
    }

    @Test func oneEncoderSharedAcrossTasks() async throws {
        let encoder = SimdJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = try JSONEncoder.sorted.encode(EncodingFixtures.Integers.max)
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var last = Data()
                    for _ in 0..<200 { last = try encoder.encode(EncodingFixtures.Integers.max) }
                    return last
                }
            }
            for try await data in group { #expect(data == expected) }
        }
    }
}

extension SimdJSONEncoder {
    /// A `SimdJSONEncoder` with `.sortedKeys`.
    static var sorted: SimdJSONEncoder {
        let encoder = SimdJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}

extension JSONEncoder {
    /// A `JSONEncoder` with `.sortedKeys`.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
