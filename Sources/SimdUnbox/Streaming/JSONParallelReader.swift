import Foundation

/// Decodes the records of a JSON file on several threads and hands each model to your closure on
/// the thread that decoded it: no model crosses from one core to another, so the work scales with
/// the cores. Records come in no particular order; each comes with its index and byte offset.
///
/// ```swift
/// let reader = JSONParallelReader<Order>(contentsOf: ordersURL, format: .jsonLines, parallelism: 2)
///
/// // A closure per record, called concurrently on the decoding threads.
/// try reader.forEach { order, position in
///     if order.amount < 0 { print("refund at record \(position.index)") }
/// }
///
/// // One accumulator per thread, merged at the end.
/// let total = try reader.reduce(into: 0.0, { sum, order, _ in sum += order.amount }, merge: +=)
/// ```
///
/// The file is read and cut into batches of about a megabyte of whole records by the calling
/// thread (as the ordered `parallelism:` readers do), which decodes batches too, beside
/// `parallelism - 1` worker threads; at most `2 × parallelism` batches are in flight, so memory
/// stays bounded whatever the file's size. Use `JSONStreamReader(contentsOf:format:onError:
/// maximumDepth:parallelism:)` when the models must come in the file's order, on one thread.
///
/// With a byte range, the reader reads only the records that start inside it (see
/// `JSONStreamReader(contentsOf:format:byteRange:onError:maximumDepth:)`): processes or machines
/// that share a file each take a range and decode it on their own threads.
///
/// Errors follow the policy: under `.skip`, its handler is called on the decoding threads,
/// concurrently, with each bad record's error (its index and stream byte offset); under `.stop`,
/// the first bad record of the file stops every thread and its error is thrown, after every
/// record before it has been handed to your closure (some records after it may have been too, on
/// other threads). Throwing from your closure stops every thread the same way. Cancelling the
/// calling task stops every thread before its next record, and the call throws
/// `CancellationError`.
///
/// The models need not be `Sendable`: each stays on the thread that decoded it, unless your
/// closure sends it elsewhere.
public struct JSONParallelReader<Element>: Sendable {
    private let url: URL
    private let byteRange: Range<Int>?
    private let format: JSONStreamFormat
    private let policy: JSONStreamErrorPolicy
    private let maximumDepth: Int
    /// How many threads decode: the calling thread and `parallelism - 1` workers.
    public let parallelism: Int
    private let decode: @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element

    /// A reader of the records of the file at `url`, or of those that start inside `byteRange`.
    /// The file is opened by each `forEach` or `reduce`.
    ///
    /// ```swift
    /// let reader = JSONParallelReader<Event>(contentsOf: logURL, format: .jsonLines)
    /// try reader.forEach { event, _ in metrics.record(event) }
    /// ```
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: How the records are laid out; a root array by default.
    ///   - byteRange: Only the records that start inside these offsets (`.jsonLines` and
    ///     `.concatenated`); nil for the whole file.
    ///   - policy: Stop at the first bad record (default) or skip bad records.
    ///   - maximumDepth: The deepest nesting accepted inside a record.
    ///   - parallelism: How many threads decode (the calling thread included); by default, the
    ///     active processors.
    public init(
        contentsOf url: URL, format: JSONStreamFormat = .array, byteRange: Range<Int>? = nil,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth,
        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount
    ) where Element: UnboxCompatible {
        self.init(
            url: url, byteRange: byteRange, format: format, policy: policy, maximumDepth: maximumDepth,
            parallelism: parallelism, decode: UnboxElementDecoding<Element>().decode)
    }

    /// The extension point for other model layers (a `Decodable` decoder).
    init(
        url: URL, byteRange: Range<Int>?, format: JSONStreamFormat, policy: JSONStreamErrorPolicy, maximumDepth: Int,
        parallelism: Int, decode: @escaping @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element
    ) {
        self.url = url
        self.byteRange = byteRange
        self.format = format
        self.policy = policy
        self.maximumDepth = maximumDepth
        self.parallelism = Swift.max(1, parallelism)
        self.decode = decode
    }

    /// Decodes every record and calls `body` with each model and its position, on the thread that
    /// decoded it: concurrently, in no particular order.
    ///
    /// ```swift
    /// let seen = Mutex<Set<Int>>([])
    /// try reader.forEach { record, position in
    ///     if record.isFlagged { seen.withLock { _ = $0.insert(position.index) } }
    /// }
    /// ```
    ///
    /// - Parameter body: Called once per good record, on any of the decoding threads. Throw from it
    ///   to stop every thread.
    /// - Throws: The error opening or reading the file; `CancellationError` when the calling task
    ///   is cancelled; under `.stop`, the first bad record's `UnboxError` (its index and byte
    ///   offset in the stream) or what `body` threw; a truncated stream, a value that is not an
    ///   array (format `.array`) or content after it, under either policy.
    public func forEach(_ body: @escaping @Sendable (Element, JSONRecordPosition) throws -> Void) throws {
        try run { _, element, position in try body(element, position) }
    }

    /// Decodes every record into one accumulator per decoding thread, each updated only on its
    /// thread, and returns them: a partition of the records.
    ///
    /// ```swift
    /// let perThread = try reader.reduce(into: [String: Int]()) { counts, event, _ in
    ///     counts[event.kind, default: 0] += 1
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initial: Each thread's accumulator to start with (the identity of your merge).
    ///   - update: Folds one model into the accumulator of the thread that decoded it. Throw from
    ///     it to stop every thread.
    /// - Returns: `parallelism` accumulators, one per thread (a thread that decoded nothing leaves
    ///   `initial`).
    /// - Throws: As `forEach(_:)`.
    public func reduce<Partial: Sendable>(
        into initial: Partial,
        _ update: @escaping @Sendable (inout Partial, Element, JSONRecordPosition) throws -> Void
    ) throws -> [Partial] {
        let partials = (0..<parallelism).map { _ in PartialResult(initial) }
        try run { thread, element, position in try update(&partials[thread].value, element, position) }
        return partials.map(\.value)
    }

    /// Decodes every record into one accumulator per decoding thread, then merges them, in the
    /// threads' order, into the first.
    ///
    /// ```swift
    /// let total = try reader.reduce(into: 0, { sum, order, _ in sum += order.quantity }, merge: +=)
    /// ```
    ///
    /// - Parameters:
    ///   - initial: Each thread's accumulator to start with (the identity of `merge`).
    ///   - update: Folds one model into the accumulator of the thread that decoded it. Throw from
    ///     it to stop every thread.
    ///   - merge: Folds one thread's accumulator into the result, on the calling thread. Which
    ///     records each thread decoded varies from run to run: make it not depend on that.
    /// - Returns: The merged accumulator.
    /// - Throws: As `forEach(_:)`, or what `merge` threw.
    public func reduce<Partial: Sendable>(
        into initial: Partial,
        _ update: @escaping @Sendable (inout Partial, Element, JSONRecordPosition) throws -> Void,
        merge: (inout Partial, Partial) throws -> Void
    ) throws -> Partial {
        let partials = try reduce(into: initial, update)
        var result = partials[0]
        for partial in partials.dropFirst() { try merge(&result, partial) }
        return result
    }

    /// Reads the file (or its range) and decodes it on `parallelism` threads.
    private func run(_ consume: @escaping WorkerStreamRun<Element>.Consume) throws {
        if let byteRange {
            let source = try _FileRangeSource(url: url, range: byteRange, format: format)
            let run = WorkerStreamRun(
                format: format, policy: policy, maximumDepth: maximumDepth, parallelism: parallelism,
                offsetBase: source.slice.lowerBound, decode: decode, consume: consume)
            try run.run { try source.feed(run.splitter) }
        } else {
            let source = try _FileByteSource(url: url)
            let run = WorkerStreamRun(
                format: format, policy: policy, maximumDepth: maximumDepth, parallelism: parallelism, offsetBase: 0,
                decode: decode, consume: consume)
            try run.run { try source.feed(run.splitter) }
        }
    }
}

/// One decoding thread's accumulator: updated only on that thread, read once every thread has
/// stopped (the run's lock orders the two).
final class PartialResult<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
