import Foundation
import SimdUnbox
import Testing

/// The exact text of errors: `path: reason (byte N)`, with paths through models, arrays,
/// dictionaries and key paths.
@Suite struct ErrorDescriptionTests {
    @Test func typeMismatchDeepInAFeed() throws {
        let json = #"{"statuses":[{},{},{},{"user":{"screen_name":true}}]}"#
        let error = try #require(unboxError(Feed.self, json))
        let offset = try #require(TestSupport.offset(of: "true", in: json))
        #expect(offset == 45)
        #expect(
            error.description == "statuses[3].user.screen_name: expected a string, found a boolean (byte \(offset))")
        #expect(error.path == [.key("statuses"), .index(3), .key("user"), .key("screen_name")])
        #expect(error.reason == .typeMismatch(expected: "a string", found: .bool))
        #expect(error.byteOffset == offset)
    }

    @Test func missingKey() throws {
        let json = #"{"statuses":[{},{"user":{"name":"x"}}]}"#
        let error = try #require(unboxError(Feed.self, json))
        #expect(error.reason == .missingKey)
        #expect(error.path == [.key("statuses"), .index(1), .key("user"), .key("screen_name")])
        let offset = try #require(error.byteOffset)
        #expect(error.description == "statuses[1].user.screen_name: key not found (byte \(offset))")
        // The offset lies inside the object that lacks the key.
        let objectStart = try #require(TestSupport.offset(of: #"{"name""#, in: json))
        #expect(offset >= objectStart && offset <= objectStart + #"{"name":"x"}"#.utf8.count)
    }

    @Test func keysThatWouldReadAmbiguouslyAreQuoted() throws {
        let json = #"{"value": {"a.b": {"user": {"screen_name": [1]}}}}"#
        let error = try #require(unboxError(Field<[String: Status]>.self, json))
        #expect(error.path == [.key("value"), .key("a.b"), .key("user"), .key("screen_name")])
        let offset = try #require(TestSupport.offset(of: "[1]", in: json))
        #expect(
            error.description == #"value["a.b"].user.screen_name: expected a string, found an array (byte \#(offset))"#)
    }

    @Test func missingRootKey() throws {
        let error = try #require(unboxError(Field<Int>.self, "{}"))
        #expect(error.reason == .missingKey)
        #expect(error.path == [.key("value")])
        #expect(error.description.hasPrefix("value: key not found (byte "))
    }

    @Test func typeMismatchThroughDictionaryAndKeyPath() throws {
        let json = #"{"value": {"ann": {"user": {"screen_name": "a"}}, "bob": {"user": {"screen_name": null}}}}"#
        let error = try #require(unboxError(Field<[String: Status]>.self, json))
        #expect(error.path == [.key("value"), .key("bob"), .key("user"), .key("screen_name")])
        #expect(error.reason == .typeMismatch(expected: "a string", found: .null))
        let nullOffset = try #require(TestSupport.offset(of: "null", in: json))
        #expect(error.description == "value.bob.user.screen_name: expected a string, found null (byte \(nullOffset))")

        let keyPath = try #require(unboxError(Deep.self, #"{"a": {"b": [0, {"c": true}]}}"#))
        #expect(keyPath.path == [.key("a"), .key("b"), .index(1), .key("c")])
        #expect(keyPath.description == "a.b[1].c: expected a string, found a boolean (byte 22)")
    }

    /// A `null` field read as each scalar is the same type mismatch whether or not a `try?` is
    /// around it (the field reads record it and `unbox(key:)` makes it), with the `null`'s offset;
    /// a malformed `nul` stays malformed JSON; and a `null` discarded by `try?` leaves nothing
    /// behind for the next failed field.
    @Test func nullFieldsOfEveryScalar() throws {
        let json = #"{"value": null}"#
        let expectations: [(UnboxError?, String)] = [
            (unboxError(Field<Bool>.self, json), "a boolean"), (unboxError(Field<String>.self, json), "a string"),
            (unboxError(Field<Double>.self, json), "a number"), (unboxError(Field<Int>.self, json), "an integer"),
            (unboxError(Field<UInt8>.self, json), "an integer"),
        ]
        for (error, expected) in expectations {
            let error = try #require(error)
            #expect(error.reason == .typeMismatch(expected: expected, found: .null))
            #expect(error.path == [.key("value")])
            #expect(error.description == "value: expected \(expected), found null (byte 10)")
        }

        let malformed = try #require(unboxError(Field<Int>.self, #"{"value": nul}"#))
        guard case .malformedJSON = malformed.reason else {
            Issue.record("expected malformed JSON, got \(malformed)")
            return
        }

        struct NullThenMissing: Unboxable {
            let first: Int?
            let second: Int
            init(unboxer: Unboxer) throws {
                first = try? unboxer.unbox(key: "first")
                second = try unboxer.unbox(key: "second")
            }
        }
        let missing = try #require(unboxError(NullThenMissing.self, #"{"first": null, "other": 1}"#))
        #expect(missing.reason == .missingKey)
        #expect(missing.path == [.key("second")])
        let decoded: NullThenMissing = try unbox(string: #"{"first": null, "second": 2}"#)
        #expect(decoded.first == nil && decoded.second == 2)
    }

    @Test func invalidEnumRawValue() throws {
        let json = #"{"level": "loud"}"#
        let error = try #require(unboxError(Setting.self, json))
        #expect(error.path == [.key("level")])
        #expect(error.byteOffset == 10)
        guard case .invalidValue(let detail) = error.reason else {
            Issue.record("expected invalidValue, got \(error.reason)")
            return
        }
        #expect(detail.contains("loud"))
        #expect(error.description == "level: invalid value: \(detail) (byte 10)")
    }

    @Test func transformAndFormatterReturningNil() throws {
        let transform = try #require(unboxError(Field<Even>.self, #"{"value": 3}"#))
        #expect(transform.reason.kind == "invalidValue")
        #expect(transform.byteOffset == 10)
        #expect(transform.description.hasPrefix("value: invalid value: "))
        #expect(transform.description.hasSuffix(" (byte 10)"))
        #expect(try unboxField(Even.self, "4").value == 4)

        let formatter = try #require(unboxError(Formatted.self, #"{"date": "31/12/2020"}"#))
        #expect(formatter.reason.kind == "invalidValue")
        #expect(formatter.path == [.key("date")])
        #expect(formatter.byteOffset == 9)
        let formatted: Formatted = try unbox(string: #"{"date": "2020-12-31T00:00:00Z"}"#)
        #expect(formatted.date == Date(timeIntervalSince1970: 1_609_372_800))

        let dates = try #require(unboxError(Dates.self, #"{"dates": ["2020-12-31T00:00:00Z", "nope"]}"#))
        #expect(dates.path == [.key("dates"), .index(1)])
        #expect(dates.reason.kind == "invalidValue")
        let lossyDates: Dates = try unbox(string: #"{"dates": ["2020-12-31T00:00:00Z", "nope"], "lossy": true}"#)
        #expect(lossyDates.dates.count == 1)
    }

    @Test func numberOutOfRangeDescription() throws {
        let error = try #require(unboxError([UInt64].self, "[18446744073709551616]"))
        #expect(error.path == [.index(0)])
        #expect(error.reason.kind == "numberOutOfRange")
        #expect(error.description.hasPrefix("[0]: number out of range: "))
        #expect(error.description.hasSuffix(" (byte 1)"))
    }

    @Test func malformedDescription() throws {
        let json = #"{"statuses": [{"user": {"screen_name": tru}}]}"#
        let error = try #require(unboxError(Feed.self, json))
        #expect(error._isMalformedDocument)
        let offset = try #require(TestSupport.offset(of: "tru", in: json))
        #expect(error.byteOffset == offset)
        #expect(error.description.hasSuffix("(byte \(offset))"), "\(error)")
        #expect(error.description.contains("malformed JSON: "), "\(error)")
    }

    @Test func misuseAndCustomDescriptions() {
        let misuse = UnboxError(reason: .misuse("kept an Unboxer"))
        #expect(misuse.description == "misuse: kept an Unboxer")
        let custom = UnboxError(
            reason: .custom("nope"), path: [.key("a"), .index(2), .index(0), .key("b")], byteOffset: 7)
        #expect(custom.description == "a[2][0].b: nope (byte 7)")
        let root = UnboxError(reason: .missingKey, path: [.index(0)])
        #expect(root.description == "[0]: key not found")
        let depth = UnboxError(reason: .depthLimitExceeded(limit: 3), byteOffset: 0)
        #expect(depth.description == "nesting deeper than the limit of 3 (byte 0)")
        #expect(UnboxPathComponent.key("k").description == "k")
        #expect(UnboxPathComponent.index(4).description == "[4]")
        #expect(JSONType.object.description == "an object")
        #expect(JSONType.array.description == "an array")
        #expect(JSONType.null.description == "null")
    }

    @Test func errorsAreEquatableAndSendable() throws {
        let first = try #require(unboxError(Field<Int>.self, #"{"value": true}"#))
        let second = try #require(unboxError(Field<Int>.self, #"{"value": true}"#))
        #expect(first == second)
        let sendable: any Sendable = first
        #expect(sendable is UnboxError)
    }

    /// Errors kept light (a missing key, a type mismatch) and errors with details behave the same
    /// through every public accessor: reading, changing and comparing reason and path.
    @Test func lightAndDetailedErrorsBehaveAlike() throws {
        let missing = try #require(unboxError(Field<Field<Int>>.self, #"{"value": {"other": 1}}"#))
        #expect(missing.reason == .missingKey)
        #expect(missing.path == [.key("value"), .key("value")])
        let mismatch = try #require(unboxError(Field<Field<Int>>.self, #"{"value": {"value": null}}"#))
        #expect(mismatch.reason == .typeMismatch(expected: "an integer", found: .null))
        #expect(mismatch.description == "value.value: expected an integer, found null (byte 20)")

        var changed = mismatch
        changed.reason = .custom("changed")
        #expect(changed.reason == .custom("changed"))
        #expect(mismatch.reason == .typeMismatch(expected: "an integer", found: .null))
        changed.path = [.index(3)]
        #expect(changed.path == [.index(3)])
        #expect(mismatch.path == [.key("value"), .key("value")])
        changed.path = []
        #expect(changed.path.isEmpty && changed.reason == .custom("changed"))

        let made = UnboxError(reason: .missingKey, path: [.key("a"), .index(1), .key("b")], byteOffset: 4)
        #expect(made.path == [.key("a"), .index(1), .key("b")])
        #expect(made == UnboxError(reason: .missingKey, path: [.key("a"), .index(1), .key("b")], byteOffset: 4))
        #expect(made != UnboxError(reason: .missingKey, path: [.key("a")], byteOffset: 4))
    }

    /// An error met along a key path, inside a field of an outer model: the path has the outer
    /// key, then the key path's steps, then the failing key, each once.
    @Test func keyPathErrorsInsideNestedModels() throws {
        let error = try #require(unboxError(Field<AtKeyPathAB<Int>>.self, #"{"value": {"a": {"b": "x"}}}"#))
        #expect(error.path == [.key("value"), .key("a"), .key("b")])
        let missing = try #require(unboxError(Field<AtKeyPathAB<Int>>.self, #"{"value": {"a": {}}}"#))
        #expect(missing.path == [.key("value"), .key("a"), .key("b")])
        #expect(missing.reason == .missingKey)
        // A model at the end of the key path fails inside: its own key comes last, once.
        let inner = try #require(
            unboxError(Field<AtKeyPathAB<Field<Int>>>.self, #"{"value": {"a": {"b": {"other": 1}}}}"#))
        #expect(inner.path == [.key("value"), .key("a"), .key("b"), .key("value")])
        // A key path inside a key path: both kept pending, both in the path, in order.
        let nested = try #require(
            unboxError(Field<AtKeyPathAB<AtKeyPathCD<Int>>>.self, #"{"value": {"a": {"b": {"c": {"d": true}}}}}"#))
        #expect(nested.path == [.key("value"), .key("a"), .key("b"), .key("c"), .key("d")])
        #expect(nested.reason == .typeMismatch(expected: "an integer", found: .bool))
        #expect(nested.description == "value.a.b.c.d: expected an integer, found a boolean (byte 34)")
    }

    /// Every shape of path (empty, ending in a key or an index), every kind of reason and byte
    /// offsets from none to large read back as they were made, and survive each other's changes.
    @Test func everyPathReasonAndOffsetReadsBack() {
        let paths: [[UnboxPathComponent]] = [
            [], [.key("a")], [.index(2)], [.key("a"), .index(0)], [.index(1), .key("b")],
            [.key(""), .key("x.y"), .index(Int.max), .key("z")],
        ]
        let reasons: [UnboxError.Reason] = [
            .missingKey, .typeMismatch(expected: "a string", found: .null),
            .typeMismatch(expected: "a shape", found: .object), .custom("c"), .malformedJSON("m"),
        ]
        let offsets: [Int?] = [nil, 0, 1, 1 << 40]
        for path in paths {
            for reason in reasons {
                for offset in offsets {
                    var error = UnboxError(reason: reason, path: path, byteOffset: offset)
                    #expect(error.path == path && error.reason == reason && error.byteOffset == offset)
                    let copy = error
                    error.byteOffset = 7
                    #expect(error.byteOffset == 7 && error.path == path && error.reason == reason)
                    error.reason = .missingKey
                    error.path = [.key("q")]
                    #expect(error.reason == .missingKey && error.path == [.key("q")] && error.byteOffset == 7)
                    #expect(copy.path == path && copy.reason == reason && copy.byteOffset == offset)
                    #expect(copy == UnboxError(reason: reason, path: path, byteOffset: offset))
                }
            }
        }
    }
}

/// Reads its value at the key path `c.d`.
private struct AtKeyPathCD<Value: UnboxCompatible>: Unboxable {
    let value: Value

    init(unboxer: Unboxer) throws {
        value = try unboxer.unbox(keyPath: "c.d")
    }
}

/// Reads its value at the key path `a.b`.
private struct AtKeyPathAB<Value: UnboxCompatible>: Unboxable {
    let value: Value

    init(unboxer: Unboxer) throws {
        value = try unboxer.unbox(keyPath: "a.b")
    }
}

// MARK: - Models

private struct Feed: Unboxable {
    let statuses: [Status]

    init(unboxer: Unboxer) throws {
        statuses = try unboxer.unbox(key: "statuses")
    }
}

private struct Status: Unboxable {
    let screenName: String?

    init(unboxer: Unboxer) throws {
        // The first three statuses are empty objects: only those with a user are read.
        let user: User? = try unboxer.unboxIfPresent(key: "user")
        screenName = user?.screenName
    }
}

private struct User: Unboxable {
    let screenName: String

    init(unboxer: Unboxer) throws {
        screenName = try unboxer.unbox(key: "screen_name")
    }
}

private struct Deep: Unboxable {
    let c: String

    init(unboxer: Unboxer) throws {
        c = try unboxer.unbox(keyPath: "a.b.1.c")
    }
}

private enum Level: String, UnboxableEnum {
    case quiet, normal
}

private struct Setting: Unboxable {
    let level: Level

    init(unboxer: Unboxer) throws {
        level = try unboxer.unbox(key: "level")
    }
}

private struct Even: UnboxableByTransform {
    let value: Int

    static func transform(unboxedValue: Int) -> Even? {
        unboxedValue % 2 == 0 ? Even(value: unboxedValue) : nil
    }
}

private struct Formatted: Unboxable {
    let date: Date

    init(unboxer: Unboxer) throws {
        date = try unboxer.unbox(key: "date", formatter: ISO8601DateFormatter())
    }
}

private struct Dates: Unboxable {
    let dates: [Date]

    init(unboxer: Unboxer) throws {
        let lossy = (try? unboxer.unbox(key: "lossy") as Bool) ?? false
        dates = try unboxer.unbox(key: "dates", formatter: ISO8601DateFormatter(), allowInvalidElements: lossy)
    }
}
