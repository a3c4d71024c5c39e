import Foundation
import Testing

@testable import SimdUnbox

/// `convertFromSnakeCase` against Foundation's `JSONDecoder`: the conversion of odd keys, which of
/// several keys converting to the same name wins, and the cache of converted keys staying bounded.
@Suite("convertFromSnakeCase matches JSONDecoder")
struct SnakeCaseKeyTests {
    /// Any key, by name.
    struct AnyKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// Every field of an object, by converted name (through `allKeys`).
    struct Fields: Decodable, Equatable {
        var values: [String: Int]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            values = [:]
            for key in container.allKeys { values[key.stringValue] = try container.decode(Int.self, forKey: key) }
        }
    }

    /// Reads the names given in `userInfo[.names]`, in that order, each with `contains`, `decodeNil`
    /// and `decodeIfPresent`.
    struct Lookups: Decodable, Equatable {
        var found: [String]
        init(from decoder: any Decoder) throws {
            let names = decoder.userInfo.first { $0.key.rawValue == "names" }?.value as? [String] ?? []
            let container = try decoder.container(keyedBy: AnyKey.self)
            found = []
            for name in names {
                let key = AnyKey(stringValue: name)
                let present = container.contains(key)
                let isNull = present ? try container.decodeNil(forKey: key) : true
                let value = try container.decodeIfPresent(Int.self, forKey: key)
                found.append("\(name)=\(present)/\(isNull)/\(value.map(String.init) ?? "nil")")
            }
        }
    }

    static let edgeKeys = [
        "_leading", "trailing_", "__double__", "a__b", "ALL_CAPS", "mixed_Case", "with_1_digit", "unicode_ключ",
        "", "_", "___", "already_camelCase", "a_b_c_d", "x", "one_two_", "_one_two", "ǆ_ǆ", "straße_maß",
        "i_İ", "ab_1c_2D", "na\\u006de_x", "emoji_😀_key", "tab\\tkey_x", "quote\\\"_key", "back\\\\slash_k",
    ]

    @Test(arguments: edgeKeys)
    func edgeKey(_ key: String) throws {
        let json = #"{"\#(key)": 1, "other_key": 2}"#
        try expectSame(Fields.self, json)
    }

    @Test func allEdgeKeysInOneObject() throws {
        let fields = Self.edgeKeys.enumerated().map { #""\#($1)": \#($0)"# }.joined(separator: ", ")
        try expectSame(Fields.self, "{\(fields)}")
        try expectSame([Fields].self, "[{\(fields)}, {\(fields)}, {\(fields)}]")
    }

    static let collisions = [
        #"{"a_b": 1, "aB": 2}"#, #"{"aB": 1, "a_b": 2}"#, #"{"A_B": 1, "a_b": 2, "a__b": 3}"#,
        #"{"a_b": 1, "a_b": 2}"#, #"{"x": 0, "a_B": 1, "y": 5, "a_b": 2}"#, #"{"_a_b": 1, "a_b": 2}"#,
        #"{"a\u005fb": 1, "a_b": 2}"#, #"{"a_b": 1, "x": 0, "a_b": 2}"#,
    ]

    @Test(arguments: collisions)
    func collision(_ json: String) throws {
        try expectSame(Fields.self, json)
        try expectSame(Lookups.self, json, names: ["aB", "x", "y", "aB", "_aB", "missing", "aB"])
        try expectSame(Lookups.self, json, names: ["missing", "y", "aB", "x"])
        // Back to a name whose key has a second copy not walked yet.
        try expectSame(Lookups.self, json, names: ["x", "aB", "aB"])
    }

    /// Lookups out of document order, repeated, and of missing names, over several objects with
    /// the same keys (where the cache is warm).
    @Test func outOfOrderLookups() throws {
        let object = #"{"first_name": 1, "last_name": 2, "middle": null, "age_in_years": 3, "z_z": 4}"#
        let json = "[\(object), \(object), {\"last_name\": 5}, {}]"
        for names in [
            ["firstName", "lastName", "middle", "ageInYears", "zZ"], ["zZ", "firstName", "zZ", "lastName"],
            ["nope", "ageInYears", "firstName", "nope", "middle"], ["lastName", "lastName", "first_name"],
        ] {
            try expectSame([Lookups].self, json, names: names)
        }
    }

    /// A model with synthesized keys: values, and the errors (case and coding path) for missing keys
    /// and mismatched values.
    struct Person: Decodable, Equatable {
        var firstName: String
        var lastName: String?
        var ageInYears: Int
        var tags: [String]
        var homeAddress: Address?
        struct Address: Decodable, Equatable { var streetName: String; var zipCode: Int }
    }

    static let people = [
        #"{"first_name": "a", "last_name": "b", "age_in_years": 3, "tags": ["x"], "#
            + #""home_address": {"street_name": "s", "zip_code": 1}}"#,
        #"{"tags": [], "age_in_years": 3, "first_name": "a"}"#,
        #"{"first_name": "a", "firstName": "b", "age_in_years": 3, "tags": []}"#,
        #"{"first_name": "a", "age_in_years": "3", "tags": []}"#,
        #"{"first_name": "a", "age_in_years": 3}"#,
        #"{"first_name": "a", "age_in_years": 3, "tags": [], "home_address": {"street_name": "s"}}"#,
        #"{"first_name": "a", "age_in_years": 3, "tags": [], "home_address": {"streetName": "s", "zip_code": true}}"#,
    ]

    @Test(arguments: people)
    func person(_ json: String) throws {
        try expectSame(Person.self, json)
        try expectSame([Person].self, "[\(json), \(json)]")
    }

    /// 100,000 distinct keys in one object, then decodes with other keys: every key converted as
    /// Foundation converts it, and the keys kept with a parser bounded once the decode is over.
    @Test func manyDistinctKeys() throws {
        let fields = (0..<100_000).map { #""key_\#($0)_x": \#($0 % 7)"# }.joined(separator: ",")
        try expectSame(Fields.self, "{\(fields)}")
        let decoder = SimdJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        for round in 0..<3 {
            let kept = try decoder.decode(KeptKeys.self, from: #"{"round_\#(round)": 1}"#)
            #expect(kept.count <= SnakeCaseKeys.limit + 1)
        }
    }

    /// The number of keys the parser of the decode keeps converted when the decode starts.
    struct KeptKeys: Decodable {
        var count: Int
        init(from decoder: any Decoder) throws {
            let decoder = try #require(decoder as? CodableDecoder)
            count = decoder.session.snakeCaseKeys?.count ?? -1
            _ = try decoder.container(keyedBy: AnyKey.self).allKeys
        }
    }

    /// Two decoders, one converting keys and one not, used in turns and at once: neither sees the
    /// other's keys.
    @Test func decodersWithDifferentStrategies() async throws {
        let snake = SimdJSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let plain = SimdJSONDecoder()
        let json = #"{"one_two": 1, "oneTwo": 2}"#
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        let decoder = index.isMultiple(of: 2) ? snake : plain
                        let fields = try decoder.decode(Fields.self, from: json)
                        let expected = index.isMultiple(of: 2) ? ["oneTwo": 1] : ["one_two": 1, "oneTwo": 2]
                        #expect(fields.values == expected)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Reads the fields listed in `userInfo[.reads]` (`name:kind:how`), in that order: `kind` is the
    /// type (`i` Int, `b` Int8, `s` String, `d` Double, `t` Bool), `how` is `decode`,
    /// `decodeIfPresent` or `contains` then `decodeIfPresent`.
    struct Reads: Decodable, Equatable {
        var values: [String]
        init(from decoder: any Decoder) throws {
            let reads = decoder.userInfo.first { $0.key.rawValue == "reads" }?.value as? [String] ?? []
            let container = try decoder.container(keyedBy: AnyKey.self)
            values = []
            for read in reads {
                let parts = read.split(separator: ":").map(String.init)
                let key = AnyKey(stringValue: parts[0])
                let present = parts[2] == "contains" ? container.contains(key) : true
                let once = parts[2] == "decode"
                func text<T>(_ value: T?) -> String { "\(present)/\(value.map { "\($0)" } ?? "nil")" }
                // The concrete overloads, which `SimdJSONDecoder` reads in one call when it can. A
                // failed read is recorded, and the reads go on.
                do {
                    switch parts[1] {
                    case "i":
                        values.append(
                            once
                                ? "\(try container.decode(Int.self, forKey: key))"
                                : text(try container.decodeIfPresent(Int.self, forKey: key)))
                    case "b":
                        values.append(
                            once
                                ? "\(try container.decode(Int8.self, forKey: key))"
                                : text(try container.decodeIfPresent(Int8.self, forKey: key)))
                    case "s":
                        values.append(
                            once
                                ? "\(try container.decode(String.self, forKey: key))"
                                : text(try container.decodeIfPresent(String.self, forKey: key)))
                    case "d":
                        values.append(
                            once
                                ? "\(try container.decode(Double.self, forKey: key))"
                                : text(try container.decodeIfPresent(Double.self, forKey: key)))
                    default:
                        values.append(
                            once
                                ? "\(try container.decode(Bool.self, forKey: key))"
                                : text(try container.decodeIfPresent(Bool.self, forKey: key)))
                    }
                } catch let error as DecodingError {
                    values.append(summary(of: error))
                } catch {
                    // Foundation's own errors (a number out of range) become this at the top.
                    values.append("dataCorrupted at []")
                }
            }
        }
    }

    /// Many objects read by one model, so that the keys are known after the first and the walk
    /// reads each next field in one call (`SnakeCaseKeys.readNext`): most objects have the model's
    /// keys in its order, the others other spellings of them (camelCase, capitals, doubled
    /// underscores, escapes), other orders, missing keys, second copies and values of other types.
    @Test(arguments: 0..<80)
    func warmWalks(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let fields: [(name: String, kind: String, spellings: [String])] = [
            ("order_id", "i", ["order_id", "orderId", "ORDER_ID", "order__id", #"order\u005fid"#]),
            ("user_name", "s", ["user_name", "userName", "User_Name", #"user\u005Fname"#]),
            ("is_paid", "t", ["is_paid", "isPaid", "IS_PAID"]),
            ("total_amount", "d", ["total_amount", "totalAmount", "total__amount"]),
            ("small_count", "b", ["small_count", "smallCount"]),
            ("note", "s", ["note"]),
        ]
        let values: [String: [String]] = [
            "i": ["7", "-3", "9007199254740993", "1.0", "2.5", #""7""#, "null"],
            "s": [#""a""#, #""caf\u00e9""#, "5", "null", #""""#],
            "t": ["true", "false", "1", "null"],
            // (Numbers beyond `Double`'s range fail Foundation's whole decode before the model
            // reads them, which per-read errors cannot compare: `NumberRulesTests` covers them.)
            "d": ["1.5", "0", "-0.0", #""inf""#, "null", "12"],
            "b": ["1", "-128", "300", "null"],
        ]
        func value(_ kind: String) -> String {
            let choices = values[kind]!
            return below(12) == 0 ? choices[below(choices.count)] : choices[below(2)]
        }
        var objects: [String] = []
        for _ in 0..<(4 + below(6)) {
            var members: [String] = []
            let unusual = below(3) == 0
            for field in fields {
                if unusual && below(6) == 0 { continue }
                let spelling = unusual && below(3) == 0 ? field.spellings[below(field.spellings.count)] : field.name
                members.append(#""\#(spelling)": \#(value(field.kind))"#)
                if unusual && below(8) == 0 { members.append(#""\#(field.name)": \#(value(field.kind))"#) }
            }
            if unusual && below(2) == 0 { members.shuffle(using: &random) }
            if below(5) == 0 { members.insert(#""extra_key": [1, {"order_id": 0}]"#, at: below(members.count + 1)) }
            objects.append("{\(members.joined(separator: ", "))}")
        }
        var reads = fields.map { field -> String in
            let how = ["decode", "decode", "decodeIfPresent", "decodeIfPresent", "contains"][
                below(below(3) == 0 ? 5 : 4)]
            return "\(convertedFromSnakeCase(field.name)):\(field.kind):\(how)"
        }
        if below(4) == 0 { reads.shuffle(using: &random) }
        switch below(4) {
        case 0: reads.append(reads[below(reads.count)])
        case 1: reads += reads.map { $0.replacingOccurrences(of: ":contains", with: ":decodeIfPresent") }
        default: break
        }
        try expectSame([Reads].self, "[\(objects.joined(separator: ",\n"))]", reads: reads)
    }

    // MARK: Support

    func expectSame<T: Decodable & Equatable>(
        _: T.Type, _ json: String, names: [String] = [], reads: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let namesKey = try #require(CodingUserInfoKey(rawValue: "names"))
        let readsKey = try #require(CodingUserInfoKey(rawValue: "reads"))
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        foundation.userInfo[namesKey] = names
        foundation.userInfo[readsKey] = reads
        let simd = SimdJSONDecoder()
        simd.keyDecodingStrategy = .convertFromSnakeCase
        simd.userInfo[namesKey] = names
        simd.userInfo[readsKey] = reads
        let data = Data(json.utf8)
        let expected = outcome { try foundation.decode(T.self, from: data) }
        let actual = outcome { try simd.decode(T.self, from: data) }
        if let expectedValue = expected.value, let actualValue = actual.value {
            #expect(actualValue == expectedValue, sourceLocation: sourceLocation)
        } else {
            #expect(actual.text == expected.text, sourceLocation: sourceLocation)
        }
    }
}
