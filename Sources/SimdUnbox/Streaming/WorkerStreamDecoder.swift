import Foundation
import Synchronization

// How a stream is consumed on the threads that decode it
// ======================================================
//
//   file ──► splitter ──► batches ──► decoding threads ──► the caller's closure, on that thread
//   (or a    (newlines,   (~1 MiB of  (the calling thread
//    range)   or the       whole       and parallelism - 1
//             scanner)     records)    workers)
//
// The ordered streams (`ParallelStreamDecoder`) hand every model a worker made to the consumer's
// thread, so memory crosses cores for every record. Here nothing does: each decoding thread calls
// the closure with the models it decoded, and a reduction keeps one accumulator per thread, merged
// once at the end. The calling thread reads the input, cuts it into batches (as the ordered streams
// do: `StreamSplitter`, JSON Lines batches counted so that every record has its index before it is
// decoded) and queues them, at most `2 × parallelism` in flight; when the queue is full it decodes
// a queued batch itself, so `parallelism` threads decode and none waits for another's models.
//
// Errors: under `.skip` each decoding thread calls the policy's handler, concurrently, with the
// record's index and byte offset in the stream. Under `.stop`, a batch that fails (a bad record,
// or the closure throwing) stops the batches after it; the batches before it are decoded to the
// end, and the error of the earliest batch that failed is thrown once every thread has stopped:
// the error a stream decoded on one thread would have thrown. Cancellation (the calling task's, or
// an error reading the input) stops every thread before its next record.

/// Where a record lies in a stream: its index among the stream's records (good or bad) and the
/// offset of its first byte.
///
/// ```swift
/// try JSONParallelReader<Event>(contentsOf: logURL, format: .jsonLines).forEach { event, position in
///     if event.level == .fatal { print("record \(position.index) at byte \(position.byteOffset)") }
/// }
/// ```
///
/// Over a byte range (`JSONParallelReader(contentsOf:format:byteRange:onError:maximumDepth:parallelism:)`)
/// the index counts from the range's first record, and the byte offset from the start of the file.
public struct JSONRecordPosition: Sendable, Hashable, CustomStringConvertible {
    /// The record's index among the records of the stream (or of the byte range), bad ones included.
    public var index: Int
    /// The offset of the record's first byte from the start of the stream (or file).
    public var byteOffset: Int

    /// A position.
    ///
    /// ```swift
    /// let position = JSONRecordPosition(index: 0, byteOffset: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - index: The record's index.
    ///   - byteOffset: The offset of its first byte.
    public init(index: Int, byteOffset: Int) {
        self.index = index
        self.byteOffset = byteOffset
    }

    /// `[index] (byte offset)`.
    public var description: String { "[\(index)] (byte \(byteOffset))" }
}

/// What one decoding thread has: its decoder, and the index of its batch's first record (which its
/// `.skip` handler adds to the indices it reports). Confined to its thread.
final class DecodingThreadState<Element>: @unchecked Sendable {
    let decoder: _StreamDecoder<Element>
    let indexBase: IndexBase

    init(decoder: _StreamDecoder<Element>, indexBase: IndexBase) {
        self.decoder = decoder
        self.indexBase = indexBase
    }
}

/// The index of the first record of the batch a decoding thread decodes. Confined to that thread.
final class IndexBase: @unchecked Sendable {
    var value = 0
}

/// The errors of a batch decoded on its own, with indices counted from the start of the stream.
func globalized(_ error: any Error, indexBase: Int) -> any Error {
    guard var unboxError = error as? UnboxError, case .index(let index)? = unboxError.path.first else {
        return error
    }
    unboxError.path[0] = .index(indexBase + index)
    return unboxError
}

/// One run of a stream consumed on its decoding threads: the queue of batches, the worker threads
/// and how the run ends.
///
/// `@unchecked Sendable`: the fields are guarded by `condition`, except the atomics, and the
/// splitter, which only the calling thread uses.
final class WorkerStreamRun<Element>: @unchecked Sendable {
    /// The caller's closure: the decoding thread's number (0: the calling thread), the model and
    /// where its record lies.
    typealias Consume = @Sendable (Int, Element, JSONRecordPosition) throws -> Void

    private let condition = NSCondition()
    private var queue: [(batch: StreamBatch, firstIndex: Int)] = []
    /// Batches queued or being decoded.
    private var inFlight = 0
    /// Every batch has been queued (or the run is cancelled): idle workers exit.
    private var inputOver = false
    private var workersAlive = 0
    private var workersStarted = false
    /// The earliest batch that failed under `.stop`, and its error.
    private var failure: (sequence: Int, error: any Error)?
    /// Batches after this one are not needed (`failure`'s sequence); checked before every record.
    private let stopAt = Atomic<Int>(Int.max)
    private let cancelled = Atomic<Bool>(false)
    /// The calling task was cancelled.
    private var taskCancelled = false

    private let format: JSONStreamFormat
    private let policy: JSONStreamErrorPolicy
    private let maximumDepth: Int
    private let parallelism: Int
    private let decode: @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element
    private let consume: Consume
    /// The stream offset of the splitter's offset 0 (a byte range's first record).
    private let offsetBase: Int
    private let pool: BatchBufferPool
    let splitter: StreamSplitter

    init(
        format: JSONStreamFormat, policy: JSONStreamErrorPolicy, maximumDepth: Int, parallelism: Int,
        offsetBase: Int, decode: @escaping @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element,
        consume: @escaping Consume
    ) {
        self.format = format
        self.policy = policy
        self.maximumDepth = maximumDepth
        self.parallelism = max(1, parallelism)
        self.offsetBase = offsetBase
        self.decode = decode
        self.consume = consume
        pool = BatchBufferPool(limit: 4 * self.parallelism)
        splitter = StreamSplitter(
            format: format, batchSize: parallelStreamBatchSize.load(ordering: .relaxed), pool: pool, countsLines: true)
    }

    private func makeThreadState() -> DecodingThreadState<Element> {
        let indexBase = IndexBase()
        let threadPolicy: JSONStreamErrorPolicy
        switch policy {
        case .stop: threadPolicy = .stop
        case .skip(let report):
            threadPolicy = .skip { error in
                report(globalized(error, indexBase: indexBase.value) as? UnboxError ?? error)
            }
        }
        return DecodingThreadState(
            decoder: _StreamDecoder(format: format, policy: threadPolicy, maximumDepth: maximumDepth, decode: decode),
            indexBase: indexBase)
    }

    // MARK: The run

    /// Decodes the stream that `feed` reads into `splitter` (appending to it, or ending its input),
    /// on the calling thread and `parallelism - 1` workers, and returns once every thread has
    /// stopped.
    ///
    /// - Throws: `CancellationError` when the calling task was cancelled; the error `feed` threw;
    ///   under `.stop`, the earliest bad record's error or what `consume` threw; the stream-level
    ///   error (truncation, a value that is not an array).
    func run(feed: () throws -> Void) throws {
        let state = makeThreadState()
        var thrown: (any Error)?
        do {
            try produce(feed: feed, state: state)
        } catch {
            thrown = error
            cancel()
        }
        join()
        if let thrown { throw thrown }
        if taskCancelled { throw CancellationError() }
        if let failure { throw failure.error }
        if var error = splitter.streamError {
            // The splitter counts offsets from its first byte (a byte range's first record).
            error.byteOffset = error.byteOffset.map { $0 + offsetBase }
            throw error
        }
    }

    /// The calling thread's part: reads, cuts and queues batches, and decodes some itself.
    private func produce(feed: () throws -> Void, state: DecodingThreadState<Element>) throws {
        let limit = 2 * parallelism
        var firstIndex = 0
        reading: while true {
            if checkTaskCancellation() || stopAt.load(ordering: .relaxed) != Int.max { break }
            condition.lock()
            let room = inFlight < limit
            condition.unlock()
            if room {
                if let batch = splitter.nextBatch() {
                    submit(batch, firstIndex: firstIndex)
                    firstIndex += batch.elementCount ?? 0
                    continue
                }
                if !splitter.inputEnded {
                    try feed()
                    continue
                }
                break reading
            }
            if let job = takeQueued() {
                decode(job, on: 0, state: state)
            } else {
                waitBriefly()
            }
        }
        condition.lock()
        inputOver = true
        condition.broadcast()
        condition.unlock()
        // Help with what is queued, then wait for the workers' batches.
        while !checkTaskCancellation() {
            if let job = takeQueued() {
                decode(job, on: 0, state: state)
                continue
            }
            condition.lock()
            let done = inFlight == 0
            condition.unlock()
            if done { break }
            waitBriefly()
        }
        state.decoder.abandonBatch()
    }

    /// Queues `batch`, starting the workers when a second batch is queued (a stream of one batch is
    /// decoded by the calling thread alone).
    private func submit(_ batch: StreamBatch, firstIndex: Int) {
        condition.lock()
        queue.append((batch, firstIndex))
        inFlight += 1
        if !workersStarted && (batch.sequence > 0) && parallelism > 1 {
            workersStarted = true
            for index in 1..<parallelism {
                workersAlive += 1
                let thread = Thread { [self] in work(as: index) }
                thread.name = "SimdUnbox stream worker \(index)"
                // Deep models recurse: the stack of a main thread, not a secondary one's default.
                thread.stackSize = 8 << 20
                thread.start()
            }
        }
        condition.signal()
        condition.unlock()
    }

    /// The first queued batch, or nil. Takes the lock.
    private func takeQueued() -> (batch: StreamBatch, firstIndex: Int)? {
        condition.lock()
        defer { condition.unlock() }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    /// Waits for a worker to finish a batch, at most 10 ms (to notice the task's cancellation).
    private func waitBriefly() {
        condition.lock()
        _ = condition.wait(until: Date(timeIntervalSinceNow: 0.01))
        condition.unlock()
    }

    /// Whether the calling task is cancelled; if it is, stops every thread.
    private func checkTaskCancellation() -> Bool {
        if cancelled.load(ordering: .relaxed) { return true }
        guard Task.isCancelled else { return false }
        condition.lock()
        taskCancelled = true
        condition.unlock()
        cancel()
        return true
    }

    /// Stops every thread before its next record and drops the queued batches.
    private func cancel() {
        cancelled.store(true, ordering: .relaxed)
        condition.lock()
        inFlight -= queue.count
        queue.removeAll()
        inputOver = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every worker thread has exited.
    private func join() {
        condition.lock()
        while workersAlive > 0 { condition.wait() }
        condition.unlock()
    }

    // MARK: Workers

    private func work(as thread: Int) {
        let state = makeThreadState()
        while let job = nextJob() {
            decode(job, on: thread, state: state)
        }
        state.decoder.abandonBatch()
        condition.lock()
        workersAlive -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next queued batch, waiting for one; nil once the input is over and nothing is queued.
    private func nextJob() -> (batch: StreamBatch, firstIndex: Int)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if cancelled.load(ordering: .relaxed) { return nil }
            if !queue.isEmpty { return queue.removeFirst() }
            if inputOver { return nil }
            condition.wait()
        }
    }

    /// Decodes one batch on this thread, handing each model to `consume`.
    private func decode(
        _ job: (batch: StreamBatch, firstIndex: Int), on thread: Int, state: DecodingThreadState<Element>
    ) {
        let batch = job.batch
        defer {
            condition.lock()
            inFlight -= 1
            condition.broadcast()
            condition.unlock()
        }
        guard batch.sequence <= stopAt.load(ordering: .relaxed), !cancelled.load(ordering: .relaxed) else {
            pool.give(batch.buffer)
            return
        }
        let decoder = state.decoder
        decoder.abandonBatch()
        decoder.restart(
            offsetBase: batch.offsetBase + offsetBase, isContinuation: batch.isContinuation, adopting: batch.buffer)
        pool.give(batch.buffer)
        state.indexBase.value = job.firstIndex
        var records = 0
        do {
            while try decoder.advance() {
                let position = JSONRecordPosition(
                    index: job.firstIndex + decoder.decodedIndex, byteOffset: decoder.decodedOffset())
                do {
                    try consume(thread, decoder.take(), position)
                } catch {
                    fail(batch.sequence, error)
                    return
                }
                records += 1
                if _slowPath(
                    batch.sequence > stopAt.load(ordering: .relaxed) || cancelled.load(ordering: .relaxed))
                {
                    return
                }
                if thread == 0, records & 63 == 0, checkTaskCancellation() { return }
            }
        } catch {
            fail(batch.sequence, globalized(error, indexBase: job.firstIndex))
        }
    }

    /// Records the failure of batch `sequence` under `.stop` (or of the closure), keeping the
    /// earliest batch's.
    private func fail(_ sequence: Int, _ error: any Error) {
        condition.lock()
        if failure == nil || sequence < failure.unsafelyUnwrapped.sequence {
            failure = (sequence, error)
            stopAt.store(sequence, ordering: .relaxed)
        }
        condition.broadcast()
        condition.unlock()
    }
}
