import Foundation
import SimdUnbox
import Testing

/// One record of a generated log.
struct LogRecord: Unboxable, Equatable, Sendable {
    let seq: Int
    let level: String
    let message: String
    let extra: JSONValue?

    init(unboxer: Unboxer) throws {
        seq = try unboxer.unbox(key: "seq")
        level = try unboxer.unbox(key: "level")
        message = try unboxer.unbox(key: "message")
        extra = try unboxer.unboxIfPresent(key: "extra")
    }
}

/// The ways a line of a JSON Lines log goes bad.
enum LineFault: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A torn write: the object stops after a comma, and the next line follows.
    case torn
    /// A torn write inside a string.
    case tornInString
    /// Something after the object on the same line.
    case junk
    /// A string that is never closed.
    case unterminatedString
    /// A byte that is not UTF-8 inside a string.
    case invalidUTF8
    /// Valid JSON that is not the model (a string where a number belongs).
    case notTheModel
    /// Nesting deeper than the decoder's limit.
    case tooDeep

    var description: String { rawValue }

    /// The line's bytes (without its newline) and the offset in them that its error names, when
    /// that offset is exact (`nil`: anywhere in the line).
    func line(seq: Int) -> (bytes: [UInt8], offset: Int?) {
        let head = #"{"seq":\#(seq),"level":"warn","#
        switch self {
        case .torn:
            let text = head + #""message":"cut here","#
            return (Array(text.utf8), text.utf8.count)
        case .tornInString:
            let text = head + #""message":"cut \"in\" the mi"#
            return (Array(text.utf8), TestSupport.offset(of: #""cut"#, in: text))
        case .junk:
            let text = head + #""message":"then junk"} x"#
            return (Array(text.utf8), text.utf8.count - 1)
        case .unterminatedString:
            let text = head + #""message":"never closed}"#
            return (Array(text.utf8), TestSupport.offset(of: #""never"#, in: text))
        case .invalidUTF8:
            let prefix = Array((head + #""message":"bad "#).utf8)
            return (prefix + [0xFF] + Array(#" byte"}"#.utf8), prefix.count)
        case .notTheModel:
            let text = #"{"seq":"s\#(seq)","level":"warn","message":"m"}"#
            return (Array(text.utf8), 7)
        case .tooDeep:
            let text =
                head + #""message":"deep","extra":"# + String(repeating: "[", count: 600)
                + String(repeating: "]", count: 600) + "}"
            return (Array(text.utf8), nil)
        }
    }
}

/// A generated JSON Lines log with bad lines, and what decoding it must give.
struct FaultyLog: Sendable {
    var bytes: [UInt8] = []
    /// The `seq` of every good line, in order.
    var goodSeqs: [Int] = []
    /// Every bad line: its record index (blank lines are not records), its bytes' range and the
    /// offset its error must name (`nil`: anywhere in the line).
    var bad: [(index: Int, range: Range<Int>, offset: Int?)] = []

    /// `count` lines; line `i` is bad when `i % every == every - 1`, its fault chosen in turn from
    /// `faults`. `blankEvery` adds a whitespace-only line every so often; `crlf` ends lines with
    /// `\r\n`; without `finalNewline` the last line has no newline.
    static func make(
        count: Int, every: Int, faults: [LineFault], crlf: Bool = false, blankEvery: Int? = nil,
        finalNewline: Bool = true
    ) -> FaultyLog {
        var log = FaultyLog()
        var faultIndex = 0
        for seq in 0..<count {
            if let blankEvery, seq % blankEvery == 0 {
                log.bytes += Array([" ", "\t", "", " \r"][seq % 4].utf8) + (crlf ? [0x0D, 0x0A] : [0x0A])
            }
            let start = log.bytes.count
            if seq % every == every - 1, !faults.isEmpty {
                let fault = faults[faultIndex % faults.count]
                faultIndex += 1
                let (line, offset) = fault.line(seq: seq)
                log.bytes += line
                log.bad.append((seq, start..<log.bytes.count + 1, offset.map { start + $0 }))
            } else {
                let extra = seq % 5 == 0 ? #","extra":{"tags":["a,b","[c]"],"n":\#(seq)}"# : ""
                let message = ["plain", #"with \"quotes\" and \\"#, "brackets [{,}]", "unicode é 😀"][seq % 4]
                log.bytes += Array(#"{"seq":\#(seq),"level":"info","message":"\#(message)"\#(extra)}"#.utf8)
                log.goodSeqs.append(seq)
            }
            if seq < count - 1 || finalNewline { log.bytes += crlf ? [0x0D, 0x0A] : [0x0A] }
        }
        return log
    }

    /// Checks what a stream decoded under `.skip` against the log: every good line kept, every bad
    /// line reported once, in order, with its index and offset.
    func check(
        models: [LogRecord], errors: [UnboxError], thrown: (any Error)? = nil, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(thrown == nil, "\(label): threw \(String(describing: thrown))", sourceLocation: sourceLocation)
        #expect(models.map(\.seq) == goodSeqs, "\(label): models", sourceLocation: sourceLocation)
        #expect(errors.count == bad.count, "\(label): \(errors.count) errors", sourceLocation: sourceLocation)
        for (error, expected) in zip(errors, bad) {
            #expect(error.path.first == .index(expected.index), "\(label): \(error)", sourceLocation: sourceLocation)
            let offset = error.byteOffset ?? -1
            if let exact = expected.offset {
                #expect(offset == exact, "\(label): \(error), expected byte \(exact)", sourceLocation: sourceLocation)
            } else {
                #expect(expected.range.contains(offset), "\(label): \(error)", sourceLocation: sourceLocation)
            }
        }
    }
}

/// Where a stream's bytes come from in the fault tests.
enum LineSource: Sendable, CustomStringConvertible {
    case memory
    case file
    case fileStream
    /// Async chunks of random sizes (1 byte to 64 KiB), cut with this seed.
    case chunks(seed: UInt64)

    var description: String {
        switch self {
        case .memory: "memory"
        case .file: "file"
        case .fileStream: "file stream"
        case .chunks(let seed): "chunks (seed \(seed))"
        }
    }

    static let all: [LineSource] = [.memory, .file, .fileStream, .chunks(seed: 1), .chunks(seed: 2), .chunks(seed: 3)]

    /// Pieces of 1 byte to 64 KiB, their sizes spread evenly over the powers of two.
    static func randomChunks(_ bytes: [UInt8], seed: UInt64) -> [[UInt8]] {
        var generator = SplitMix64(seed: seed)
        var pieces: [[UInt8]] = []
        var offset = 0
        while offset < bytes.count {
            let scale = Int(generator.next() % 17)
            let size = 1 + Int(generator.next() % UInt64(1 << scale))
            let end = min(bytes.count, offset + size)
            pieces.append(Array(bytes[offset..<end]))
            offset = end
        }
        return pieces
    }

    /// Decodes `bytes` as JSON Lines of `T` from this source, with `parallelism` threads where the
    /// source has the option. Returns the models, the errors reported under `.skip` (or nothing
    /// under `.stop`) and the error thrown, if any.
    func decode<T: UnboxCompatible & Sendable>(
        _: T.Type, _ bytes: [UInt8], format: JSONStreamFormat = .jsonLines, skip: Bool = true,
        parallelism: Int = 1
    ) async throws -> (models: [T], errors: [UnboxError], thrown: (any Error)?) {
        let reported = TestLock<[UnboxError]>([])
        let policy: JSONStreamErrorPolicy = skip ? .skip { error in reported.withLock { $0.append(error) } } : .stop
        var models: [T] = []
        var thrown: (any Error)?
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("simdunbox-lines-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        switch self {
        case .file, .fileStream:
            try Data(bytes).write(to: file)
        default:
            break
        }
        do {
            switch self {
            case .memory:
                var reader = JSONStreamReader<T>(bytes: bytes, format: format, onError: policy)
                while let model = try reader.next() { models.append(model) }
            case .file:
                var reader = try JSONStreamReader<T>(
                    contentsOf: file, format: format, onError: policy, parallelism: parallelism)
                while let model = try reader.next() { models.append(model) }
            case .fileStream:
                let stream = JSONFileStream<T>(
                    contentsOf: file, format: format, onError: policy, parallelism: parallelism)
                for try await model in stream { models.append(model) }
            case .chunks(let seed):
                let stream = JSONStream<T, ChunkSequence>(
                    chunks: ChunkSequence(Self.randomChunks(bytes, seed: seed)), format: format, onError: policy,
                    parallelism: parallelism)
                for try await model in stream { models.append(model) }
            }
        } catch {
            thrown = error
        }
        return (models, reported.withLock { $0 }, thrown)
    }
}
