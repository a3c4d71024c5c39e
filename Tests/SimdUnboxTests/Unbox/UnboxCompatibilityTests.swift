import Foundation
import SimdUnbox
import Testing

/// Unbox 4's API and conversions on JSON input: `Bool` from Unbox's words and from numbers,
/// `String` from numbers, `Set` fields, `URL` and `CGFloat` by transform, `UnboxRawValue`,
/// `[String: Any]` fields, dictionaries of context models, and nested collections under
/// `allowInvalidElements`. Each is checked on JSON text and on the same value as `[String: Any]`.
@Suite struct UnboxCompatibilityTests {
    struct Holder<Value: UnboxCompatible>: Unboxable {
        let value: Value
        init(unboxer: Unboxer) throws { value = try unboxer.unbox(key: "value") }
    }

    struct Maybe<Value: UnboxCompatible>: Unboxable {
        let value: Value?
        init(unboxer: Unboxer) { value = try? unboxer.unbox(key: "value") }
    }

    /// The field `value` written as `json`, decoded from text, as a root array's element, and from
    /// `JSONSerialization`'s dictionary; all three must agree.
    static func decode<T: UnboxCompatible & Equatable>(_: T.Type, _ json: String) throws -> T? {
        let fromText = (try? unbox(string: "{\"value\": \(json)}") as Holder<T>)?.value
        let fromArray = (try? unbox(string: "[\(json)]") as [T])?.first
        let object = try JSONSerialization.jsonObject(with: Data("{\"value\": \(json)}".utf8)) as? [String: Any]
        let fromDictionary = (try? unbox(dictionary: object ?? [:]) as Holder<T>)?.value
        #expect(fromText == fromArray, "\(json)")
        #expect(fromText == fromDictionary, "\(json)")
        return fromText
    }

    @Test(arguments: [
        ("\"true\"", true), ("\"True\"", true), ("\"t\"", true), ("\"Y\"", true), ("\"yes\"", true), ("\"YES\"", true),
        ("\"false\"", false), ("\"F\"", false), ("\"n\"", false), ("\"No\"", false), ("0", false), ("1", true),
        ("19", true), ("-2", true), ("0.0", false), ("0.5", true), ("true", true), ("false", false),
    ])
    func boolConversions(json: String, expected: Bool) throws {
        #expect(try Self.decode(Bool.self, json) == expected)
    }

    /// What Unbox rejects for a `Bool`: other strings (`"1"` included), null, containers.
    @Test(arguments: ["\"1\"", "\"0\"", "\"maybe\"", "\"\"", "\" yes\"", "null", "[]", "{}"])
    func boolRejections(json: String) throws {
        #expect(try Self.decode(Bool.self, json) == nil)
        let maybe: Maybe<Bool> = try unbox(string: "{\"value\": \(json)}")
        #expect(maybe.value == nil)
    }

    @Test(arguments: [("7", "7"), ("-12", "-12"), ("18446744073709551615", "18446744073709551615"), ("3.5", "3.5")])
    func stringFromNumbers(json: String, expected: String) throws {
        #expect(try Self.decode(String.self, json) == expected)
    }

    @Test(arguments: ["true", "null", "[1]", "{}"])
    func stringRejections(json: String) throws {
        #expect(try Self.decode(String.self, json) == nil)
    }

    @Test func stringFromNumberKeepsErrorsForNull() throws {
        let error = try #require(throws: UnboxError.self) { try unbox(string: #"{"value": null}"#) as Holder<String> }
        #expect(error.reason == .typeMismatch(expected: "a string", found: .null))
        #expect(error.path == [.key("value")])
    }

    // MARK: Types

    struct Tags: Unboxable {
        let tags: Set<String>
        let lossy: Set<Int>
        init(unboxer: Unboxer) throws {
            tags = try unboxer.unbox(key: "tags")
            lossy = try unboxer.unbox(key: "numbers", allowInvalidElements: true)
        }
    }

    @Test func setFields() throws {
        let json = #"{"tags": ["a", "b", "a"], "numbers": [1, "x", 2, 1]}"#
        let fromText: Tags = try unbox(string: json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fromDictionary: Tags = try unbox(dictionary: object)
        for tags in [fromText, fromDictionary] {
            #expect(tags.tags == ["a", "b"] && tags.lossy == [1, 2])
        }
    }

    struct Identifier: UnboxableByTransform, Equatable {
        typealias UnboxRawValue = String
        let value: String
        static func transform(unboxedValue: String) -> Identifier? {
            unboxedValue.isEmpty ? nil : Identifier(value: unboxedValue)
        }
    }

    /// A transform written for SimdUnbox before `UnboxRawValue` (Unbox 1's name) still works.
    struct LegacyIdentifier: UnboxableByTransform, Equatable {
        typealias UnboxRawValueType = Int
        let value: Int
        static func transform(unboxedValue: Int) -> LegacyIdentifier? { LegacyIdentifier(value: unboxedValue) }
    }

    @Test func transforms() throws {
        #expect(try Self.decode(Identifier.self, "\"x\"") == Identifier(value: "x"))
        #expect(try Self.decode(Identifier.self, "\"\"") == nil)
        #expect(try Self.decode(LegacyIdentifier.self, "4") == LegacyIdentifier(value: 4))
        #expect(URL.transform(unboxedValue: "https://example.com") == URL(string: "https://example.com"))
        #expect(try Self.decode(URL.self, "\"https://example.com/a\"") == URL(string: "https://example.com/a"))
        #expect(try Self.decode(CGFloat.self, "0.25") == 0.25)
        #expect(try Self.decode(CGFloat.self, "\"x\"") == nil)
        #expect(Identifier.UnboxRawValue.self == String.self && CGFloat.UnboxRawValue.self == Double.self)
    }

    struct Settings: Unboxable {
        let all: [String: Any]
        let nested: [String: Any]
        init(unboxer: Unboxer) throws {
            all = try unboxer.unbox(key: "settings")
            nested = try unboxer.unbox(keyPath: "settings.display")
        }
    }

    @Test func foundationObjectFields() throws {
        let json = #"{"settings": {"display": {"dark": true, "size": 12, "ratio": 1.5, "name": "x", "none": null}}}"#
        let fromText: Settings = try unbox(string: json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fromDictionary: Settings = try unbox(dictionary: object)
        for settings in [fromText, fromDictionary] {
            #expect(settings.nested["dark"] as? Bool == true)
            #expect(settings.nested["size"] as? Int == 12)
            #expect(settings.nested["ratio"] as? Double == 1.5)
            #expect(settings.nested["name"] as? String == "x")
            #expect(settings.nested["none"] is NSNull)
            #expect((settings.all["display"] as? [String: Any])?.count == 5)
        }
        let error = try #require(throws: UnboxError.self) {
            try unbox(string: #"{"settings": [1]}"#) as Settings
        }
        #expect(error.reason == .typeMismatch(expected: "an object", found: .array))
        #expect(error.path == [.key("settings")])
    }

    struct Comment: UnboxableWithContext {
        let text: String
        let post: Int
        init(unboxer: Unboxer, context: Int) throws {
            text = try unboxer.unbox(key: "text")
            post = context
        }
    }

    struct Post: Unboxable {
        let comments: [String: Comment]
        let lossy: [String: Comment]
        init(unboxer: Unboxer) throws {
            comments = try unboxer.unbox(key: "comments", context: 7)
            lossy = try unboxer.unbox(keyPath: "more", context: 8, allowInvalidElements: true)
        }
    }

    @Test func dictionariesOfContextModels() throws {
        let json = #"{"comments": {"a": {"text": "x"}}, "more": {"b": {"text": "y"}, "c": {"nope": 1}}}"#
        let fromText: Post = try unbox(string: json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fromDictionary: Post = try unbox(dictionary: object)
        for post in [fromText, fromDictionary] {
            #expect(post.comments["a"]?.text == "x" && post.comments["a"]?.post == 7)
            #expect(post.lossy.keys.sorted() == ["b"] && post.lossy["b"]?.post == 8)
        }
    }

    // MARK: Nested collections under allowInvalidElements

    struct Nested: Unboxable {
        let matrix: [[Int]]
        let byKey: [String: [Int]]
        let deep: [String: [String: [Int]]]
        init(unboxer: Unboxer) throws {
            matrix = try unboxer.unbox(key: "matrix", allowInvalidElements: true)
            byKey = try unboxer.unbox(key: "byKey", allowInvalidElements: true)
            deep = try unboxer.unbox(keyPath: "deep", allowInvalidElements: true)
        }
    }

    @Test func nestedCollectionsKeepTheirValidElements() throws {
        let json = #"""
            {"matrix": [[1, "x", 3], [], "no", [4]],
             "byKey": {"a": [1, null, 2], "b": 5, "c": [true]},
             "deep": {"k": {"l": [1, {}, 2], "m": "no"}}}
            """#
        let fromText: Nested = try unbox(string: json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fromDictionary: Nested = try unbox(dictionary: object)
        for nested in [fromText, fromDictionary] {
            #expect(nested.matrix == [[1, 3], [], [4]])
            #expect(nested.byKey == ["a": [1, 2], "c": []])
            #expect(nested.deep == ["k": ["l": [1, 2]]])
        }
    }

    @Test func strictCollectionsStayStrict() throws {
        struct Strict: Unboxable {
            let matrix: [[Int]]
            init(unboxer: Unboxer) throws { matrix = try unboxer.unbox(key: "matrix") }
        }
        let error = try #require(throws: UnboxError.self) {
            try unbox(string: #"{"matrix": [[1], [2, "x"]]}"#) as Strict
        }
        #expect(error.path == [.key("matrix"), .index(1), .index(1)])
    }

    @Test func malformedJSONIsNeverSkipped() {
        #expect(throws: UnboxError.self) {
            try unbox(string: #"{"matrix": [[1, tru], [2]], "byKey": {}, "deep": {}}"#) as Nested
        }
    }
}
