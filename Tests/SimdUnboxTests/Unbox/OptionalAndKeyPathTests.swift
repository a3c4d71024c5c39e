import Foundation
import SimdUnbox
import Testing

/// `try?`, `unboxIfPresent`, key paths (dotted and JSON Pointer) and lossy collections.
@Suite struct OptionalAndKeyPathTests {
    // MARK: try? and unboxIfPresent

    @Test(arguments: [
        #"{}"#, #"{"value": null}"#, #"{"value": "text"}"#, #"{"value": [1]}"#, #"{"value": {"a": 1}}"#,
        #"{"value": true}"#, #"{"value": 1.5}"#,
    ])
    func tryOptionalGivesNilForMissingNullOrWrongType(json: String) throws {
        let value: Optionals = try unbox(string: json)
        #expect(value.tried == nil)
        #expect(value.after == 7)
    }

    @Test func tryOptionalGivesTheValueWhenPresent() throws {
        let value: Optionals = try unbox(string: #"{"value": 3, "after": 7}"#)
        #expect(value.tried == 3)
    }

    @Test(arguments: [#"{"after": 1}"#, #"{"value": null, "after": 1}"#, #"{"after": 1, "value": null}"#])
    func unboxIfPresentGivesNilForMissingOrNull(json: String) throws {
        let value: IfPresent = try unbox(string: json)
        #expect(value.value == nil)
        #expect(value.person == nil)
        #expect(value.list == nil)
        #expect(value.after == 1)
    }

    @Test func unboxIfPresentGivesTheValues() throws {
        let json = #"{"value": 5, "person": {"name": "N"}, "list": ["a"], "after": 2}"#
        let value: IfPresent = try unbox(string: json)
        #expect(value.value == 5)
        #expect(value.person?.name == "N")
        #expect(value.list == ["a"])
    }

    @Test(arguments: [
        (#"{"value": true, "after": 1}"#, "value", JSONType.bool),
        (#"{"person": 1, "after": 1}"#, "person", .number),
        (#"{"list": {}, "after": 1}"#, "list", .object),
    ])
    func unboxIfPresentThrowsForWrongType(json: String, key: String, found: JSONType) throws {
        let error = try #require(unboxError(IfPresent.self, json))
        #expect(error.path == [.key(key)])
        #expect(error.reason.kind == "typeMismatch", "\(error)")
        if case .typeMismatch(_, let actual) = error.reason { #expect(actual == found) }
        #expect(error.byteOffset == TestSupport.offset(of: ": ", in: json).map { $0 + 2 })
    }

    @Test func unboxIfPresentThrowsForNonNumericString() throws {
        let error = try #require(unboxError(IfPresent.self, #"{"value": "five", "after": 1}"#))
        #expect(error.path == [.key("value")])
        #expect(error.reason.kind == "invalidValue")
        #expect(error.byteOffset == 10)
    }

    @Test func unboxIfPresentThrowsForInvalidNestedModel() throws {
        let error = try #require(unboxError(IfPresent.self, #"{"person": {"nome": "x"}, "after": 1}"#))
        #expect(error.path == [.key("person"), .key("name")])
        #expect(error.reason == .missingKey)
    }

    @Test func unboxIfPresentWithFormatter() throws {
        let value: FormattedIfPresent = try unbox(string: #"{"a": "usd", "c": null}"#)
        #expect(value.a == "USD")
        #expect(value.b == nil)
        #expect(value.c == nil)
        let error = try #require(unboxError(FormattedIfPresent.self, #"{"a": ""}"#))
        #expect(error.reason.kind == "invalidValue")
        #expect(error.path == [.key("a")])
    }

    // MARK: Key paths

    static let document = """
        {"name": "John", "activities": {"running": {"distance": 300, "unit": "m"}},
         "devices": ["Macbook Pro", "iPhone", "iPad"], "a/b": 1, "a.b": 2, "m~n": 3, "": 4,
         "matrix": [[1, 2], [3, 4]], "people": [{"name": "P0"}, {"name": "P1"}], "nothing": null}
        """

    @Test(arguments: [
        ("activities.running.distance", 300), ("/activities/running/distance", 300), ("/a~1b", 1), ("/a.b", 2),
        ("/m~0n", 3), ("/", 4), ("matrix.1.0", 3), ("/matrix/0/1", 2), ("matrix.1.1", 4),
    ])
    func keyPathToInteger(path: String, expected: Int) throws {
        let value: Int = try unbox(string: Self.document, atKeyPath: path)
        #expect(value == expected)
        let model: KeyPathReader<Int> = try unbox(string: #"{"inner": \#(Self.document)}"#, context: path)
        #expect(model.value == expected)
        #expect(model.optional == expected)
    }

    @Test(arguments: [
        ("devices.0", "Macbook Pro"), ("devices.2", "iPad"), ("/devices/1", "iPhone"), ("people.1.name", "P1"),
    ])
    func keyPathToString(path: String, expected: String) throws {
        let value: String = try unbox(string: Self.document, atKeyPath: path)
        #expect(value == expected)
        let model: KeyPathReader<String> = try unbox(string: #"{"inner": \#(Self.document)}"#, context: path)
        #expect(model.value == expected)
    }

    @Test func keyPathToContainersAndModels() throws {
        let devices: [String] = try unbox(string: Self.document, atKeyPath: "devices")
        #expect(devices == ["Macbook Pro", "iPhone", "iPad"])
        let running: [String: JSONValue] = try unbox(string: Self.document, atKeyPath: "activities.running")
        #expect(running == ["distance": 300, "unit": "m"])
        let person: Named = try unbox(string: Self.document, atKeyPath: "people.1")
        #expect(person.name == "P1")
        let people: [Named] = try unbox(string: Self.document, atKey: "people")
        #expect(people.map(\.name) == ["P0", "P1"])
        let row: [Double] = try unbox(data: Data(Self.document.utf8), atKeyPath: "/matrix/1")
        #expect(row == [3, 4])
    }

    @Test(arguments: [
        ("activities.walking.distance", [UnboxPathComponent.key("activities"), .key("walking")]),
        ("devices.3", [.key("devices"), .index(3)]),
        ("/devices/10", [.key("devices"), .index(10)]),
        ("people.0.age", [.key("people"), .index(0), .key("age")]),
        ("missing", [.key("missing")]),
        ("/a.b/c", [.key("a.b"), .key("c")]),
    ])
    func keyPathMissingStep(path: String, expected: [UnboxPathComponent]) throws {
        if path != "/a.b/c" {  // a path through a number is a type mismatch, not an absent value
            let model: KeyPathReader<Int> = try unbox(string: #"{"inner": \#(Self.document)}"#, context: path)
            #expect(model.optional == nil)
        }
        do {
            let value: Int = try unbox(string: Self.document, atKeyPath: path)
            Issue.record("decoded \(value) at \(path)")
        } catch let error as UnboxError {
            if path == "/a.b/c" {
                #expect(error.reason == .typeMismatch(expected: "an object or array", found: .number), "\(error)")
            } else {
                #expect(error.reason == .missingKey, "\(error)")
            }
            #expect(error.path == expected)
        }
    }

    @Test func keyPathThroughAScalarOrWithABadIndex() throws {
        do {
            let value: Int = try unbox(string: Self.document, atKeyPath: "name.first")
            Issue.record("decoded \(value)")
        } catch let error as UnboxError {
            #expect(error.reason == .typeMismatch(expected: "an object or array", found: .string))
            #expect(error.path == [.key("name"), .key("first")])
            #expect(error.byteOffset == TestSupport.offset(of: "\"John\"", in: Self.document))
        }
        do {
            let value: String = try unbox(string: Self.document, atKeyPath: "devices.first")
            Issue.record("decoded \(value)")
        } catch let error as UnboxError {
            #expect(error.reason == .typeMismatch(expected: "an object", found: .array))
            #expect(error.path == [.key("devices"), .key("first")])
        }
    }

    @Test func keyPathValueOfWrongTypeThrowsEvenIfPresent() throws {
        let error = try #require(
            unboxError(KeyPathIfPresent.self, #"{"a": {"b": [1]}}"#))
        #expect(error.reason == .typeMismatch(expected: "an integer", found: .array))
        #expect(error.path == [.key("a"), .key("b")])
        #expect(error.byteOffset == 12)
        let text = try #require(unboxError(KeyPathIfPresent.self, #"{"a": {"b": "text"}}"#))
        #expect(text.reason.kind == "invalidValue")
        #expect(text.path == [.key("a"), .key("b")])
        #expect(text.byteOffset == 12)
        let absent: KeyPathIfPresent = try unbox(string: #"{"a": {"c": 1}}"#)
        #expect(absent.value == nil)
        let null: KeyPathIfPresent = try unbox(string: #"{"a": {"b": null}}"#)
        #expect(null.value == nil)
        let present: KeyPathIfPresent = try unbox(string: #"{"a": {"b": 9}}"#)
        #expect(present.value == 9)
    }

    @Test func keyPathOnNullIsNotAnObject() throws {
        do {
            let value: Int = try unbox(string: Self.document, atKeyPath: "nothing.x")
            Issue.record("decoded \(value)")
        } catch let error as UnboxError {
            #expect(error.reason == .typeMismatch(expected: "an object or array", found: .null))
            #expect(error.path == [.key("nothing"), .key("x")])
        }
    }

    // MARK: Lossy collections

    @Test func lossyArrayOfModelsDropsInvalidElements() throws {
        let json = #"{"people": [{"name": "A"}, {"nom": "B"}, 3, {"name": [4]}, {"name": "E"}, null]}"#
        let value: LossyPeople = try unbox(string: json)
        #expect(value.people.map(\.name) == ["A", "E"])
        let strict = try #require(unboxError(StrictPeople.self, json))
        #expect(strict.path == [.key("people"), .index(1), .key("name")])
        #expect(strict.reason == .missingKey)
    }

    @Test func lossyArrayOfScalars() throws {
        let value: LossyInts = try unbox(
            string: #"{"ints": [1, "2", 3.5, null, "x", 4, 300, [5], 6], "narrow": [1, 300, -1, 2]}"#)
        #expect(value.ints == [1, 2, 4, 300, 6])
        #expect(value.narrow == [1, 2])
        #expect(value.keyPath == nil)
    }

    @Test func lossyArrayAtKeyPath() throws {
        let value: LossyInts = try unbox(
            string: #"{"ints": [], "narrow": [], "deep": {"list": [true, null, [1], "maybe"]}}"#)
        #expect(value.keyPath == [true])
    }

    @Test func lossyRootArray() throws {
        let json = #"[{"name": "A"}, {}, {"name": "C"}, "D"]"#
        let fromString: [Named] = try unbox(string: json, allowInvalidElements: true)
        #expect(fromString.map(\.name) == ["A", "C"])
        let fromData: [Named] = try unbox(data: Data(json.utf8), allowInvalidElements: true)
        #expect(fromData.map(\.name) == ["A", "C"])
        let fromBytes: [Named] = try unbox(bytes: Array(json.utf8), allowInvalidElements: true)
        #expect(fromBytes.map(\.name) == ["A", "C"])
        let nested: [Named] = try unbox(string: #"{"x": \#(json)}"#, atKey: "x", allowInvalidElements: true)
        #expect(nested.map(\.name) == ["A", "C"])
        let deep: [Named] = try unbox(string: #"{"x": {"y": \#(json)}}"#, atKeyPath: "x.y", allowInvalidElements: true)
        #expect(deep.map(\.name) == ["A", "C"])
        let strictError = try #require(unboxError([Named].self, json))
        #expect(strictError.path == [.index(1), .key("name")])
        #expect(throws: UnboxError.self) {
            let _: [Named] = try unbox(string: json, allowInvalidElements: false)
        }
    }

    /// Arrays of models gather their first elements before the array is made: every length
    /// around that block, with a bad element at every position, strict and lossy.
    @Test(arguments: [0, 1, 2, 15, 16, 17, 18, 40, 70])
    func arraysOfModelsOfEveryLengthWithABadElementAnywhere(length: Int) throws {
        let names = (0..<length).map { "name \($0) " + String(repeating: "ü", count: $0) }
        let good = "[" + names.map { #"{"name": "\#($0)"}"# }.joined(separator: ", ") + "]"
        let all: [Named] = try unbox(string: good)
        #expect(all.map(\.name) == names)
        for bad in 0..<length {
            var elements = names.map { #"{"name": "\#($0)"}"# }
            elements[bad] = #"{"name": [\#(bad)]}"#
            let json = "[" + elements.joined(separator: ", ") + "]"
            let lossy: [Named] = try unbox(string: json, allowInvalidElements: true)
            var expected = names
            expected.remove(at: bad)
            #expect(lossy.map(\.name) == expected)
            let error = try #require(unboxError([Named].self, json))
            #expect(error.path == [.index(bad), .key("name")])
        }
    }

    /// Arrays nested deeper than the scratch space holds are read as well.
    @Test func deeplyNestedArraysOfModels() throws {
        let depth = 300
        let json =
            String(repeating: "[", count: depth) + #"{"name": "in"}, {"name": "side"}"#
            + String(repeating: "]", count: depth)
        var value = try JSONValue(string: json)
        for _ in 1..<depth {
            guard case .array(let elements) = value, elements.count == 1 else { Issue.record("not nested"); return }
            value = elements[0]
        }
        guard case .array(let innermost) = value else { Issue.record("no innermost array"); return }
        #expect(innermost.count == 2)
        let models: [[[Named]]] = try unbox(string: #"[[[{"name": "a"}], []], [[{"name": "b"}, {"name": "c"}]]]"#)
        #expect(models.map { $0.map { $0.map(\.name) } } == [[["a"], []], [["b", "c"]]])
    }

    @Test(arguments: [
        #"[{"name": "A"}, {"name": tru}, {"name": "C"}]"#,
        #"[{"name": "A"}, {"name": nul}, {"name": "C"}]"#,
        #"[{"name": "A"}, {"name": 01}, {"name": "C"}]"#,
        #"[{"name": "A"}, {"name" "B"}, {"name": "C"}]"#,
        #"[{"name": "A"}, {"name": "\x"}, {"name": "C"}]"#,
        #"[{"name": "A"}, -, {"name": "C"}]"#,
        #"[{"name": "A"}, tru, {"name": "C"}]"#,
        #"[{"name": "A"}, {"name": "B"} {"name": "C"}]"#,
        #"[{"name": "A"}, {"name": "B"},, {"name": "C"}]"#,
    ])
    func lossyArrayNeverSkipsMalformedJSON(json: String) throws {
        do {
            let value: [Named] = try unbox(string: json, allowInvalidElements: true)
            Issue.record("malformed JSON was skipped: \(value.map(\.name))")
        } catch let error as UnboxError {
            #expect(error._isMalformedDocument, "\(json): \(error)")
        }
        do {
            let value: LossyPeople = try unbox(string: #"{"people": \#(json)}"#)
            Issue.record("malformed JSON was skipped: \(value.people.map(\.name))")
        } catch let error as UnboxError {
            #expect(error._isMalformedDocument, "\(json): \(error)")
        }
    }

    /// Model decoding validates what it reads (see DESIGN, fact 6): a malformed value inside an
    /// element nobody reads may go unnoticed, but never crashes, and full validation rejects it.
    @Test(arguments: [
        #"[{"name": "A"}, {"name": "B", "x": nul}, {"name": "C"}]"#,
        #"[{"name": "A"}, [1 2], {"name": "C"}]"#,
    ])
    func lossyArrayWithMalformedUnreadContent(json: String) throws {
        #expect(throws: UnboxError.self) { try JSONValue.validate(Data(json.utf8)) }
        do {
            let value: [Named] = try unbox(string: json, allowInvalidElements: true)
            #expect(value.first?.name == "A")
            #expect(value.last?.name == "C")
        } catch let error as UnboxError {
            #expect(error._isMalformedDocument, "\(json): \(error)")
        }
    }

    @Test func lossyDictionary() throws {
        let json = #"{"scores": {"a": 1, "b": "2", "c": "three", "d": null, "e": 5.5, "f": 6}}"#
        let value: LossyScores = try unbox(string: json)
        #expect(value.scores == ["a": 1, "b": 2, "f": 6])
        let models: LossyModels = try unbox(string: #"{"byID": {"x": {"name": "X"}, "y": {}, "z": {"name": "Z"}}}"#)
        #expect(models.byID.mapValues(\.name) == ["x": "X", "z": "Z"])
        let malformed = try #require(unboxError(LossyScores.self, #"{"scores": {"a": 1, "b": fals, "c": 3}}"#))
        #expect(malformed._isMalformedDocument, "\(malformed)")
    }
}

// MARK: - Models

private struct Optionals: Unboxable {
    let tried: Int?
    let after: Int

    init(unboxer: Unboxer) throws {
        tried = try? unboxer.unbox(key: "value")
        after = (try? unboxer.unbox(key: "after")) ?? 7
    }
}

private struct Named: Unboxable {
    let name: String

    init(unboxer: Unboxer) throws {
        name = try unboxer.unbox(key: "name")
    }
}

private struct IfPresent: Unboxable {
    let value: Int?
    let person: Named?
    let list: [String]?
    let after: Int

    init(unboxer: Unboxer) throws {
        value = try unboxer.unboxIfPresent(key: "value")
        person = try unboxer.unboxIfPresent(key: "person")
        list = try unboxer.unboxIfPresent(key: "list")
        after = try unboxer.unbox(key: "after")
    }
}

private struct UppercaseFormatter: UnboxFormatter {
    func format(unboxedValue: String) -> String? {
        unboxedValue.isEmpty ? nil : unboxedValue.uppercased()
    }
}

private struct FormattedIfPresent: Unboxable {
    let a: String?
    let b: String?
    let c: String?

    init(unboxer: Unboxer) throws {
        a = try unboxer.unboxIfPresent(key: "a", formatter: UppercaseFormatter())
        b = try unboxer.unboxIfPresent(key: "b", formatter: UppercaseFormatter())
        c = try unboxer.unboxIfPresent(key: "c", formatter: UppercaseFormatter())
    }
}

private struct KeyPathReader<Value: UnboxCompatible>: UnboxableWithContext {
    let value: Value?
    let optional: Value?

    init(unboxer: Unboxer, context path: String) throws {
        let full = path.hasPrefix("/") ? "/inner" + path : "inner." + path
        optional = try unboxer.unboxIfPresent(keyPath: full)
        value = try? unboxer.unbox(keyPath: full)
    }
}

private struct KeyPathIfPresent: Unboxable {
    let value: Int?

    init(unboxer: Unboxer) throws {
        value = try unboxer.unboxIfPresent(keyPath: "a.b")
    }
}

private struct LossyPeople: Unboxable {
    let people: [Named]

    init(unboxer: Unboxer) throws {
        people = try unboxer.unbox(key: "people", allowInvalidElements: true)
    }
}

private struct StrictPeople: Unboxable {
    let people: [Named]

    init(unboxer: Unboxer) throws {
        people = try unboxer.unbox(key: "people", allowInvalidElements: false)
    }
}

private struct LossyInts: Unboxable {
    let ints: [Int]
    let narrow: [UInt8]
    let keyPath: [Bool]?

    init(unboxer: Unboxer) throws {
        ints = try unboxer.unbox(key: "ints", allowInvalidElements: true)
        narrow = try unboxer.unbox(key: "narrow", allowInvalidElements: true)
        keyPath = try? unboxer.unbox(keyPath: "deep.list", allowInvalidElements: true)
    }
}

private struct LossyScores: Unboxable {
    let scores: [String: Int]

    init(unboxer: Unboxer) throws {
        scores = try unboxer.unbox(key: "scores", allowInvalidElements: true)
    }
}

private struct LossyModels: Unboxable {
    let byID: [String: Named]

    init(unboxer: Unboxer) throws {
        byID = try unboxer.unbox(key: "byID", allowInvalidElements: true)
    }
}
