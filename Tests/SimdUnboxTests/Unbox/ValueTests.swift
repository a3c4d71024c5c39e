import Foundation
import SimdUnbox
import Testing

/// Booleans, strings, URLs and the collections: arrays and dictionaries, nested, of models.
@Suite struct ValueTests {
    // MARK: Booleans

    @Test func booleans() throws {
        #expect(try unboxField(Bool.self, "true") == true)
        #expect(try unboxField(Bool.self, "false") == false)
        let root: Bool = try unbox(string: " true ")
        #expect(root)
        let array: [Bool] = try unbox(string: "[true,false,true]")
        #expect(array == [true, false, true])
    }

    // Numbers and Unbox's words are booleans too, as in Unbox: see UnboxCompatibilityTests.
    @Test(arguments: [("null", JSONType.null), ("[]", .array), ("{}", .object)])
    func booleanTypeMismatch(text: String, found: JSONType) throws {
        let error = try #require(unboxError(Field<Bool>.self, "{\"value\": \(text)}"))
        #expect(error.reason == .typeMismatch(expected: "a boolean", found: found))
        #expect(error.path == [.key("value")])
        #expect(error.byteOffset == 10)
    }

    // MARK: Strings

    @Test(arguments: [
        (#""""#, ""),
        (#""plain""#, "plain"),
        (#""a\"b\\c\/d""#, "a\"b\\c/d"),
        (#""\b\f\n\r\t""#, "\u{8}\u{c}\n\r\t"),
        (#""\u00e9""#, "é"),
        (#""caf\u00E9""#, "café"),
        (#""\u0041\u00DF\u6771""#, "Aß東"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uD834\uDD1E clef""#, "𝄞 clef"),
        (#""\u0000""#, "\u{0}"),
        (#""\u001f""#, "\u{1f}"),
        (#""😋✨✨ emoji""#, "😋✨✨ emoji"),
        (#""名前:前田あゆみ""#, "名前:前田あゆみ"),
        (#""é vs e\u0301""#, "é vs e\u{301}"),
        (
            #""a string longer than fifteen bytes, with \"escapes\" inside""#,
            "a string longer than fifteen bytes, with \"escapes\" inside"
        ),
    ])
    func strings(json: String, expected: String) throws {
        #expect(try unboxField(String.self, json) == expected)
        let root: String = try unbox(string: json)
        #expect(root == expected)
        let array: [String] = try unbox(string: "[\(json), \(json)]")
        #expect(array == [expected, expected])
        let keyed: [String: String] = try unbox(string: "{\(json): \(json)}")
        #expect(keyed == [expected: expected])
        // Precomposed and decomposed forms stay distinct bytes, as written.
        #expect(Array(try unboxField(String.self, json).utf8) == Array(expected.utf8))
    }

    // A number is a string too, as in Unbox: see UnboxCompatibilityTests.
    @Test(arguments: [("true", JSONType.bool), ("null", .null), ("[\"a\"]", .array), ("{}", .object)])
    func stringTypeMismatch(text: String, found: JSONType) throws {
        let error = try #require(unboxError(Field<String>.self, "{\"value\": \(text)}"))
        #expect(error.reason == .typeMismatch(expected: "a string", found: found))
        #expect(error.path == [.key("value")])
        #expect(error.byteOffset == 10)
        let root = try #require(unboxError(String.self, text))
        #expect(root.reason == .typeMismatch(expected: "a string", found: found))
        #expect(root.path.isEmpty)
    }

    @Test func keysWithEscapesAreMatchedUnescaped() throws {
        struct Escaped: Unboxable {
            let quote: Int
            let accent: Int
            init(unboxer: Unboxer) throws {
                quote = try unboxer.unbox(key: "a\"b")
                accent = try unboxer.unbox(key: "é")
            }
        }
        // Iterating an object unescapes its keys...
        let keyed: [String: Int] = try unbox(string: #"{"a\"b": 1, "\u00e9": 2}"#)
        #expect(keyed == ["a\"b": 1, "é": 2])
        // ...and so must looking a key up.
        let value: Escaped = try unbox(string: #"{"a\"b": 1, "\u00e9": 2}"#)
        #expect(value.quote == 1)
        #expect(value.accent == 2)
        let optional: Int? = try unbox(string: #"{"x": 0, "\u00e9": 2}"#, atKey: "é")
        #expect(optional == 2)
        // Keys written without escapes match, whatever they contain.
        let plain: [String: Int] = try unbox(string: #"{"é": 2, "名前": 3}"#)
        #expect(plain == ["é": 2, "名前": 3])
        let accent: Int = try unbox(string: #"{"é": 2, "名前": 3}"#, atKey: "名前")
        #expect(accent == 3)
    }

    // MARK: URLs

    @Test func urls() throws {
        #expect(
            try unboxField(URL.self, #""https://example.com/a/b?c=d#e""#)
                == URL(string: "https://example.com/a/b?c=d#e"))
        #expect(try unboxField(URL.self, #""http:\/\/t.co\/SXoYWH98as""#) == URL(string: "http://t.co/SXoYWH98as"))
        #expect(try unboxField(URL.self, #""relative/path""#) == URL(string: "relative/path"))
        let urls: [URL] = try unbox(string: #"["https://a.example", "mailto:x@example.com"]"#)
        #expect(urls == [URL(string: "https://a.example"), URL(string: "mailto:x@example.com")].compactMap { $0 })
        let error = try #require(unboxError(Field<URL>.self, #"{"value": ""}"#))
        #expect(error.reason.kind == "invalidValue")
        #expect(error.path == [.key("value")])
        #expect(error.byteOffset == 10)
        let mismatch = try #require(unboxError(Field<URL>.self, #"{"value": 5}"#))
        #expect(mismatch.reason == .typeMismatch(expected: "a string", found: .number))
    }

    // MARK: Collections

    @Test func nestedArraysOfDoubles() throws {
        let value = try unboxField([[[Double]]].self, "[[[1.5, -2], [3e2]], [], [[]], [[0.1, 0.2, 0.3]]]")
        #expect(value == [[[1.5, -2], [300]], [], [[]], [[0.1, 0.2, 0.3]]])
        let error = try #require(unboxError(Field<[[[Double]]]>.self, #"{"value": [[[1]], [[2, "x"]]]}"#))
        #expect(error.path == [.key("value"), .index(1), .index(0), .index(1)])
        #expect(error.reason.kind == "invalidValue")
        #expect(error.byteOffset == 23)
    }

    @Test func dictionaryOfArrays() throws {
        let value = try unboxField([String: [Int]].self, #"{"a": [1, 2], "b": [], "c": ["3"]}"#)
        #expect(value == ["a": [1, 2], "b": [], "c": [3]])
        let error = try #require(unboxError(Field<[String: [Int]]>.self, #"{"value": {"a": [1], "b": [2, 2.5]}}"#))
        #expect(error.path == [.key("value"), .key("b"), .index(1)])
        #expect(error.reason.kind == "invalidValue")
    }

    @Test func arrayOfDictionaries() throws {
        let value = try unboxField([[String: Int]].self, #"[{"a": 1}, {}, {"b": 2, "c": 3}]"#)
        #expect(value == [["a": 1], [:], ["b": 2, "c": 3]])
        let error = try #require(unboxError(Field<[[String: Int]]>.self, #"{"value": [{"a": 1}, {"b": null}]}"#))
        #expect(error.path == [.key("value"), .index(1), .key("b")])
        #expect(error.reason == .typeMismatch(expected: "an integer", found: .null))
    }

    @Test func dictionaryLastDuplicateKeyWins() throws {
        let value = try unboxField([String: Int].self, #"{"a": 1, "a": 2}"#)
        #expect(value == ["a": 2])
    }

    @Test func arraysAndDictionariesOfModels() throws {
        let people = try unboxField([Person].self, #"[{"name": "A", "age": 1}, {"age": 2, "name": "B"}]"#)
        #expect(people == [Person(name: "A", age: 1), Person(name: "B", age: 2)])
        let byID = try unboxField(
            [String: Person].self, #"{"x": {"name": "X", "age": 9}, "y": {"name": "Y", "age": 8}}"#)
        #expect(byID == ["x": Person(name: "X", age: 9), "y": Person(name: "Y", age: 8)])
        let nested = try unboxField([String: [Person]].self, #"{"team": [{"name": "T", "age": 3}]}"#)
        #expect(nested == ["team": [Person(name: "T", age: 3)]])
        let rootArrays: [[Person]] = try unbox(string: #"[[], [{"name": "Z", "age": 0}]]"#)
        #expect(rootArrays == [[], [Person(name: "Z", age: 0)]])

        let error = try #require(
            unboxError([String: Person].self, #"{"x": {"name": "X", "age": 9}, "y": {"name": "Y"}}"#))
        #expect(error.path == [.key("y"), .key("age")])
        #expect(error.reason == .missingKey)
    }

    @Test func emptyContainers() throws {
        let array: [Int] = try unbox(string: "[]")
        #expect(array.isEmpty)
        let doubles: [Double] = try unbox(string: "[ ]")
        #expect(doubles.isEmpty)
        let dictionary: [String: Int] = try unbox(string: "{}")
        #expect(dictionary.isEmpty)
        let empty: Empty = try unbox(string: #"{"ignored": [1, {"deep": [true]}], "also": "x"}"#)
        _ = empty
    }

    @Test func containerTypeMismatch() throws {
        let array = try #require(unboxError(Field<[Int]>.self, #"{"value": {"0": 1}}"#))
        #expect(array.reason == .typeMismatch(expected: "an array", found: .object))
        #expect(array.byteOffset == 10)
        let dictionary = try #require(unboxError(Field<[String: Int]>.self, #"{"value": [1]}"#))
        #expect(dictionary.reason == .typeMismatch(expected: "an object", found: .array))
        let model = try #require(unboxError(Field<Person>.self, #"{"value": "Person"}"#))
        #expect(model.reason == .typeMismatch(expected: "an object", found: .string))
        #expect(model.path == [.key("value")])
        let rootModel = try #require(unboxError(Person.self, "[]"))
        #expect(rootModel.reason == .typeMismatch(expected: "an object", found: .array))
        #expect(rootModel.path.isEmpty)
    }

    // MARK: Custom keys

    @Test func unboxableKey() throws {
        let value = try unboxField([Weekday: Int].self, #"{"mon": 1, "tue": 2}"#)
        #expect(value == [.monday: 1, .tuesday: 2])
        let error = try #require(unboxError(Field<[Weekday: Int]>.self, #"{"value": {"mon": 1, "xyz": 2}}"#))
        #expect(error.reason.kind == "invalidValue")
        #expect(error.path.first == .key("value"))
        let lossy: Lossy<Weekday> = try unbox(string: #"{"value": {"mon": 1, "xyz": 2, "tue": "no"}}"#)
        #expect(lossy.value == [.monday: 1])
    }

    // MARK: Reading order

    @Test func fieldsInAnyOrderAndRepeated() throws {
        let json = #"{"a": 1, "b": "two", "c": [3], "d": {"e": 4}, "f": true}"#
        let reversed: ReverseReader = try unbox(string: json)
        #expect(reversed.f == true)
        #expect(reversed.e == 4)
        #expect(reversed.c == [3])
        #expect(reversed.b == "two")
        #expect(reversed.a == 1)
        #expect(reversed.aAgain == 1)
        #expect(reversed.fAgain == true)
        #expect(reversed.missing == nil)
        #expect(reversed.dAgain == ["e": 4])
    }

    @Test func interleavedKeyPathsAndKeys() throws {
        let json = #"{"x": {"y": [10, 20, {"z": "deep"}]}, "w": 5}"#
        let value: Interleaved = try unbox(string: json)
        #expect(value.w == 5)
        #expect(value.z == "deep")
        #expect(value.second == 20)
        #expect(value.w2 == 5)
        #expect(value.first == 10)
    }
}

// MARK: - Models

private struct Person: Unboxable, Equatable {
    let name: String
    let age: Int

    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }

    init(unboxer: Unboxer) throws {
        name = try unboxer.unbox(key: "name")
        age = try unboxer.unbox(key: "age")
    }
}

private struct Empty: Unboxable {
    init(unboxer: Unboxer) throws {}
}

private enum Weekday: String, UnboxableKey {
    case monday = "mon"
    case tuesday = "tue"

    static func transform(unboxedKey: String) -> Weekday? { Weekday(rawValue: unboxedKey) }
}

private struct Lossy<Key: UnboxableKey>: Unboxable {
    let value: [Key: Int]

    init(unboxer: Unboxer) throws {
        value = try unboxer.unbox(key: "value", allowInvalidElements: true)
    }
}

private struct ReverseReader: Unboxable {
    let f: Bool
    let e: Int
    let c: [Int]
    let b: String
    let a: Int
    let aAgain: Int
    let fAgain: Bool
    let missing: Int?
    let dAgain: [String: Int]

    init(unboxer: Unboxer) throws {
        f = try unboxer.unbox(key: "f")
        e = try unboxer.unbox(keyPath: "d.e")
        c = try unboxer.unbox(key: "c")
        b = try unboxer.unbox(key: "b")
        a = try unboxer.unbox(key: "a")
        aAgain = try unboxer.unbox(key: "a")
        fAgain = try unboxer.unbox(key: "f")
        missing = try unboxer.unboxIfPresent(key: "zzz")
        dAgain = try unboxer.unbox(key: "d")
    }
}

private struct Interleaved: Unboxable {
    let w: Int
    let z: String
    let second: Int
    let w2: Int
    let first: Int

    init(unboxer: Unboxer) throws {
        w = try unboxer.unbox(key: "w")
        z = try unboxer.unbox(keyPath: "x.y.2.z")
        second = try unboxer.unbox(keyPath: "x.y.1")
        w2 = try unboxer.unbox(key: "w")
        first = try unboxer.unbox(keyPath: "/x/y/0")
    }
}

/// Reading the same string (or key) again and again must not exhaust any buffer: simdjson's own
/// string buffer holds each string once, so the shim unescapes into a buffer of its own.
@Suite struct RepeatedReadTests {
    struct Rereader: Unboxable {
        let reads: [String]
        init(unboxer: Unboxer) throws {
            var reads: [String] = []
            for _ in 0..<50 {
                // A failed read of another type first, then the string itself: both touch it.
                _ = try? unboxer.unbox(key: "text") as Int
                reads.append(try unboxer.unbox(key: "text"))
            }
            self.reads = reads
        }
    }

    @Test func theSameLongStringFiftyTimes() throws {
        let piece = #"caf\u00e9 \"quoted\" \\ "#
        let text = String(repeating: piece, count: 2_000)
        let decoded: Rereader = try unbox(string: #"{"text": ""# + text + #""}"#)
        let expected = String(repeating: "café \"quoted\" \\ ", count: 2_000)
        #expect(decoded.reads.count == 50)
        #expect(decoded.reads.allSatisfy { $0 == expected })
    }

    @Test func theSameObjectKeysManyTimes() throws {
        let json = #"{"k\u00e9y": 1, "other": 2}"#
        for _ in 0..<200 {
            let dictionary: [String: Int] = try unbox(string: json)
            #expect(dictionary == ["kéy": 1, "other": 2])
        }
        struct Keys: Unboxable {
            let values: [Int]
            init(unboxer: Unboxer) throws {
                values = try (0..<100).map { _ in try unboxer.unbox(key: "kéy") }
            }
        }
        let keys: Keys = try unbox(string: json)
        #expect(keys.values == Array(repeating: 1, count: 100))
    }
}

@Suite struct EscapedKeyTests {
    struct Pair: Unboxable, Equatable {
        let first: String?
        let second: String?
        let missing: String?
        init(unboxer: Unboxer) throws {
            missing = try unboxer.unboxIfPresent(key: "absent")
            first = try unboxer.unboxIfPresent(key: "é")
            second = try unboxer.unboxIfPresent(key: "ü")
        }
    }

    /// Objects with and without escaped keys, side by side: what one object taught about its keys
    /// must not leak into the next.
    @Test func missingKeysNextToEscapedOnes() throws {
        let json = #"[{"x": "\\"}, {"\u00e9": "a", "\u00fc": "b"}, {"é": "c"}, {"y": 1}, {"\u00fc": "d"}]"#
        let pairs: [Pair] = try unbox(string: json)
        #expect(pairs.map(\.first) == [nil, "a", "c", nil, nil])
        #expect(pairs.map(\.second) == [nil, "b", nil, nil, "d"])
        #expect(pairs.allSatisfy { $0.missing == nil })
    }
}
