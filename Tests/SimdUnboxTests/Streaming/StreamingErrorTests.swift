import Foundation
import SimdUnbox
import Testing

/// Errors: indices and stream offsets, the two policies, truncation, stream-level errors.
@Suite struct StreamingErrorTests {
    static let good1 = #"{"id":1,"name":"a","tags":[]}"#
    static let good3 = #"{"id":3,"name":"c","tags":[]}"#

    @Test func malformedElementStopsWithIndexAndOffset() throws {
        let text = "[\(Self.good1), {\"id\":2,\"name\":tru,\"tags\":[]}, \(Self.good3)]"
        var reader = JSONStreamReader<StreamRecord>(string: text)
        #expect(try reader.next()?.id == 1)
        do {
            _ = try reader.next()
            Issue.record("expected an error")
        } catch let error as UnboxError {
            guard case .malformedJSON = error.reason else {
                Issue.record("expected malformed JSON, got \(error)")
                return
            }
            #expect(error.path.first == .index(1))
            #expect(error.byteOffset == TestSupport.offset(of: "tru", in: text))
        }
        #expect(try reader.next() == nil)
    }

    /// An array element followed by junk before its separator is malformed: read from memory, it
    /// gives no model, only its error (found by fuzzing: `1` went out, then `[0]` was reported).
    @Test(arguments: [
        ("[1\t[\\\"\"m })m\\\"\"m \n}", 0, 3),
        (#"[7, 1 [], 2]"#, 1, 6),
        ("[\(good1), {\"id\":2,\"name\":\"b\",\"tags\":[]} x, \(good3)]", 1, 62),
    ])
    func elementFollowedByJunkGivesNoModel(text: String, index: Int, offset: Int) throws {
        for skip in [false, true] {
            let result = StreamFixtures.decodeSync(JSONValue.self, text, format: .array, skip: skip)
            if !skip { #expect(result.models.count == index, "\(result)") }
            #expect(result.errors.first?.hasPrefix("[\(index)]: malformed JSON") == true, "\(result)")
            #expect(result.errors.first?.hasSuffix("(byte \(offset))") == true, "\(result)")
        }
    }

    /// The same for documents: a number document ending in a byte that is not whitespace (a form
    /// feed) gives no model, only its error (found by fuzzing).
    @Test(arguments: [JSONStreamFormat.jsonLines, .concatenated])
    func documentFollowedByJunkGivesNoModel(format: JSONStreamFormat) throws {
        let text = "5\n8\u{0C}\n7\n"
        for skip in [false, true] {
            let result = StreamFixtures.decodeSync(Int.self, text, format: format, skip: skip)
            #expect(result.models == (skip ? [5, 7] : [5]), "\(result)")
            #expect(result.errors.count == 1, "\(result)")
            #expect(result.errors.first?.hasPrefix("[1]: malformed JSON") == true, "\(result)")
            #expect(result.errors.first?.hasSuffix("(byte 3)") == true, "\(result)")
        }
    }

    /// An element whose model fails and which is malformed too is reported once, as malformed.
    @Test func badModelOfAMalformedElementIsReportedOnce() throws {
        let result = StreamFixtures.decodeSync(Int.self, #"[5, "s" x, 7]"#, format: .array, skip: true)
        #expect(result.models == [5, 7])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.hasPrefix("[1]: malformed JSON") == true)
    }

    @Test func skipPolicyReportsAndGoesOn() throws {
        let text =
            "[\(Self.good1), {\"id\":2,\"name\":tru,\"tags\":[]}, {\"id\":true,\"name\":\"b\",\"tags\":[]}, \(Self.good3)]"
        let reported = TestLock<[UnboxError]>([])
        var reader = JSONStreamReader<StreamRecord>(
            string: text, onError: .skip { error in reported.withLock { $0.append(error) } })
        var ids: [Int] = []
        while let record = try reader.next() { ids.append(record.id) }
        #expect(ids == [1, 3])
        let errors = reported.withLock { $0 }
        #expect(errors.count == 2)
        #expect(errors.first?.path.first == .index(1))
        #expect(errors.last?.path == [.index(2), .key("id")])
        #expect(errors.last?.reason == .typeMismatch(expected: "an integer", found: .bool))
        #expect(errors.last?.byteOffset == TestSupport.offset(of: "true", in: text))
    }

    @Test func modelMismatchUnderStop() throws {
        let text = "\(Self.good1)\n{\"id\":2}\n\(Self.good3)\n"
        var reader = JSONStreamReader<StreamRecord>(string: text, format: .jsonLines)
        #expect(try reader.next()?.id == 1)
        do {
            _ = try reader.next()
            Issue.record("expected an error")
        } catch let error as UnboxError {
            #expect(error.reason == .missingKey)
            #expect(error.path == [.index(1), .key("name")])
        }
        #expect(try reader.next() == nil)
    }

    @Test func invalidUTF8IsFoundInsideAWindow() throws {
        var bytes = Array("[\(Self.good1), {\"id\":2,\"name\":\"".utf8)
        let bad = bytes.count
        bytes += [0xFF, 0xFE]
        bytes += Array("\",\"tags\":[]}, \(Self.good3)]".utf8)
        let reported = TestLock<[UnboxError]>([])
        var reader = JSONStreamReader<StreamRecord>(
            bytes: bytes, onError: .skip { error in reported.withLock { $0.append(error) } })
        var ids: [Int] = []
        while let record = try reader.next() { ids.append(record.id) }
        #expect(ids == [1, 3])
        let errors = reported.withLock { $0 }
        #expect(errors.count == 1)
        #expect(errors.first?.path == [.index(1)])
        #expect(errors.first?.byteOffset == bad)

        var strict = JSONStreamReader<StreamRecord>(bytes: bytes)
        #expect(try strict.next()?.id == 1)
        #expect(throws: UnboxError.self) { _ = try strict.next() }
    }

    @Test(arguments: [
        ("[1, 2, 3", [1, 2], 2, "truncated"),
        ("[1, 2, \"abc", [1, 2], 2, "inside a string"),
        ("[1, 2, [3", [1, 2], 2, "truncated"),
        ("", [], nil, "no JSON value"),
        ("[1, 2] 3", [1, 2], nil, "after the array"),
    ])
    func streamLevelErrorsThrowUnderAnyPolicy(text: String, expected: [Int], index: Int?, message: String) throws {
        for policy in [JSONStreamErrorPolicy.stop, .skipSilently] {
            var reader = JSONStreamReader<Int>(string: text, onError: policy)
            var numbers: [Int] = []
            do {
                while let number = try reader.next() { numbers.append(number) }
                Issue.record("expected an error for \(text)")
            } catch let error as UnboxError {
                #expect("\(error)".contains(message), "\(error)")
                if let index { #expect(error.path == [.index(index)]) }
            }
            #expect(numbers == expected)
        }
    }

    @Test func truncatedJSONLines() throws {
        var reader = JSONStreamReader<StreamRecord>(string: "\(Self.good1)\n{\"id\":2,", format: .jsonLines)
        #expect(try reader.next()?.id == 1)
        #expect(throws: UnboxError.self) { _ = try reader.next() }
    }

    @Test func valueThatIsNotAnArray() throws {
        var reader = JSONStreamReader<Int>(string: " {\"a\": 1}")
        #expect(throws: UnboxError(reason: .typeMismatch(expected: "an array", found: .object), byteOffset: 1)) {
            _ = try reader.next()
        }
    }

    @Test func userErrorsPassThroughUnderStop() throws {
        struct Refused: Error {}
        struct Picky: Unboxable {
            init(unboxer: Unboxer) throws {
                let value: Int = try unboxer.unbox(key: "v")
                if value == 2 { throw Refused() }
            }
        }
        var reader = JSONStreamReader<Picky>(string: #"[{"v":1},{"v":2},{"v":3}]"#)
        _ = try reader.next()
        #expect(throws: Refused.self) { _ = try reader.next() }
        let reported = TestLock<[UnboxError]>([])
        var lenient = JSONStreamReader<Picky>(
            string: #"[{"v":1},{"v":2},{"v":3}]"#, onError: .skip { error in reported.withLock { $0.append(error) } })
        var count = 0
        while try lenient.next() != nil { count += 1 }
        #expect(count == 2)
        #expect(reported.withLock { $0.first?.path } == [.index(1)])
    }
}
