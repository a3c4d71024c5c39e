import Foundation
import SimdUnbox
import Testing

/// Bad input of every kind: each must throw `UnboxError` (malformed JSON, with a byte offset),
/// never crash, never decode.
@Suite struct MalformedInputTests {
    static let valid = #"{"id": 12, "name": "caf\u00e9 ✨", "tags": ["a", "b"], "ok": true, "none": null, "x": -1.5e2}"#

    /// Decodes every value of `valid`, so every byte of it is read.
    static func decodeAll(_ bytes: [UInt8]) throws {
        let _: Full = try unbox(bytes: bytes)
    }

    @Test func validDocumentDecodes() throws {
        let full: Full = try unbox(string: Self.valid)
        #expect(full.id == 12)
        #expect(full.name == "café ✨")
        #expect(full.tags == ["a", "b"])
        #expect(full.ok)
        #expect(full.none == nil)
        #expect(full.x == -150)
    }

    @Test func everyTruncationThrows() throws {
        let bytes = Array(Self.valid.utf8)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            for attempt in 0..<4 {
                do {
                    switch attempt {
                    case 0: try Self.decodeAll(prefix)
                    case 1: let _: FirstOnly = try unbox(bytes: prefix)
                    case 2: _ = try JSONValue(bytes: prefix)
                    default: let _: [String: JSONValue] = try unbox(bytes: prefix)
                    }
                    Issue.record(
                        "prefix of \(length) bytes decoded (attempt \(attempt)): \(String(decoding: prefix, as: UTF8.self))"
                    )
                } catch let error as UnboxError {
                    #expect(error._isMalformedDocument, "\(length) bytes, attempt \(attempt): \(error)")
                    let offset = try #require(error.byteOffset, "\(length) bytes: \(error)")
                    #expect(offset >= 0 && offset <= length, "\(length) bytes: \(error)")
                }
            }
        }
    }

    static let malformedDocuments: [String] = [
        // Structure
        #"{"id": 1 "name": "x"}"#, #"{"id" 1}"#, #"{"id": 1,, "name": "x"}"#, #"{"id": 1, "name": "x",}"#,
        #"{"id": 1, "name": ["x",]}"#, #"{"id": 1, "name": "x""#, #"{"id": 1, "name": "x"]"#, #"{"id": [1}"#,
        #"{"id": 1]"#, #"{id: 1}"#, #"{'id': 1}"#, #"{"id": 1, "name": "x"}}"#, #"{"id": 1, : "x"}"#,
        #"{"id": 1, "name"}"#, #"{"id": 1 , "name": , }"#, #"{"id": 1, "tags": [1 2]}"#, #"{"id": 1, "tags": [,1]}"#,
        // Literals
        #"{"id": 1, "name": tru}"#, #"{"id": 1, "name": nul}"#, #"{"id": 1, "name": fals}"#,
        #"{"id": 1, "name": True}"#, #"{"id": 1, "name": nulll}"#, #"{"id": tru}"#, #"{"id": nul}"#,
        // Numbers
        #"{"id": 01}"#, #"{"id": 1.}"#, #"{"id": .5}"#, #"{"id": -}"#, #"{"id": 1e}"#, #"{"id": +1}"#,
        #"{"id": 0x10}"#, #"{"id": 1e+}"#, #"{"id": --1}"#, #"{"id": 1.2.3}"#, #"{"id": NaN}"#, #"{"id": Infinity}"#,
        #"{"id": -01}"#, #"{"id": 1ee5}"#,
        // Strings
        #"{"id": 1, "name": "unclosed}"#, #"{"id": 1, "name": "bad \x escape"}"#, #"{"id": 1, "name": "\u12"}"#,
        #"{"id": 1, "name": "\uZZZZ"}"#, "{\"id\": 1, \"name\": \"tab\there\"}",
        "{\"id\": 1, \"name\": \"line\nbreak\"}",
        "{\"id\": 1, \"name\": \"nul\u{0}char\"}", #"{"id": 1, "name": 'single'}"#, #"{"id": 1, "name": "\ud800"}"#,
        #"{"id": 1, "name": "\udc00\ud800"}"#,
        // Empty, whitespace, content after the root
        "", " ", "\n\t\r ", #"{"id": 1, "name": "x"} {}"#, #"{"id": 1, "name": "x"} x"#, #"{"id": 1, "name": "x"}]"#,
        "{\"id\": 1, \"name\": \"x\"}\u{0}", "\u{0}{\"id\": 1, \"name\": \"x\"}",
    ]

    /// Documents whose malformation lies where a model that reads `id` and `name` never looks
    /// (DESIGN, fact 6: model decoding validates what it reads; full validation rejects them).
    static let unreadMalformations: Set<String> = [
        #"{"id": 1, "name": "x",}"#, #"{"id": 1, "tags": [1 2]}"#, #"{"id": 1, "tags": [,1]}"#,
    ]

    @Test(arguments: malformedDocuments)
    func malformedDocumentThrows(json: String) throws {
        do {
            let value: StrictIDAndName = try unbox(string: json)
            #expect(Self.unreadMalformations.contains(json), "decoded \(value)")
        } catch let error as UnboxError {
            #expect(error.byteOffset != nil, "\(error)")
        }
        for attempt in 1..<3 {
            do {
                switch attempt {
                case 1: _ = try JSONValue(string: json)
                default: try JSONValue.validate(Data(json.utf8))
                }
                Issue.record("decoded (attempt \(attempt))")
            } catch let error as UnboxError {
                #expect(error._isMalformedDocument, "attempt \(attempt): \(error)")
                let offset = try #require(error.byteOffset, "\(error)")
                #expect(offset >= 0 && offset <= json.utf8.count, "\(error)")
                #expect(error.description.contains("malformed JSON: "), "\(error)")
            }
        }
    }

    @Test(arguments: ["1 2", "[1] x", "{} {}", "[] []", "null null", "\"a\" \"b\"", "true false", "1,", "[1],", "{}}"])
    func contentAfterTheRootThrows(json: String) throws {
        for attempt in 0..<3 {
            do {
                switch attempt {
                case 0: _ = try JSONValue(string: json)
                case 1: let _: [String: Int] = try unbox(string: json)
                default: let _: [Int] = try unbox(string: json)
                }
                Issue.record("decoded \(json) (attempt \(attempt))")
            } catch let error as UnboxError {
                // A root of another type may be reported as a type mismatch before the trailing
                // content is seen; what matters is that the document never decodes.
                if attempt == 0 {
                    #expect(error._isMalformedDocument, "\(error)")
                }
            }
        }
        let error = try #require(unboxError([Int].self, "[1] x"))
        #expect(error._isMalformedDocument, "\(error)")
        #expect(error.byteOffset != nil, "\(error)")
        let scalar = try #require(unboxError(JSONValue.self, "[1]]"))
        #expect(scalar.reason == .malformedJSON("unexpected content after the root value"))
        #expect(scalar.byteOffset == 3)
        let number = try #require(unboxError(Int.self, "1 2"))
        #expect(number.reason == .malformedJSON("unexpected content after the root value"))
        #expect(number.byteOffset != nil)
    }

    @Test func emptyAndWhitespaceInput() throws {
        for json in ["", "   ", "\n"] {
            let error = try #require(unboxError(Field<Int>.self, json))
            #expect(error.reason == .malformedJSON("the document has no JSON value"))
            #expect(error.byteOffset == json.utf8.count)
            #expect(error.path.isEmpty)
        }
        #expect(throws: UnboxError.self) { let _: Int = try unbox(data: Data()) }
        #expect(throws: UnboxError.self) { let _: [Int] = try unbox(bytes: [UInt8]()) }
        #expect(throws: UnboxError.self) { let _: Int = try Unboxer.performCustomUnboxing(string: "") { _ in 1 } }
    }

    // MARK: UTF-8

    static let invalidUTF8: [(name: String, bytes: [UInt8])] = [
        ("0xFF", [0xFF]),
        ("0xFE", [0xFE]),
        ("lone continuation 0x80", [0x80]),
        ("overlong NUL C0 80", [0xC0, 0x80]),
        ("overlong slash C1 AF", [0xC1, 0xAF]),
        ("overlong E0 80 AF", [0xE0, 0x80, 0xAF]),
        ("truncated two-byte C3", [0xC3]),
        ("truncated three-byte E2 9C", [0xE2, 0x9C]),
        ("truncated four-byte F0 9F 98", [0xF0, 0x9F, 0x98]),
        ("UTF-16 surrogate ED A0 80", [0xED, 0xA0, 0x80]),
        ("UTF-16 surrogate ED BF BF", [0xED, 0xBF, 0xBF]),
        ("beyond U+10FFFF F4 90 80 80", [0xF4, 0x90, 0x80, 0x80]),
        ("F5 lead byte", [0xF5, 0x80, 0x80, 0x80]),
    ]

    @Test(arguments: invalidUTF8.indices)
    func invalidUTF8InAString(index: Int) throws {
        let (name, bad) = Self.invalidUTF8[index]
        let prefix = Array(#"{"id": 1, "name": "ok "#.utf8)
        let bytes = prefix + bad + Array(#" end"}"#.utf8)
        let error = try #require(unboxError(IDAndName.self, bytes: bytes), "\(name)")
        #expect(error.reason == .malformedJSON("invalid UTF-8"), "\(name): \(error)")
        #expect(error.byteOffset == prefix.count, "\(name): \(error)")
        #expect(error.description == "malformed JSON: invalid UTF-8 (byte \(prefix.count))", "\(name)")
        #expect(throws: UnboxError.self) { _ = try JSONValue(bytes: bytes) }
    }

    @Test(arguments: invalidUTF8.indices)
    func invalidUTF8InAnUnreadPlace(index: Int) throws {
        let (name, bad) = Self.invalidUTF8[index]
        let prefix = Array(#"{"id": 1, "name": "ok", "unread": [""#.utf8)
        let bytes = prefix + bad + Array(#""], "k"#.utf8) + bad + Array(#"": 0}"#.utf8)
        let error = try #require(unboxError(IDAndName.self, bytes: bytes), "\(name)")
        #expect(error.reason == .malformedJSON("invalid UTF-8"), "\(name): \(error)")
        #expect(error.byteOffset == prefix.count, "\(name): \(error)")
    }

    @Test func invalidUTF8OutsideStrings() throws {
        let bytes: [UInt8] = [0x5B, 0x31, 0x2C, 0x20, 0xFF, 0x5D]  // [1, <FF>]
        let error = try #require(unboxError([Int].self, bytes: bytes))
        #expect(error.reason == .malformedJSON("invalid UTF-8"))
        #expect(error.byteOffset == 4)
        let bom = try #require(unboxError([Int].self, bytes: [0xEF, 0xBB, 0xBF, 0x5B, 0x5D]))
        #expect(bom._isMalformedDocument, "\(bom)")
    }

    @Test func validMultiByteUTF8IsAccepted() throws {
        let bytes = Array("{\"id\": 1, \"name\": \"ü ✓ 😀 𝄞 \u{10FFFF}\"}".utf8)
        let value: IDAndName = try unbox(bytes: bytes)
        #expect(value.name == "ü ✓ 😀 𝄞 \u{10FFFF}")
    }

    /// Strings are made from simdjson's bytes without Swift checking their UTF-8 again, which is
    /// sound only if no escape unescapes to invalid UTF-8. Every `\uXXXX`, and surrogates paired
    /// every way, give what `JSONDecoder` gives: the same string (whose bytes are valid UTF-8) or
    /// an error (lone or mismatched surrogates).
    @Test func everyUnicodeEscapeUnescapesToValidUTF8() throws {
        var escapes = (0...0xFFFF).map { String(format: "\\u%04x", $0) }
        for high in stride(from: 0xD800, through: 0xDBFF, by: 0x3F) {
            for low in [0xDC00, 0xDC01, 0xDE00, 0xDFFF, 0xD800, 0xDBFF, 0xE000, 0x0041] {
                escapes.append(String(format: "\\u%04X\\u%04X", high, low))
            }
            escapes.append(String(format: "\\u%04Xx", high))
        }
        var mismatches: [String] = []
        for escape in escapes {
            let json = Data("[\"a\(escape)b\"]".utf8)
            let expected = try? JSONDecoder().decode([String].self, from: json)
            let unboxed = try? unbox(data: json) as [String]
            let decoded = try? SimdJSONDecoder().decode([String].self, from: json)
            let valid = [unboxed, decoded].allSatisfy { strings in
                strings.map { $0.allSatisfy { String(validating: Array($0.utf8), as: UTF8.self) == $0 } } ?? true
            }
            if unboxed != expected || decoded != expected || !valid { mismatches.append(escape) }
        }
        #expect(mismatches.count == 0)
        #expect(Array(mismatches.prefix(5)) == [])
    }

    // MARK: NUL bytes

    @Test func nulBytes() throws {
        let inside: [UInt8] = Array(#"{"id": 1, "name": "a"#.utf8) + [0] + Array(#"b"}"#.utf8)
        let error = try #require(unboxError(IDAndName.self, bytes: inside))
        #expect(error._isMalformedDocument, "\(error)")
        #expect(error.byteOffset == 20, "\(error)")
        let outside: [UInt8] = Array(#"{"id": 1,"#.utf8) + [0] + Array(#" "name": "b"}"#.utf8)
        let outsideError = try #require(unboxError(IDAndName.self, bytes: outside))
        #expect(outsideError._isMalformedDocument, "\(outsideError)")
        let only = try #require(unboxError(Field<Int>.self, bytes: [0]))
        #expect(only._isMalformedDocument, "\(only)")
        // An escaped NUL is a valid character.
        let escaped: IDAndName = try unbox(string: #"{"id": 1, "name": "a\u0000b"}"#)
        #expect(escaped.name == "a\u{0}b")
    }

    // MARK: Depth

    @Test func veryDeepNestingIsRefused() throws {
        for count in [1_000, 100_000] {
            let open = String(repeating: "[", count: count)
            let documents = [open, open + String(repeating: "]", count: count)]
            for json in documents {
                do {
                    let value = try JSONValue(string: json)
                    Issue.record("decoded \(count) levels: \(value.type)")
                } catch let error as UnboxError {
                    #expect(error._isMalformedDocument, "\(count): \(error)")
                }
                do {
                    let value: [[Int]] = try unbox(string: json)
                    Issue.record("decoded \(count) levels: \(value)")
                } catch let error as UnboxError {
                    #expect(
                        ["malformedJSON", "depthLimitExceeded", "typeMismatch"].contains(error.reason.kind), "\(error)")
                }
                #expect(throws: UnboxError.self) { let _: Field<Int> = try unbox(string: json) }
            }
        }
        let objects = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        let error = try #require(throws: UnboxError.self) { _ = try JSONValue(string: objects) }
        #expect(error._isMalformedDocument, "\(error)")
    }

    @Test func depthLimitThroughModels() throws {
        let depth = defaultUnboxMaximumDepth + 10
        let json = String(repeating: #"{"next":"#, count: depth) + "null" + String(repeating: "}", count: depth)
        do {
            let value: Chain = try unbox(string: json)
            Issue.record("decoded a chain deeper than the limit: \(value.length)")
        } catch let error as UnboxError {
            #expect(error._isMalformedDocument, "\(error)")
        }
        let shallow = String(repeating: #"{"next":"#, count: 100) + "null" + String(repeating: "}", count: 100)
        let chain: Chain = try unbox(string: shallow)
        #expect(chain.length == 100)
    }

    // MARK: try? never hides a broken document

    @Test(arguments: [
        #"{"a": tru, "b": 1}"#, #"{"a": nul, "b": 1}"#, #"{"a": 01, "b": 1}"#, #"{"a": "\x", "b": 1}"#,
        #"{"a": -, "b": 1}"#, #"{"b": 1, "a": fals}"#, #"{"a": 1e, "b": 1}"#, #"{"a": "\u12", "b": 1}"#,
    ])
    func tryOptionalOnAMalformedValueFailsTheDecode(json: String) throws {
        let error = try #require(unboxError(TryA.self, json))
        #expect(error._isMalformedDocument, "\(json): \(error)")
        #expect(error.byteOffset != nil)
        let ifPresent = try #require(unboxError(IfPresentA.self, json))
        #expect(ifPresent._isMalformedDocument, "\(json): \(ifPresent)")
    }

    /// A read that meets a missing value under `try?` fails the decode as malformed JSON, in an
    /// array's elements too: the skips over what a read began rely on it (csimdjson_skips.h).
    @Test(arguments: [
        #"[{"a": , "b": 1}, {"a": 1, "b": 2}]"#, #"[{"b": 1, "a": }, {"a": 1, "b": 2}]"#, #"[{"a": ], "b": 1}]"#,
        #"[{"a": 1, "b": 2}, {"a": , "b": 1}]"#,
    ])
    func aMissingValueReadUnderTryFailsTheDecode(json: String) throws {
        let error = try #require(unboxError([TryA].self, json))
        #expect(error._isMalformedDocument, "\(error)")
        do {
            let decoded = try SimdJSONDecoder().decode([CodableTryA].self, from: Data(json.utf8))
            Issue.record("decoded \(decoded)")
        } catch DecodingError.dataCorrupted {
        } catch {
            Issue.record("not dataCorrupted: \(error)")
        }
    }

    @Test func tryOptionalOnMalformedValueInNestedModel() throws {
        let json = #"{"inner": {"a": tru, "b": 1}, "after": 2}"#
        let error = try #require(unboxError(Outer.self, json))
        #expect(error._isMalformedDocument, "\(error)")
        #expect(error.byteOffset == TestSupport.offset(of: "tru", in: json))
    }

    /// After a lookup fails on malformed structure (a missing colon or comma), `try?` lets the
    /// model go on; the next lookup must throw malformed JSON, never touch simdjson's dead cursors.
    @Test(arguments: [#"{"id" 1}"#, #"{id: 1}"#, #"{'id': 1}"#, #"{"x": 1 "id": 2}"#])
    func secondLookupAfterAStructuralError(json: String) throws {
        let error = try #require(unboxError(IDAndName.self, json))
        #expect(error._isMalformedDocument, "\(error)")
    }

    // MARK: Values missing in a container the decoder walks

    /// Objects lacking a value before a separator or a closing bracket, inside the object `a` whose
    /// fields a lookup walks. simdjson's skip takes such a separator for the end of a value read
    /// before, and went on to `a`'s closing bracket, so that the walk went on among the root's
    /// fields: looking up `b` in `a` found the root's `b`.
    static let valuesMissingInObjects: [String] = [
        #"{"a":{"x":,"y"},"b":1}"#, #"{"a":{"x":},"b":1}"#, #"{"a":{"x":1,"y":,},"b":1}"#,
        #"{"a":{"x":]},"b":1}"#, #"{"a":{"x":,"y":2},"b":1}"#, #"{"a":{"x": , "y":2}, "b":1}"#,
    ]

    @Test(arguments: valuesMissingInObjects)
    func aValueMissingInAWalkedObjectIsMalformed(json: String) throws {
        // The models throw as soon as the lookup of `b` in `a` returns a value: the malformed JSON
        // must be reported first (before, the lookup returned the root's `b`, and the decode failed
        // only later, when the root's end was checked).
        let error = try #require(unboxError(LooksUpBInA.self, json))
        #expect(error._isMalformedDocument, "\(error)")
        // Where the value is missing: the first token after a colon that cannot start a value.
        let bytes = Array(json.utf8)
        let tokens = bytes.indices.filter { bytes[$0] != UInt8(ascii: " ") }
        let missing = zip(tokens, tokens.dropFirst()).first { colon, next in
            bytes[colon] == UInt8(ascii: ":") && ",]}".utf8.contains(bytes[next])
        }?.1
        #expect(error.byteOffset == missing, "\(error)")
        let keyPath = try #require(unboxError(KeyPathAB.self, json))
        #expect(keyPath._isMalformedDocument, "\(keyPath)")
        let data = Data(json.utf8)
        #expect(throws: (any Error).self) { _ = try JSONDecoder().decode(CodableLooksUpBInA.self, from: data) }
        let snakeCase = SimdJSONDecoder()
        snakeCase.keyDecodingStrategy = .convertFromSnakeCase
        for decoder in [SimdJSONDecoder(), snakeCase] {
            do {
                let decoded = try decoder.decode(CodableLooksUpBInA.self, from: data)
                Issue.record("decoded \(decoded)")
            } catch DecodingError.dataCorrupted {
            } catch {
                Issue.record("not dataCorrupted: \(error)")
            }
        }
    }

    /// Arrays lacking an element before a separator or their closing bracket, counted (which skips
    /// every element): the count went on among the root's values. (Foundation accepts a trailing
    /// comma, `[1,]`; SimdUnbox rejects it, as the migration guide says.)
    @Test(arguments: [#"{"a":[1,],"b":2}"#, #"{"a":[,],"b":2}"#, #"{"a":[1,,2],"b":2}"#, #"{"a":[{},],"b":2}"#])
    func anElementMissingInACountedArrayIsMalformed(json: String) throws {
        let data = Data(json.utf8)
        if !json.contains(",]") {
            #expect(throws: (any Error).self) { _ = try JSONDecoder().decode(CountsA.self, from: data) }
        }
        do {
            let decoded = try SimdJSONDecoder().decode(CountsA.self, from: data)
            Issue.record("decoded \(decoded)")
        } catch DecodingError.dataCorrupted {
        } catch {
            Issue.record("not dataCorrupted: \(error)")
        }
    }

    /// Valid documents whose values start right after an opening bracket, a colon or a comma, and
    /// empty containers, walked by the same models: the check rejects none of them.
    @Test func walkedContainersThatAreValid() throws {
        let looked: LooksUpBInA = try unbox(string: #"{"a":{"x":[],"y":{},"z":[[]],"w":""},"b":1}"#)
        #expect(looked.b == nil)
        let missing: LooksUpBInA = try unbox(string: #"{"a":{"x":{},"y":[],"z":{"q":[{}]}},"b":1}"#)
        #expect(missing.b == nil)
        let counted = try SimdJSONDecoder().decode(CountsA.self, from: Data(#"{"a":[[],{},[1,{}],""],"b":2}"#.utf8))
        #expect(counted == CountsA(count: 4, b: 2))
        let empty = try SimdJSONDecoder().decode(CountsA.self, from: Data(#"{"a":[],"b":2}"#.utf8))
        #expect(empty == CountsA(count: 0, b: 2))
    }

    @Test func malformedLiteralOffsets() throws {
        let json = #"{"a": tru, "b": 1}"#
        let error = try #require(unboxError(TryA.self, json))
        #expect(error.byteOffset == 6)
        #expect(error.description.hasSuffix("(byte 6)"), "\(error)")
    }
}

// MARK: - Models

private struct Full: Unboxable {
    let id: Int
    let name: String
    let tags: [String]
    let ok: Bool
    let none: Int?
    let x: Double

    init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        name = try unboxer.unbox(key: "name")
        tags = try unboxer.unbox(key: "tags")
        ok = try unboxer.unbox(key: "ok")
        none = try unboxer.unboxIfPresent(key: "none")
        x = try unboxer.unbox(key: "x")
    }
}

private struct StrictIDAndName: Unboxable {
    let id: Int
    let name: String

    init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        name = try unboxer.unbox(key: "name")
    }
}

private struct FirstOnly: Unboxable {
    let id: Int

    init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
    }
}

private struct IDAndName: Unboxable {
    let id: Int?
    let name: String?

    init(unboxer: Unboxer) throws {
        id = try? unboxer.unbox(key: "id")
        name = try? unboxer.unbox(key: "name")
    }
}

private final class Chain: Unboxable {
    let next: Chain?

    var length: Int { 1 + (next?.length ?? 0) }

    init(unboxer: Unboxer) throws {
        next = try unboxer.unboxIfPresent(key: "next")
    }
}

private struct TryA: Unboxable {
    let a: Int?
    let b: Int

    init(unboxer: Unboxer) throws {
        a = try? unboxer.unbox(key: "a")
        b = try unboxer.unbox(key: "b")
    }
}

private struct CodableTryA: Decodable {
    let a: Int?
    let b: Int

    enum Keys: String, CodingKey { case a, b }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        a = try? container.decode(Int.self, forKey: .a)
        b = try container.decode(Int.self, forKey: .b)
    }
}

private struct IfPresentA: Unboxable {
    let a: Int?
    let b: Int?

    init(unboxer: Unboxer) throws {
        a = try? unboxer.unboxIfPresent(key: "a")
        b = try? unboxer.unbox(key: "b")
    }
}

private struct Outer: Unboxable {
    let inner: TryA?
    let after: Int

    init(unboxer: Unboxer) throws {
        inner = try? unboxer.unbox(key: "inner")
        after = try unboxer.unbox(key: "after")
    }
}

/// What the models below throw when a lookup of `b` in `a` returns a value: `a` has no `b`.
private struct FoundTheRootsB: Error {
    let value: Int
}

/// Looks up `b` in the object `a`, where it is absent.
private struct LooksUpBInA: Unboxable {
    let b: Int?

    init(unboxer: Unboxer) throws {
        let inner: InnerB = try unboxer.unbox(key: "a")
        b = inner.b
    }

    struct InnerB: Unboxable {
        let b: Int?

        init(unboxer: Unboxer) throws {
            b = try unboxer.unboxIfPresent(key: "b")
            if let b { throw FoundTheRootsB(value: b) }
        }
    }
}

private struct KeyPathAB: Unboxable {
    let b: Int?

    init(unboxer: Unboxer) throws {
        b = try unboxer.unboxIfPresent(keyPath: "a.b")
        if let b { throw FoundTheRootsB(value: b) }
    }
}

private struct CodableLooksUpBInA: Decodable {
    let b: Int?

    enum Keys: String, CodingKey { case a, b }

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: Keys.self)
        let inner = try root.nestedContainer(keyedBy: Keys.self, forKey: .a)
        b = try inner.decodeIfPresent(Int.self, forKey: .b)
        if let b { throw FoundTheRootsB(value: b) }
    }
}

/// Counts the elements of `a`, then reads `b`.
private struct CountsA: Decodable, Equatable {
    let count: Int?
    let b: Int

    enum Keys: String, CodingKey { case a, b }

    init(count: Int?, b: Int) {
        self.count = count
        self.b = b
    }

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: Keys.self)
        let elements = try root.nestedUnkeyedContainer(forKey: .a)
        count = elements.count
        b = try root.decode(Int.self, forKey: .b)
    }
}
