import Foundation
import SimdUnbox
import Testing

/// Inputs the fuzz targets (`Tests/Fuzz`, `scripts/fuzz.sh`) found, each kept as a test so that
/// the bug stays fixed. The comment on each says what was wrong.
@Suite struct FuzzRegressionTests {
    // MARK: Root scalars

    /// simdjson copies a root scalar into a buffer sized for the longest valid token and truncated
    /// a token exactly one byte longer: `falsex` read as `false`.
    @Test(arguments: ["falsex", "false1", "false\u{1}", "truex1", "nullx", "nullx ", "nullxy", "fals", "tru"])
    func rootLiteralWithExtraBytesIsMalformed(json: String) throws {
        #expect(throws: UnboxError.self) { try JSONValue(data: Data(json.utf8)) }
        #expect(throws: UnboxError.self) { try JSONValue.validate(Data(json.utf8)) }
        #expect(throws: UnboxError.self) { try unbox(string: json) as Bool }
        #expect(throws: UnboxError.self) { try unbox(string: json) as JSONValue }
        #expect(throws: DecodingError.self) { try SimdJSONDecoder().decode(Bool.self, from: Data(json.utf8)) }
        #expect(throws: DecodingError.self) { try SimdJSONDecoder().decode(Bool?.self, from: Data(json.utf8)) }
    }

    /// The same copy refused valid documents whose root scalar was followed by whitespace that did
    /// not fit the buffer (`null `, `false  `).
    @Test(arguments: [
        ("null ", JSONValue.null), ("null\n\n\n", .null), ("false  ", .bool(false)), ("true \r\n\t ", .bool(true)),
        ("18446744073709551615  \n", .number(JSONNumber(UInt64.max))),
        ("-9223372036854775808   ", .number(JSONNumber(Int64.min))), ("1.5\n\n\n\n\n\n", .number(JSONNumber("1.5")!)),
        ("\"text\"    ", .string("text")),
    ])
    func rootScalarFollowedByWhitespace(json: String, expected: JSONValue) throws {
        #expect(try JSONValue(data: Data(json.utf8)) == expected)
        #expect(try unbox(string: json) as JSONValue == expected)
        try JSONValue.validate(Data(json.utf8))
    }

    @Test func rootNullFollowedByWhitespaceIsNil() throws {
        #expect(try SimdJSONDecoder().decode(Int?.self, from: Data("null   ".utf8)) == nil)
        #expect(try unbox(string: "false   ") as Bool == false)
        #expect(try SimdJSONDecoder().decode(Bool.self, from: Data("true\n\n\n".utf8)) == true)
    }

    /// A 21-character root integer was read as its first 20 characters: a silently wrong value.
    @Test func rootIntegerOneDigitTooLongIsOutOfRange() throws {
        let unsigned = try #require(unboxError(UInt64.self, "184467440737095516151"))
        #expect(unsigned.reason.kind == "numberOutOfRange")
        let signed = try #require(unboxError(Int64.self, "-92233720368547758081"))
        #expect(signed.reason.kind == "numberOutOfRange")
        #expect(try unbox(string: "184467440737095516151") as Decimal == Decimal(string: "184467440737095516151"))
        #expect(throws: DecodingError.self) {
            try SimdJSONDecoder().decode(UInt64.self, from: Data("184467440737095516151".utf8))
        }
        #expect(throws: DecodingError.self) {
            try SimdJSONDecoder().decode(Int64.self, from: Data("-92233720368547758081".utf8))
        }
    }

    /// A 1,083-character root number was read without its last character: a malformed number
    /// passed, and a non-integer read as an integer.
    @Test func rootNumberAtDoubleBufferLengthIsReadWhole() throws {
        let zeros = String(repeating: "0", count: 1080)
        #expect(throws: UnboxError.self) { try unbox(string: "1.\(zeros)x") as Double }
        #expect(throws: UnboxError.self) { try JSONValue(data: Data("1.\(zeros)x".utf8)) }
        let error = try #require(unboxError(Int.self, "1.\(zeros)9"))
        #expect(error.reason.kind == "invalidValue")
        #expect(try unbox(string: "1.\(zeros)9") as Double == 1.0)
    }

    // MARK: Streaming

    /// Fed a byte or a few bytes at a time, a stream accepted a missing value after a comma
    /// (`["",]`): an element that went out before its separator arrived left an empty window.
    @Test(arguments: [#"["",]"#, "[1,]", "[{},]", "[[] , ]", "[1,,2]", "[,1]", "[,]", #"["a",  ]  "#])
    func missingElementIsAnErrorHoweverTheBytesArrive(json: String) async throws {
        let bytes = Array(json.utf8)
        var reader = JSONStreamReader<JSONValue>(bytes: bytes)
        let inMemory = try #require(await collect { try reader.next() })
        #expect(inMemory.error != nil, "in memory")
        for size in 1...bytes.count {
            let chunks = stride(from: 0, to: bytes.count, by: size).map {
                Array(bytes[$0..<min($0 + size, bytes.count)])
            }
            let chunked = await collectAsync(JSONStream<JSONValue, ChunkSequence>(chunks: ChunkSequence(chunks)))
            #expect(chunked == inMemory, "chunks of \(size)")
        }
        let byByte = await collectAsync(JSONStream<JSONValue, ByteSequence>(bytes: ByteSequence(bytes: bytes)))
        #expect(byByte == inMemory, "byte by byte")
    }

    /// Skipping a malformed element left the stream's decode state marked broken, so the next
    /// element's model lost its `Unboxer` as soon as it decoded a nested model.
    @Test func elementsAfterASkippedMalformedOneDecodeNestedModels() throws {
        struct Inner: Unboxable { let x: Int; init(unboxer: Unboxer) throws { x = try unboxer.unbox(key: "x") } }
        struct Outer: Unboxable {
            let inner: Inner
            let name: String
            init(unboxer: Unboxer) throws {
                inner = try unboxer.unbox(key: "inner")
                name = try unboxer.unbox(key: "name")
            }
        }
        let lines = #"{"inner": {"x": tru}, "name": "bad"}"# + "\n" + #"{"inner": {"x": 2}, "name": "good"}"# + "\n"
        var reader = JSONStreamReader<Outer>(string: lines, format: .jsonLines, onError: .skipSilently)
        var names: [String] = []
        while let outer = try reader.next() { names.append(outer.name) }
        #expect(names == ["good"])
    }

    @Test func emptyArrayStreamsNothingHoweverTheBytesArrive() async throws {
        for json in ["[]", "[ ]", " [\n] "] {
            let bytes = Array(json.utf8)
            let chunked = await collectAsync(
                JSONStream<JSONValue, ChunkSequence>(chunks: ChunkSequence(bytes.map { [$0] })))
            #expect(chunked == StreamOutcome(elements: [], error: nil), "\(json)")
        }
    }

    // MARK: Keys

    /// A key holding a backslash matched another key by its raw bytes: `a\` (a backslash at the
    /// end) read the field written `"a\"b"` (the key `a"b`).
    @Test func keysWithBackslashesOrQuotesMatchOnlyTheirUnescapedSelves() throws {
        struct Lookup: Unboxable {
            let backslash: Int?
            let quote: Int?
            init(unboxer: Unboxer) throws {
                backslash = try unboxer.unboxIfPresent(key: "a\\")
                quote = try unboxer.unboxIfPresent(key: "q\"")
            }
        }
        let misleading = try unbox(string: #"{"a\"b": 1, "q\"x": 2}"#) as Lookup
        #expect(misleading.backslash == nil && misleading.quote == nil)
        let matching = try unbox(string: #"{"a\\": 3, "q\"": 4}"#) as Lookup
        #expect(matching.backslash == 3 && matching.quote == 4)
        #expect(try unbox(string: #"{"a\"b": 1}"#) as [String: Int] == ["a\"b": 1])
        struct Codable: Decodable { var value: Int?; enum CodingKeys: String, CodingKey { case value = "a\\" } }
        #expect(try SimdJSONDecoder().decode(Codable.self, from: #"{"a\"b": 1}"#).value == nil)
        #expect(try JSONDecoder().decode(Codable.self, from: Data(#"{"a\"b": 1}"#.utf8)).value == nil)
    }

    /// The same, for keys of every length the shim checks eight, four plus four, or one byte at a
    /// time, with the quote or backslash first, inside or last: each matches only itself, written
    /// escaped, never the raw bytes of another key.
    @Test(arguments: [
        (#"a":"#, #"{"a":"x"}"#), (#""a"#, #"{"b":1}"#), (#"abcd":"#, #"{"abcd":"x"}"#),
        (#"ab\cd"#, #"{"ab\"cd":1}"#), (#"abcdefgh":"#, #"{"abcdefgh":"x"}"#),
        (#"abcdefghijklmnop\"#, #"{"abcdefghijklmnop\"x":1}"#), (#"abcdefg"hijklmnop"#, #"{"abcdefg":1}"#),
    ])
    func keysWithQuotesOrBackslashesOfAnyLength(key: String, misleading: String) throws {
        struct Lookup: UnboxableWithContext {
            let value: JSONValue?
            init(unboxer: Unboxer, context: String) throws { value = try unboxer.unboxIfPresent(key: context) }
        }
        #expect(try (unbox(string: misleading, context: key) as Lookup).value == nil)
        let escaped = String(decoding: try JSONEncoder().encode(key), as: UTF8.self)
        let matching = try unbox(string: #"{"zz":0,"# + escaped + #":7,"a":"x"}"#, context: key) as Lookup
        #expect(matching.value == .number(JSONNumber("7")!))
    }

    // MARK: Codable

    /// After malformed JSON met while looking for a key (swallowed by `try?`), the next lookup in
    /// the same container went back into simdjson's dead cursor and crashed. Now every container
    /// of a broken document refuses, and the decode throws `dataCorrupted`.
    @Test(arguments: [
        #"{"name":[[[[[1[[[[[[[[[[[[[[[{"id":[[[[[[[[[ru]"\A"`}"#, #"{"a": [[[1, "b": 1}"#, #"{"a": 1 "b": 2}"#,
        #"{"a" 1, "b": 2}"#,
    ])
    func containerOfABrokenDocumentRefuses(json: String) throws {
        struct Probe: Decodable {
            enum Keys: String, CodingKey { case values, pair, b }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                _ = try? container.nestedUnkeyedContainer(forKey: .values)
                _ = container.contains(.pair)
                _ = container.allKeys
                _ = try? container.decodeIfPresent(Int.self, forKey: .b)
            }
        }
        let error = try #require(throws: DecodingError.self) {
            _ = try SimdJSONDecoder().decode(Probe.self, from: Data(json.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.underlyingError is UnboxError)
    }

    // MARK: Misuse

    /// An `Unboxer` kept from a decode that then failed on malformed JSON reported that document's
    /// error when used later; it is a misuse, whatever became of the document.
    @Test func unboxerKeptFromAMalformedDocumentThrowsMisuse() throws {
        let json = #"{"name": "kept"} {"a": 1}"#
        let box = UnboxerBox()
        #expect(throws: UnboxError.self) { try unbox(string: json, context: box) as Keeper }
        let kept = try #require(box.unboxer)
        StaleUnboxerTests.expectMisuse { let _: String? = try kept.unboxIfPresent(key: "name") }
    }

    /// Found by fuzzing the Codable decoder: simdjson 3.0.1 misreads `0.` followed by more than 19
    /// significant digits, so the shim hands such numbers back for an exact parse of their text;
    /// the Codable decoder took that for a number out of range (`Unboxer` parsed it).
    @Test(arguments: ["0.3777777777000077770000", "-0.00000000000000000000000000123456789012345678901234"])
    func longFractionsAfterZeroPointDecodeAsFoundationDoes(_ number: String) throws {
        struct Values: Decodable, Equatable {
            let scalar: Double
            let optional: Double?
            let array: [Double]
        }
        let json = Data(#"{"scalar": \#(number), "optional": \#(number), "array": [0e-550, \#(number), 1.5]}"#.utf8)
        let expected = try JSONDecoder().decode(Values.self, from: json)
        #expect(try SimdJSONDecoder().decode(Values.self, from: json) == expected)
        #expect(try SimdJSONDecoder().decode(Double.self, from: Data(number.utf8)) == expected.scalar)
        #expect(expected.scalar == Double(number))
    }
}

/// What a stream produced: its elements, then the error that ended it.
struct StreamOutcome: Equatable {
    var elements: [JSONValue]
    var error: UnboxError?
}

private func collect(_ next: () throws -> JSONValue?) async -> StreamOutcome? {
    var outcome = StreamOutcome(elements: [], error: nil)
    do {
        while let element = try next() { outcome.elements.append(element) }
    } catch let error as UnboxError {
        outcome.error = error
    } catch {
        Issue.record("threw \(type(of: error))")
        return nil
    }
    return outcome
}

private func collectAsync<S: AsyncSequence>(_ stream: S) async -> StreamOutcome where S.Element == JSONValue {
    var outcome = StreamOutcome(elements: [], error: nil)
    do {
        for try await element in stream { outcome.elements.append(element) }
    } catch {
        outcome.error = error as? UnboxError
    }
    return outcome
}
