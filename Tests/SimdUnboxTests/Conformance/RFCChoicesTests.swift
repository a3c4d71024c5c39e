import Foundation
import SimdUnbox
import Testing

/// The choices RFC 8259 leaves to implementations, as the Errors and Validation article states
/// them, checked through every entry point.
@Suite struct RFCChoicesTests {
    private static func rejectedEverywhere(
        _ bytes: [UInt8], byCodable: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let data = Data(bytes)
        #expect(throws: UnboxError.self, sourceLocation: sourceLocation) { try JSONValue(data: data) }
        #expect(throws: UnboxError.self, sourceLocation: sourceLocation) { try JSONValue.validate(data) }
        #expect(throws: UnboxError.self, sourceLocation: sourceLocation) { try unbox(data: data) as JSONValue }
        if byCodable {
            #expect(throws: DecodingError.self, sourceLocation: sourceLocation) {
                try SimdJSONDecoder().decode([[String: Int]].self, from: data)
            }
        }
        var reader = JSONStreamReader<JSONValue>(bytes: bytes)
        #expect(throws: UnboxError.self, sourceLocation: sourceLocation) { while try reader.next() != nil {} }
        var lines = JSONStreamReader<JSONValue>(bytes: bytes, format: .jsonLines)
        #expect(throws: UnboxError.self, sourceLocation: sourceLocation) { while try lines.next() != nil {} }
    }

    @Test(arguments: [
        #"["\uD800"]"#, #"["\uDC00"]"#, #"["\uDBFF\uDBFF"]"#, #"["\uD83D\u0041"]"#, #"["\uDE00\uD83D"]"#,
        #"["x\uD800"]"#, #"["\uD800x"]"#, #"[{"\uD800": 1}]"#,
    ])
    func loneSurrogateEscapesAreMalformed(json: String) throws {
        Self.rejectedEverywhere(Array(json.utf8))
        let error = try #require(unboxError(JSONValue.self, json))
        #expect(error.reason.kind == "malformedJSON")
        // Reported at the string that holds the escape, its opening quote (a key: near it).
        guard !json.contains("{") else { return }
        let bytes = Array(json.utf8)
        let escape = try #require(bytes.firstIndex(of: UInt8(ascii: "\\")))
        #expect(error.byteOffset == bytes[..<escape].lastIndex(of: UInt8(ascii: "\"")))
    }

    @Test func pairedSurrogatesAndEscapedNULAreCharacters() throws {
        #expect(try unbox(string: #"["\uD83D\uDE00", "\u0000"]"#) as [String] == ["\u{1F600}", "\u{0}"])
        #expect(try JSONValue(string: #""\uD834\uDD1E""#) == .string("\u{1D11E}"))
        #expect(try SimdJSONDecoder().decode(String.self, from: #""\u0000""#) == "\u{0}")
    }

    @Test func byteOrderMarkIsRejectedExceptByTheCodableDecoder() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        Self.rejectedEverywhere(bom + Array(#"["a"]"#.utf8), byCodable: false)
        let error = try #require(unboxError([String].self, bytes: bom + Array(#"["a"]"#.utf8)))
        #expect(error.byteOffset == 0)
        // As Foundation's JSONDecoder does.
        #expect(try SimdJSONDecoder().decode([String].self, from: Data(bom + Array(#"["a"]"#.utf8))) == ["a"])
        #expect(try JSONDecoder().decode([String].self, from: Data(bom + Array(#"["a"]"#.utf8))) == ["a"])
    }

    @Test func duplicateKeys() throws {
        struct Name: Unboxable, Equatable {
            let name: String
            init(name: String) { self.name = name }
            init(unboxer: Unboxer) throws { name = try unboxer.unbox(key: "name") }
        }
        let json = #"{"name": "first", "name": "last"}"#
        #expect(try unbox(string: json) as Name == Name(name: "first"))
        #expect(try unbox(string: json) as [String: String] == ["name": "last"])
        #expect(try JSONValue(string: json) == .object(["name": "last"]))
    }

    /// RFC 8259 allows an exponent on zero; Foundation's JSONDecoder refuses some (`0e1`, `0.00e5`).
    @Test(arguments: ["0e1", "0E5", "0.00e5", "-0e1", "0e15", "0.000e30"])
    func zerosWithAnExponentAreNumbers(_ text: String) throws {
        let expected = text.hasPrefix("-") ? -0.0 : 0.0
        #expect(try SimdJSONDecoder().decode(Double.self, from: Data(text.utf8)).bitPattern == expected.bitPattern)
        #expect(try (unbox(string: "[\(text)]") as [Double]).map(\.bitPattern) == [expected.bitPattern])
        try JSONValue.validate(bytes: Array(text.utf8))
    }

    @Test func numbersBeyondSixtyFourBitsAreValid() throws {
        let json = "[123456789012345678901234567890, 1e400, -1e-400]"
        let value = try JSONValue(string: json)
        #expect(value[0] == .number(JSONNumber("123456789012345678901234567890")!))
        #expect(value[1] == .number(JSONNumber("1e400")!))
        let error = try #require(unboxError([Int].self, json))
        #expect(error.reason.kind == "numberOutOfRange")
        #expect(error.path == [.index(0)])
        let decimals: [Decimal] = try unbox(string: "[123456789012345678901234567890]")
        #expect(decimals == [Decimal(string: "123456789012345678901234567890")!])
    }
}
