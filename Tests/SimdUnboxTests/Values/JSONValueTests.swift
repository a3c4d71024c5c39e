import Foundation
import SimdUnbox
import Testing

/// `JSONValue`: free-form subtrees in models, whole documents, subscripts, literals, equality.
@Suite struct JSONValueTests {
    @Test func freeFormFieldInAModel() throws {
        let json = #"""
            {"type": "PushEvent", "payload": {"size": 2, "ref": null, "commits": [{"sha": "abc", "distinct": true}],
             "ratio": 0.1, "big": 18446744073709551616, "exp": 1e400, "text": "caf\u00e9 \ud83d\ude00"}, "after": 1}
            """#
        let event: Event = try unbox(string: json)
        #expect(event.type == "PushEvent")
        #expect(event.after == 1)
        let expected: JSONValue = [
            "size": 2, "ref": nil, "commits": [["sha": "abc", "distinct": true]], "ratio": 0.1,
            "big": .number(try #require(JSONNumber("18446744073709551616"))),
            "exp": .number(try #require(JSONNumber("1e400"))), "text": "café 😀",
        ]
        #expect(event.payload == expected)
        #expect(event.payload["size"] == 2)
        #expect(event.payload["ref"] == .null)
        #expect(event.payload["missing"] == nil)
        #expect(event.payload["commits"]?[0]?["sha"] == "abc")
        #expect(event.payload["commits"]?[1] == nil)
        #expect(event.payload["commits"]?[-1] == nil)
        #expect(event.payload["commits"]?["sha"] == nil)
        #expect(event.payload[0] == nil)
        #expect(event.payload.type == .object)
        #expect(event.payload["ratio"]?.type == .number)
        guard case .number(let ratio)? = event.payload["ratio"] else {
            Issue.record("ratio is not a number")
            return
        }
        #expect(ratio.text == "0.1")
        #expect(ratio.doubleValue == 0.1)
    }

    @Test func freeFormFieldsOfEveryKind() throws {
        let json = #"{"a": null, "b": true, "c": -1.5e-3, "d": "s", "e": [], "f": {}}"#
        let all: [String: JSONValue] = try unbox(string: json)
        #expect(
            all == [
                "a": .null, "b": .bool(true), "c": .number(try #require(JSONNumber("-1.5e-3"))), "d": "s", "e": [],
                "f": [:],
            ])
        #expect(
            all.mapValues(\.type) == ["a": .null, "b": .bool, "c": .number, "d": .string, "e": .array, "f": .object])
        let optional: OptionalPayload = try unbox(string: #"{"payload": null}"#)
        #expect(optional.payload == nil)
        let present: OptionalPayload = try unbox(string: #"{"payload": [null]}"#)
        #expect(present.payload == [nil])
    }

    @Test func wholeDocuments() throws {
        let text = #"  {"x": [1, 2.50, "3"], "y": {"z": false}, "x2": 1E2}  "#
        let fromString = try JSONValue(string: text)
        let fromData = try JSONValue(data: Data(text.utf8))
        let fromBytes = try JSONValue(bytes: Array(text.utf8))
        #expect(fromString == fromData)
        #expect(fromData == fromBytes)
        #expect(fromString["x"]?[1] == .number(try #require(JSONNumber("2.50"))))
        #expect(fromString["x"]?[1] != 2.5)
        #expect(fromString["x2"] == .number(try #require(JSONNumber("1E2"))))
        #expect(fromString["y"]?["z"] == false)
        try JSONValue.validate(Data(text.utf8))
        #expect(try JSONValue(string: "null") == nil)
        #expect(try JSONValue(string: "\"s\"") == "s")
        #expect(try JSONValue(string: "-0") == .number(try #require(JSONNumber("-0"))))
    }

    @Test func duplicateKeysLastWins() throws {
        #expect(try JSONValue(string: #"{"a": 1, "a": 2}"#) == ["a": 2])
        let literal: JSONValue = ["k": 1, "k": 2]
        #expect(literal == ["k": 2])
    }

    @Test func literalsAndEquality() throws {
        let value: JSONValue = ["n": nil, "b": true, "i": 42, "d": 2.5, "s": "x", "a": [1, "two"], "o": ["k": false]]
        #expect(value["n"] == .null)
        #expect(value["b"] == .bool(true))
        #expect(value["i"] == .number(JSONNumber(42)))
        #expect(value["d"] == .number(JSONNumber(2.5)))
        #expect(value["s"] == .string("x"))
        #expect(value["a"] == .array([.number(JSONNumber(1)), .string("two")]))
        #expect(value["o"] == .object(["k": .bool(false)]))
        #expect(JSONValue.number(JSONNumber(1)) != JSONValue.number(JSONNumber(1.5)))
        #expect(JSONValue.string("1") != JSONValue.number(JSONNumber(1)))
        #expect(JSONValue.array([]) != JSONValue.object([:]))
        #expect(Set<JSONValue>([1, 1, "1", nil, nil]).count == 3)
        let parsed = try JSONValue(
            string: #"{"n": null, "b": true, "i": 42, "d": 2.5, "s": "x", "a": [1, "two"], "o": {"k": false}}"#)
        #expect(parsed == value)
    }

    @Test func maximumDepth() throws {
        let nested = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        _ = try JSONValue(string: nested, maximumDepth: 20)
        do {
            _ = try JSONValue(string: nested, maximumDepth: 19)
            Issue.record("nesting beyond the limit was accepted")
        } catch let error as UnboxError {
            #expect(error.reason == .depthLimitExceeded(limit: 19))
            #expect(error.description.contains("nesting deeper than the limit of 19"))
        }
        #expect(throws: UnboxError.self) { try JSONValue.validate(Data(nested.utf8), maximumDepth: 10) }
        try JSONValue.validate(Data(nested.utf8), maximumDepth: 20)
    }

    @Test(arguments: [
        #"{"a": tru}"#, #"[nul]"#, #"[1, fals]"#, #"{"a": 01}"#, #"["\x"]"#, #"{"a" 1}"#, #"[1,]"#, #"{"a": 1,}"#,
        #"[1] 2"#, #"{} {}"#, "", "  ", #"{"a": "\u12"}"#, #"["\ud800"]"#, #"[-]"#, #"[1e]"#, #"[.5]"#, #"[+1]"#,
    ])
    func rejectsMalformedDocuments(json: String) throws {
        do {
            let value = try JSONValue(string: json)
            Issue.record("accepted \(json) as \(value)")
        } catch let error as UnboxError {
            #expect(error._isMalformedDocument, "\(json): \(error)")
            #expect(error.byteOffset != nil, "\(json): \(error)")
        }
        #expect(throws: UnboxError.self) { try JSONValue.validate(Data(json.utf8)) }
    }

    @Test func diagnostics() {
        #expect(!SimdUnboxDiagnostics.activeImplementation.isEmpty)
        #expect(SimdUnboxDiagnostics.maximumDocumentSize >= 4_294_967_295 - 1)
    }
}

private struct Event: Unboxable {
    let type: String
    let payload: JSONValue
    let after: Int

    init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "type")
        payload = try unboxer.unbox(key: "payload")
        after = try unboxer.unbox(key: "after")
    }
}

private struct OptionalPayload: Unboxable {
    let payload: JSONValue?

    init(unboxer: Unboxer) throws {
        payload = try unboxer.unboxIfPresent(key: "payload")
    }
}
