import Foundation
import FuzzSupport
import SimdUnbox
import Synchronization

/// Fuzzes streaming: the input is a stream's bytes, then optionally a NUL byte and a program whose
/// bytes pick the format, the error policy and where the bytes are cut into chunks.
///
/// Checks, for every input:
/// - The stream only ever throws `UnboxError` (or nothing), never crashes or hangs.
/// - Cut into chunks anywhere (`JSONStream(chunks:)`, and byte by byte with `JSONStream(bytes:)`),
///   the stream yields the same elements and ends with the same error as the in-memory
///   `JSONStreamReader(data:)` (see `Outcome.agrees(with:)` for the one allowed difference).
/// - For a root array, the elements are `JSONValue`'s reading of the array, and the stream throws
///   exactly when `JSONValue(data:)` rejects the document.
/// - Skipping bad elements never yields more than the document has, and ends.
/// - On two threads (`parallelism: 2`), in the same chunks, the stream yields exactly the elements
///   and the error of the in-memory reading, under either policy.
/// - Documents (JSON Lines, concatenated) that a model reads only in part give that part as
///   `JSONValue` reads it, whatever the model leaves unread.
/// - Fault injection (a fourth format): the input's lines, damaged where the program says (torn,
///   junk after the value, an unclosed string, invalid UTF-8), are streamed as JSON Lines under
///   `.skip`, from memory and in chunks: every line that `JSONValue(data:)` accepts alone gives its
///   value, in order, and every other non-blank line is reported exactly once, with its record
///   index and a byte offset inside it (see `checkLineFaults`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (bytes, program) = splitDocumentAndProgram(UnsafeBufferPointer(start: data, count: size))
    var input = FuzzInput(program)
    let mode = input.int(upTo: 3)
    if mode == 3 {
        checkLineFaults(bytes, program: &input)
        return 0
    }
    let format = [JSONStreamFormat.array, .jsonLines, .concatenated][mode]
    let skipping = input.int(upTo: 3) == 3
    let policy: JSONStreamErrorPolicy = skipping ? .skipSilently : .stop
    var cuts: [Int] = []
    var position = 0
    while !input.isExhausted, position < bytes.count {
        position += 1 + Int(input.byte()) % max(1, min(bytes.count, 97))
        cuts.append(min(position, bytes.count))
    }
    let chunks = chunked(bytes, at: cuts)

    var reader = JSONStreamReader<JSONValue>(bytes: bytes, format: format, onError: policy)
    let expected = readAll(&reader)
    let fromChunks = runBlocking {
        await readAll(JSONStream<JSONValue, Chunks>(chunks: Chunks(chunks), format: format, onError: policy))
    }
    if !skipping {
        fuzzRequire(
            fromChunks.agrees(with: expected),
            "in chunks \(chunks.map(\.count)) the stream read \(fromChunks), in memory \(expected) from \(preview(bytes))"
        )
    }
    if bytes.count < 4096 {
        let byByte = runBlocking {
            await readAll(JSONStream<JSONValue, Bytes>(bytes: Bytes(bytes), format: format, onError: policy))
        }
        if !skipping {
            fuzzRequire(byByte.agrees(with: expected), "byte by byte the stream read \(byByte), in memory \(expected)")
        }
    }

    // On two threads, from the same chunks: exactly what one thread reads from memory, under either
    // policy (a parallel stream cuts whole elements before decoding them).
    let parallel = runBlocking {
        await readAll(
            JSONStream<JSONValue, Chunks>(chunks: Chunks(chunks), format: format, onError: policy, parallelism: 2))
    }
    fuzzRequire(
        parallel == expected,
        "on two threads, in chunks \(chunks.map(\.count)), the stream read \(parallel), in memory \(expected)")

    if format != .array, !skipping, expected.error == nil {
        checkPartialModels(bytes, format: format, elements: expected.elements)
    }

    guard format == .array, !skipping else { return 0 }
    switch Result(catching: { try JSONValue(data: Data(bytes)) }) {
    case .success(.array(let elements)):
        guard elements.allSatisfy({ $0.nestingDepth < 500 }) else { break }
        fuzzRequire(
            expected == Outcome(elements: elements, error: nil),
            "the stream read \(expected) from the array \(preview(bytes))")
    case .success:
        fuzzRequire(expected.error != nil, "the stream read elements from a document that is not an array")
    case .failure(let error):
        if let error = error as? UnboxError, case .depthLimitExceeded = error.reason { break }
        fuzzRequire(expected.error != nil, "the stream read \(expected) from malformed \(preview(bytes))")
    }
    return 0
}

/// What a stream produced: its elements, then the error that ended it.
struct Outcome: Equatable, CustomStringConvertible {
    var elements: [JSONValue] = []
    var error: UnboxError?

    /// Whether a stream that received its bytes in pieces agrees with the in-memory reading.
    /// Identical, except where the in-memory reading failed at element k: a stream in pieces hands
    /// out an object, array or string element the moment it closes, before the bytes that make the
    /// stream fail have arrived, so it may also have yielded element k, and it fails at element k
    /// too (or, having yielded it, at element k + 1 when the stream ends right after it), possibly
    /// for another reason (the first fault it meets).
    func agrees(with inMemory: Outcome) -> Bool {
        guard let failure = inMemory.error else { return self == inMemory }
        guard let error else { return false }
        guard elements == inMemory.elements || elements.dropLast().elementsEqual(inMemory.elements) else {
            return false
        }
        if error.path.first == failure.path.first { return true }
        guard case .index(let index)? = failure.path.first, case .index(let actual)? = error.path.first else {
            return false
        }
        return actual == index + 1
    }

    var description: String {
        "\(elements.count) elements \(preview(elements.map(\.jsonText).joined(separator: ",").utf8, limit: 120))"
            + (error.map { ", then \($0)" } ?? "")
    }
}

private func readAll(_ reader: inout JSONStreamReader<JSONValue>) -> Outcome {
    var outcome = Outcome()
    do {
        while let element = try reader.next() {
            outcome.elements.append(element)
            fuzzRequire(outcome.elements.count <= 1 << 20, "the stream does not end")
        }
    } catch {
        fuzzRequire(error is UnboxError, "the reader threw \(type(of: error)): \(error)")
        outcome.error = error as? UnboxError
    }
    return outcome
}

private func readAll<Source: AsyncSequence>(_ stream: Source) async -> Outcome where Source.Element == JSONValue {
    var outcome = Outcome()
    do {
        for try await element in stream {
            outcome.elements.append(element)
            fuzzRequire(outcome.elements.count <= 1 << 20, "the stream does not end")
        }
    } catch {
        fuzzRequire(error is UnboxError, "the stream threw \(type(of: error)): \(error)")
        outcome.error = error as? UnboxError
    }
    return outcome
}

private func chunked(_ bytes: [UInt8], at cuts: [Int]) -> [[UInt8]] {
    var chunks: [[UInt8]] = []
    var start = 0
    for cut in cuts + [bytes.count] where cut >= start {
        chunks.append(Array(bytes[start..<cut]))
        start = cut
    }
    return chunks
}

/// Chunks handed out one at a time, as a network body arrives.
struct Chunks: AsyncSequence, Sendable {
    let chunks: [[UInt8]]

    init(_ chunks: [[UInt8]]) { self.chunks = chunks }

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks[...]) }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: ArraySlice<[UInt8]>
        mutating func next() async -> [UInt8]? { chunks.popFirst() }
    }
}

/// Bytes handed out one at a time, as `URLSession.AsyncBytes` does.
struct Bytes: AsyncSequence, Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes[...]) }

    struct Iterator: AsyncIteratorProtocol {
        var bytes: ArraySlice<UInt8>
        mutating func next() async -> UInt8? { bytes.popFirst() }
    }
}

/// A model that reads one field of an object and leaves the rest unread.
private struct IDOnly: Unboxable {
    let id: JSONValue?
    init(unboxer: Unboxer) throws { id = try unboxer.unboxIfPresent(key: "id") }
}

/// Streams the documents as `IDOnly` and compares with their `JSONValue` readings (`elements`),
/// where that comparison is exact: every document an object, and `"id"` written in the input
/// exactly as often as the objects have that key (so no key is duplicated, escaped or nested).
private func checkPartialModels(_ bytes: [UInt8], format: JSONStreamFormat, elements: [JSONValue]) {
    var expected: [JSONValue?] = []
    for element in elements {
        guard case .object(let object) = element else { return }
        // An optional field that is null reads as nil.
        expected.append(object["id"].flatMap { $0 == .null ? nil : $0 })
    }
    let written = occurrences(of: Array(#""id""#.utf8), in: bytes)
    guard written == expected.count(where: { $0 != nil }) else { return }
    var reader = JSONStreamReader<IDOnly>(bytes: bytes, format: format)
    var read: [JSONValue?] = []
    do {
        while let model = try reader.next() { read.append(model.id) }
    } catch {
        fuzzRequire(false, "reading one field of each document threw \(error) from \(preview(bytes))")
    }
    fuzzRequire(
        read == expected,
        "reading one field of each document gave \(read.count) values, not those of \(preview(bytes))")
}

private func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> Int {
    guard bytes.count >= needle.count else { return 0 }
    return (0...(bytes.count - needle.count)).count { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
}

// MARK: Fault injection

/// Damages some of `bytes`' lines as `program` says, streams the result as JSON Lines under
/// `.skip` and checks it against each line decoded alone.
private func checkLineFaults(_ bytes: [UInt8], program: inout FuzzInput) {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
    let injections = program.int(upTo: 8)
    for _ in 0..<injections where !lines.isEmpty {
        let line = program.int(upTo: lines.count - 1)
        let position = lines[line].isEmpty ? 0 : program.int(upTo: lines[line].count)
        switch program.int(upTo: 3) {
        case 0: lines[line].removeSubrange(position...)  // torn
        case 1: lines[line] += Array(" x".utf8)  // junk after the value
        case 2: lines[line].insert(UInt8(ascii: "\""), at: position)  // an unclosed string
        default: lines[line].insert(0xFF, at: position)  // invalid UTF-8
        }
    }
    let crlf = program.bool()
    let finalNewline = program.bool()
    var stream: [UInt8] = []
    // What each record must give: its value, or an error inside `range`.
    var expected: [(value: JSONValue?, range: Range<Int>)] = []
    for (index, line) in lines.enumerated() {
        let start = stream.count
        stream += line
        let last = index == lines.count - 1
        if !last || finalNewline { stream += crlf ? [0x0D, 0x0A] : [0x0A] }
        let content = line.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        guard !content.isEmpty else { continue }
        // Outside what this check can judge: a byte-order mark (a whole document may start with
        // one, a line may not) and nesting near the depth limit (a stream counts its own level).
        if line.starts(with: [0xEF, 0xBB, 0xBF]) { return }
        if line.count(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }) > 400 { return }
        let value = try? JSONValue(data: Data(line))
        expected.append((value, start..<stream.count + 1))
    }

    let reported = Reported()
    var reader = JSONStreamReader<JSONValue>(
        bytes: stream, format: .jsonLines, onError: .skip { reported.append($0) })
    var values: [JSONValue] = []
    do {
        while let value = try reader.next() { values.append(value) }
    } catch {
        fuzzRequire(false, "a JSON Lines stream under .skip threw \(error) from \(preview(stream))")
    }
    judge(values: values, errors: reported.take(), expected: expected, stream, "in memory")

    var cuts: [Int] = []
    var position = 0
    while !program.isExhausted, position < stream.count {
        position += 1 + Int(program.byte()) % max(1, min(stream.count, 97))
        cuts.append(min(position, stream.count))
    }
    let chunks = chunked(stream, at: cuts)
    let (chunkValues, chunkErrors) = runBlocking {
        let reported = Reported()
        var values: [JSONValue] = []
        do {
            for try await value in JSONStream<JSONValue, Chunks>(
                chunks: Chunks(chunks), format: .jsonLines, onError: .skip { reported.append($0) })
            {
                values.append(value)
            }
        } catch {
            fuzzRequire(false, "a JSON Lines stream in chunks under .skip threw \(error)")
        }
        return (values, reported.take())
    }
    judge(values: chunkValues, errors: chunkErrors, expected: expected, stream, "in chunks \(chunks.map(\.count))")
}

/// Every good line kept, every bad line reported once, with its index and an offset inside it.
private func judge(
    values: [JSONValue], errors: [UnboxError], expected: [(value: JSONValue?, range: Range<Int>)], _ stream: [UInt8],
    _ how: String
) {
    let good = expected.compactMap(\.value)
    fuzzRequire(
        values == good,
        "\(how): \(values.count) values, expected the \(good.count) good lines' of \(preview(stream))")
    let bad = expected.indices.filter { expected[$0].value == nil }
    fuzzRequire(
        errors.map(\.path.first) == bad.map { UnboxPathComponent.index($0) },
        "\(how): errors \(errors), expected one for each of the lines \(bad) of \(preview(stream))")
    for (error, index) in zip(errors, bad) {
        fuzzRequire(
            error.byteOffset.map(expected[index].range.contains) == true,
            "\(how): \(error) is not inside line \(index) (\(expected[index].range)) of \(preview(stream))")
    }
}

/// The errors a `.skip` handler received.
private final class Reported: Sendable {
    private let errors = Mutex<[UnboxError]>([])
    func append(_ error: UnboxError) { errors.withLock { $0.append(error) } }
    func take() -> [UnboxError] { errors.withLock { $0 } }
}
