import Foundation
import SimdUnbox
import Testing

/// JSON Lines: a record is a line, and a bad line costs only itself, from every source and in
/// chunks of any size. And what `.array` and `.concatenated` do instead, having no line to resume at.
@Suite struct JSONLinesFaultTests {
    @Test(arguments: LineFault.allCases)
    func eachFaultCostsOnlyItsLine(fault: LineFault) async throws {
        let log = FaultyLog.make(count: 2000, every: 97, faults: [fault])
        #expect(log.bad.count == 20)
        for source in LineSource.all {
            let result = try await source.decode(LogRecord.self, log.bytes)
            log.check(models: result.models, errors: result.errors, thrown: result.thrown, "\(fault), \(source)")
        }
    }

    /// The log from the report: a bad line every 997 of 20,000, each kind in turn.
    @Test func everyKindInALongLog() async throws {
        let log = FaultyLog.make(count: 20_000, every: 997, faults: LineFault.allCases)
        for source in [LineSource.file, .chunks(seed: 7)] {
            let result = try await source.decode(LogRecord.self, log.bytes)
            log.check(models: result.models, errors: result.errors, thrown: result.thrown, "\(source)")
        }
    }

    @Test(arguments: [false, true])
    func blankLinesAndLineEnds(crlf: Bool) async throws {
        let log = FaultyLog.make(count: 1500, every: 41, faults: LineFault.allCases, crlf: crlf, blankEvery: 7)
        for source in LineSource.all {
            let result = try await source.decode(LogRecord.self, log.bytes)
            log.check(models: result.models, errors: result.errors, thrown: result.thrown, "crlf \(crlf), \(source)")
        }
    }

    @Test(arguments: LineFault.allCases)
    func stopNamesTheLine(fault: LineFault) async throws {
        let log = FaultyLog.make(count: 6, every: 3, faults: [fault], blankEvery: 4)
        let bad = try #require(log.bad.first)
        for source in LineSource.all {
            let result = try await source.decode(LogRecord.self, log.bytes, skip: false)
            #expect(result.models.map(\.seq) == [0, 1], "\(source)")
            let error = try #require(result.thrown as? UnboxError, "\(source)")
            #expect(error.path.first == .index(bad.index), "\(source): \(error)")
            #expect(error.byteOffset.map(bad.range.contains) == true, "\(source): \(error)")
            if let offset = bad.offset { #expect(error.byteOffset == offset, "\(source): \(error)") }
        }
    }

    @Test(arguments: [false, true])
    func lastLineWithoutNewline(crlf: Bool) async throws {
        let log = FaultyLog.make(count: 50, every: 7, faults: [.junk], crlf: crlf, finalNewline: false)
        for source in LineSource.all {
            let result = try await source.decode(LogRecord.self, log.bytes)
            log.check(models: result.models, errors: result.errors, thrown: result.thrown, "\(source)")
        }
    }

    /// A torn last line (the writer died mid-record) is a bad record like any other: reported under
    /// `.skip`, thrown under `.stop`, never a stream error.
    @Test(arguments: [LineFault.torn, .tornInString])
    func tornLastLine(fault: LineFault) async throws {
        let log = FaultyLog.make(count: 30, every: 30, faults: [fault], finalNewline: false)
        #expect(log.bad.map(\.index) == [29])
        for source in LineSource.all {
            let result = try await source.decode(LogRecord.self, log.bytes)
            log.check(models: result.models, errors: result.errors, thrown: result.thrown, "\(source)")
            let strict = try await source.decode(LogRecord.self, log.bytes, skip: false)
            #expect(strict.models.count == 29)
            #expect((strict.thrown as? UnboxError)?.path.first == .index(29), "\(source)")
        }
    }

    @Test(arguments: ["", "\n", " \n\r\n\t\n  ", "\r\n\r\n"])
    func blankStreamsHaveNoRecords(text: String) async throws {
        for source in LineSource.all {
            let result = try await source.decode(LogRecord.self, Array(text.utf8))
            #expect(result.models.isEmpty && result.errors.isEmpty && result.thrown == nil, "\(source)")
        }
    }

    /// Lines that are not one value, each alone: the fault and where it is.
    @Test(arguments: [
        ("{\"a\":1} x", 8, "unexpected content after the value on its line"),
        ("{\"a\":1}{\"a\":2}", 7, "unexpected content after the value on its line"),
        ("5 6", 2, "unexpected content after the value on its line"),
        ("\"s\" ,", 4, "unexpected content after the value on its line"),
        ("{\"a\":[1,2]", 10, "truncated: the line ends before the value is complete"),
        ("{\"a\":\"b\\\"", 5, "the line ends inside a string"),
        ("\"abc", 0, "the line ends inside a string"),
        ("]", 0, "unexpected character at the start of a value"),
        (",1", 0, "unexpected character at the start of a value"),
    ])
    func faultsOfOneLine(line: String, offset: Int, message: String) async throws {
        let text = "1\n  " + line + "\n2"
        for source in LineSource.all {
            let result = try await source.decode(JSONValue.self, Array(text.utf8))
            #expect(result.models == [1, 2], "\(source)")
            let error = try #require(result.errors.first, "\(source)")
            #expect(error.path == [.index(1)])
            #expect(error.byteOffset == 4 + offset, "\(source): \(error)")
            #expect(error.reason == .malformedJSON(message), "\(source): \(error)")
        }
    }

    // MARK: Arrays and concatenated documents

    /// A fault inside an element whose bounds the scanner found (malformed value, invalid UTF-8,
    /// a value that is not the model) costs only that element under `.skip`.
    @Test(arguments: [JSONStreamFormat.array, .concatenated])
    func elementFaultsCostOnlyTheElement(format: JSONStreamFormat) async throws {
        let good = (0..<6).map { #"{"seq":\#($0),"level":"i","message":"m"}"# }
        var elements = good.map { Array($0.utf8) }
        elements[1] = Array(#"{"seq":1,"level":tru,"message":"m"}"#.utf8)
        elements[3] = Array(#"{"seq":"three","level":"i","message":"m"}"#.utf8)
        elements[4] = Array(#"{"seq":4,"level":"i","message":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        let bytes =
            format == .array
            ? Array("[".utf8) + Array(elements.joined(separator: Array(",\n".utf8))) + Array("]".utf8)
            : Array(elements.joined(separator: Array("\n".utf8)))
        for source in LineSource.all {
            let result = try await source.decode(LogRecord.self, bytes, format: format)
            #expect(result.thrown == nil, "\(source)")
            #expect(result.models.map(\.seq) == [0, 2, 5], "\(source)")
            #expect(result.errors.map { $0.path.first } == [.index(1), .index(3), .index(4)], "\(source)")
        }
    }

    /// A structural fault (an unclosed string, a torn element) leaves the scanner no element to
    /// resume at: the stream ends with an error naming the element where it began, under either
    /// policy, after the elements before it.
    @Test(arguments: [
        (
            JSONStreamFormat.array,
            "[{\"seq\":0,\"level\":\"i\",\"message\":\"m\"},\n{\"seq\":1,\"level\":\"i,\n{\"seq\":2}]"
        ),
        (.concatenated, "{\"seq\":0,\"level\":\"i\",\"message\":\"m\"}\n{\"seq\":1,\"level\":\n{\"seq\":2}\n"),
        (.concatenated, "{\"seq\":0,\"level\":\"i\",\"message\":\"m\"}\n{\"seq\":1,\"level\":\"i\n{\"seq\":2}\n"),
    ])
    func structuralFaultsEndTheStream(format: JSONStreamFormat, text: String) async throws {
        for skip in [false, true] {
            for source in LineSource.all {
                let result = try await source.decode(LogRecord.self, Array(text.utf8), format: format, skip: skip)
                #expect(result.models.map(\.seq) == [0], "\(source)")
                #expect(result.errors.isEmpty, "\(source)")
                let error = try #require(result.thrown as? UnboxError, "\(source)")
                #expect(error.path == [.index(1)], "\(source): \(error)")
                #expect("\(error)".contains("truncated"), "\(source): \(error)")
            }
        }
    }
}
