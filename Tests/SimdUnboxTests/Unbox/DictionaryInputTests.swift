import CorpusModels
import Foundation
import SimdUnbox
import Testing

/// `[String: Any]` input: what `JSONSerialization` makes, and what it cannot make (`Date`s,
/// objects of any class, keys that are not strings, cycles), each a clear error with its path.
@Suite struct DictionaryInputTests {
    struct Person: Unboxable, Equatable {
        let name: String
        let age: Int
        let nickname: String?

        init(unboxer: Unboxer) throws {
            name = try unboxer.unbox(key: "name")
            age = try unboxer.unbox(key: "age")
            nickname = try unboxer.unboxIfPresent(key: "nickname")
        }
    }

    struct Holder<Value: UnboxCompatible>: Unboxable {
        let value: Value
        init(unboxer: Unboxer) throws { value = try unboxer.unbox(key: "value") }
    }

    // MARK: Differential against the same JSON read as bytes

    /// The corpus's user-style models read from `JSONSerialization`'s output equal the same
    /// models read from the bytes.
    @Test func corpusFromDictionariesEqualsCorpusFromBytes() throws {
        let twitter = try TestSupport.corpus("twitter.json")
        let object = try #require(try JSONSerialization.jsonObject(with: twitter) as? [String: Any])
        let fromDictionary: Timeline<TweetWithoutDate> = try unbox(dictionary: object)
        let fromBytes: Timeline<TweetWithoutDate> = try unbox(data: twitter)
        #expect(fromDictionary == fromBytes)

        let events = try TestSupport.corpus("github_events.json")
        let array = try #require(try JSONSerialization.jsonObject(with: events) as? [[String: Any]])
        let eventsFromDictionaries: [Activity] = try unbox(dictionaries: array)
        let eventsFromBytes: [Activity] = try unbox(data: events)
        #expect(eventsFromDictionaries == eventsFromBytes)
    }

    // MARK: What JSONSerialization makes

    @Test func nsNullIsNullEverywhere() throws {
        let dictionary: [String: Any] = ["name": "Ada", "age": 36, "nickname": NSNull()]
        let person: Person = try unbox(dictionary: dictionary)
        #expect(person.nickname == nil)
        var missingName = dictionary
        missingName["name"] = NSNull()
        let error = try #require(throws: UnboxError.self) { try unbox(dictionary: missingName) as Person }
        #expect(error.reason == .typeMismatch(expected: "a string", found: .null))
        #expect(error.path == [.key("name")])
    }

    /// `JSONSerialization`'s booleans are `NSNumber`s: they are booleans for `Bool` and not
    /// numbers for an integer, as in JSON input.
    @Test func nsNumberBooleansAreBooleans() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(#"{"value": true, "other": 1}"#.utf8)) as? [String: Any])
        let bool: Holder<Bool> = try unbox(dictionary: object)
        #expect(bool.value)
        let error = try #require(throws: UnboxError.self) { try unbox(dictionary: object) as Holder<Int> }
        #expect(error.reason == .typeMismatch(expected: "an integer", found: .bool))
        #expect(try unbox(dictionary: object, atKey: "other") as Int == 1)
        #expect(try (unbox(dictionary: ["value": NSNumber(value: false)]) as Holder<Bool>).value == false)
    }

    @Test func numbersOfEveryKindAreRangeChecked() throws {
        #expect(try (unbox(dictionary: ["value": NSNumber(value: UInt64.max)]) as Holder<UInt64>).value == .max)
        #expect(try (unbox(dictionary: ["value": 3.0]) as Holder<Int>).value == 3)
        #expect(try (unbox(dictionary: ["value": Int8(-4)]) as Holder<Int64>).value == -4)
        #expect(try (unbox(dictionary: ["value": Float(1.5)]) as Holder<Double>).value == 1.5)
        let overflow = try #require(throws: UnboxError.self) {
            try unbox(dictionary: ["value": 300]) as Holder<UInt8>
        }
        #expect(overflow.reason.kind == "numberOutOfRange" && overflow.path == [.key("value")])
        let fraction = try #require(throws: UnboxError.self) { try unbox(dictionary: ["value": 2.5]) as Holder<Int> }
        #expect(fraction.path == [.key("value")])
        #expect(try (unbox(dictionary: ["value": 0.1]) as Holder<Decimal>).value == Decimal(string: "0.1"))
    }

    // MARK: What JSON cannot hold

    static var foreignValues: [(String, Any)] {
        [
            ("Date", Date(timeIntervalSince1970: 0)), ("NSObject", NSObject()), ("Data", Data([1, 2])),
            ("non-string keys", [1: "one"]), ("AnyHashable keys", [AnyHashable(1): "one"] as [AnyHashable: Any]),
        ]
    }

    @Test(arguments: 0..<5)
    func valuesJSONCannotHoldAreErrorsWithTheirPath(index: Int) throws {
        let (name, value) = Self.foreignValues[index]
        let dictionary: [String: Any] = ["outer": ["list": [1, value]]]
        struct Model: Unboxable {
            let list: [JSONValue]
            init(unboxer: Unboxer) throws { list = try unboxer.unbox(keyPath: "outer.list") }
        }
        let error = try #require(throws: UnboxError.self, "\(name)") { try unbox(dictionary: dictionary) as Model }
        #expect(error.reason.kind == "invalidValue", "\(name): \(error)")
        #expect(error.path == [.key("outer"), .key("list"), .index(1)], "\(name): \(error)")
        for type in [String.self, Int.self, Bool.self] as [any UnboxCompatible.Type] {
            #expect(throws: UnboxError.self, "\(name) as \(type)") {
                _ = try type.decodeField(from: ["value": value])
            }
        }
        // Unread, it is harmless; read with `try?`, it is nil.
        let person: Person = try unbox(dictionary: ["name": "Ada", "age": 36, "extra": value])
        #expect(person.name == "Ada")
        struct Maybe: Unboxable {
            let value: String?
            init(unboxer: Unboxer) { value = try? unboxer.unbox(key: "value") }
        }
        let maybe: Maybe = try unbox(dictionary: ["value": value])
        #expect(maybe.value == nil)
    }

    /// Nesting deeper than the limit is an error, as in JSON input, not an exhausted stack.
    @Test func deepNestingStopsAtTheDepthLimit() throws {
        var value: Any = 1
        for _ in 0..<(defaultUnboxMaximumDepth + 10) { value = ["a": value] }
        let error = try #require(throws: UnboxError.self) {
            try unbox(dictionary: ["value": value]) as Holder<JSONValue>
        }
        #expect(error.reason == .depthLimitExceeded(limit: defaultUnboxMaximumDepth))
        #expect(error.byteOffset == nil)
        var list: Any = [1]
        for _ in 0..<(defaultUnboxMaximumDepth + 10) { list = [list] }
        #expect(throws: UnboxError.self) { try unbox(dictionary: ["value": list]) as Holder<[JSONValue]> }
    }

    // MARK: Unboxers over dictionaries

    @Test func standaloneUnboxerStaysValid() throws {
        let unboxer = Unboxer(dictionary: ["name": "Ada", "friend": ["name": "Grace", "age": 40], "age": 36])
        let name: String = try unboxer.unbox(key: "name")
        let friend: Person = try unboxer.unbox(key: "friend")
        let again: String = try unboxer.unbox(key: "name")
        let friendName: String = try unboxer.unbox(keyPath: "friend.name")
        #expect(name == "Ada" && again == "Ada" && friend.name == "Grace" && friendName == "Grace")
        #expect(try unboxer.unboxIfPresent(key: "missing") as String? == nil)
        #expect(throws: UnboxError.self) { try unboxer.unbox(key: "missing") as String }
    }

    @Test func standaloneUnboxerOverData() throws {
        let unboxer = try Unboxer(data: Data(#"{"name": "Ada", "friend": {"name": "Grace", "age": 40}}"#.utf8))
        #expect(try unboxer.unbox(key: "name") as String == "Ada")
        #expect(try (unboxer.unbox(key: "friend") as Person).age == 40)
        #expect(throws: UnboxError.self) { try Unboxer(data: Data("[1]".utf8)) }
        #expect(throws: UnboxError.self) { try Unboxer(data: Data("{".utf8)) }
    }

    @Test func escapedUnboxerIsStale() throws {
        final class Keeper: Unboxable {
            nonisolated(unsafe) static var kept: Unboxer?
            init(unboxer: Unboxer) { Keeper.kept = unboxer }
        }
        _ = try unbox(dictionary: ["a": 1]) as Keeper
        let kept = try #require(Keeper.kept)
        Keeper.kept = nil
        let error = try #require(throws: UnboxError.self) { try kept.unbox(key: "a") as Int }
        #expect(error.reason.kind == "misuse")
    }

    @Test func decodableFieldsAreJSONOnly() throws {
        struct Model: Unboxable {
            let point: [Int]
            init(unboxer: Unboxer) throws { point = try unboxer.unboxDecodable(key: "point") }
        }
        let error = try #require(throws: UnboxError.self) { try unbox(dictionary: ["point": [1, 2]]) as Model }
        #expect(error.reason.kind == "misuse")
        let model: Model = try unbox(string: #"{"point": [1, 2]}"#)
        #expect(model.point == [1, 2])
    }

    @Test func contextModelsAndLossyArraysAtKeys() throws {
        struct Comment: UnboxableWithContext {
            let text: String
            let post: String
            init(unboxer: Unboxer, context: String) throws {
                text = try unboxer.unbox(key: "text")
                post = context
            }
        }
        let dictionary: [String: Any] = [
            "comments": [["text": "a"], ["nope": 1], ["text": "b"]],
            "byID": ["x": ["text": "c"], "y": ["nope": 1]],
        ]
        let lossy: [Comment] = try unbox(
            dictionary: dictionary, atKey: "comments", context: "P", allowInvalidElements: true)
        #expect(lossy.map(\.text) == ["a", "b"] && lossy.allSatisfy { $0.post == "P" })
        let byID: [String: Comment] = try Unboxer(dictionary: dictionary).unbox(
            key: "byID", context: "P", allowInvalidElements: true)
        #expect(byID.keys.sorted() == ["x"] && byID["x"]?.text == "c")
        let strict = try #require(throws: UnboxError.self) {
            try unbox(dictionaries: dictionary["comments"] as? [[String: Any]] ?? [], context: "P") as [Comment]
        }
        #expect(strict.path == [.index(1), .key("text")])
        let all: [Comment] = try unbox(
            dictionaries: dictionary["comments"] as? [[String: Any]] ?? [], context: "P", allowInvalidElements: true)
        #expect(all.count == 2)
    }
}

extension UnboxCompatible {
    /// Decodes the field `value` of `dictionary` as this type.
    fileprivate static func decodeField(from dictionary: [String: Any]) throws -> Any {
        try unbox(dictionary: dictionary, atKey: "value") as Self
    }
}
