import Foundation
import Synchronization

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 21% more instructions per decode streaming 1 MB of JSON Lines on one thread
// (28.26M -> 34.08M; CONTRIBUTING.md, "Unsafe code"). Remove one only with a measurement of its own.

// How a stream is decoded on several threads
// ===========================================
//
//   input ──► splitter ──► batches ──► decoders ──────► results ──► models, in input order
//   (file,    (newlines,   (~1 MiB of  (parallelism-1   (models and  (the consumer: the
//    chunks)   or the       whole       worker threads   errors of    thread or task that
//              scanner)     elements)   at a time, and   one batch)   iterates)
//                                       the consumer)
//
// The consumer reads input, cuts it into batches of whole elements (`StreamSplitter`) and queues
// them, at most `2 × parallelism` in flight, so memory stays bounded whatever the input's size.
// Each decoder (a worker thread, or the consumer while the batch it needs next is not ready)
// decodes a batch as a small stream of its own, with the stream's error policy, and keeps the
// models and the errors it met in order.
//
// Why the consumer decodes, and the workers take turns: the models of a batch a worker decoded
// are allocated on the worker and freed on the consumer's thread, where the caller drops them.
// With glibc's allocator such a free takes the lock of the worker's arena, and so does nearly
// every allocation of a thread whose memory is freed elsewhere (its per-thread cache stays
// empty); with both at once the threads contend for the lock, and can fall into a convoy where
// each operation waits for the other in the kernel. So the consumer decodes batches itself while
// it waits (their models never cross threads, and no core is oversubscribed), and there are twice
// as many worker threads as decode at once: a worker decodes its next batch only once the consumer
// has handed out every model of its last one, so the arena the consumer frees into is not the one
// being allocated from. Whole-process times of six decodes of the records' 100 MB, one thread
// against two (SimdUnbox, medians of three interleaved runs, glibc): with `parallelism` workers
// beside the consumer, 1.25x (root array) and 1.39x (JSON Lines), and runs that fell to 0.6x; with
// the consumer decoding and one worker, 1.64x and 1.67x, with convoys (0.55x) in some periods; with
// the workers taking turns, 1.6x to 1.75x, and a fifth of the context switches.
//
// The consumer takes results in batch order and hands out their models, replaying each error at the
// place it had among the models, so that the `.skip` handler sees exactly what a stream decoded on
// one thread would show: element indices (a batch counts from 0; the consumer adds the elements of
// the batches before it) and stream byte offsets (a batch knows where it starts). Under `.stop`, a
// batch that fails makes the workers drop every later batch; the consumer throws its error once the
// models before it are handed out. Cancelling (or dropping) the stream stops the workers at their
// next element check (the consumer only decodes between its own calls).
//
// Batches cost little beyond what one thread does: the input is read straight into the buffer of
// the batch being filled (`BatchBuffer`, laid out as a decoder's buffer), whatever the format, and
// only the partial element after a cut is copied; an array batch carries the separators the
// splitter's scan found, so that its bytes are scanned once. A worker's decoder takes the batch's
// buffer, without a copy, in exchange for its previous one, which goes back to the pool for the
// splitter to fill; model buffers come back from the consumer once emptied. What remains is the
// hand-over of models across cores.

/// Parallel streams cut batches of about this many bytes: large enough that a batch's fixed costs
/// (a queue hand-over, a decoder restart) vanish beside its decoding, small enough to keep memory
/// low. Tests make it small to cut many batches from small inputs (results never depend on it).
let parallelStreamBatchSize = Atomic<Int>(1 << 20)

/// The models of one batch: moved in by a worker, moved out by the consumer. Not an `Array`: the
/// module's code is not specialized for the model type, and an array of models would cost a
/// lookup of its type in the runtime's metadata cache at every append and read (about an eighth
/// of the time of a parallel stream of small models).
final class ModelBuffer<Element>: @unchecked Sendable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Models moved in.
    private(set) var count = 0
    /// Models moved out.
    private var taken = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        (base + taken).deinitialize(count: count - taken)
        base.deallocate()
    }

    /// Moves the model at `source` in, leaving `source` uninitialized.
    @inline(__always)
    func append(movingFrom source: UnsafeMutablePointer<Element>) {
        if _slowPath(count == capacity) { grow() }
        (base + count).moveInitialize(from: source, count: 1)
        count += 1
    }

    private func grow() {
        let newCapacity = Swift.max(capacity * 2, 16)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Whether every model moved in has been moved out.
    var isUsedUp: Bool { taken == count }

    /// Empties a buffer whose models have all been moved out, keeping its memory for another batch.
    func reset() {
        precondition(taken == count, "SimdUnbox: a batch's models were dropped before being handed out")
        count = 0
        taken = 0
    }

    /// Models not yet moved out.
    var hasNext: Bool { taken < count }
    /// How many models have been moved out.
    var takenCount: Int { taken }

    /// Moves the next model out.
    @inline(__always)
    func takeNext() -> Element {
        defer { taken += 1 }
        return (base + taken).move()
    }
}

/// What a worker made of one batch.
struct BatchResult<Element> {
    var models: ModelBuffer<Element>
    /// The errors met, each with how many models came before it in the batch.
    var errors: [(modelsBefore: Int, error: UnboxError)] = []
    /// Under `.stop`: the error that ended the batch (and the stream).
    var stopError: (any Error)?
    /// The elements the batch held.
    var elementCount = 0
    /// The worker thread that decoded the batch (nil: the consumer).
    var worker: Int?
}

/// Collects the errors a worker's decoder reports under `.skip`. Confined to the worker thread
/// that owns it (the decoder calls its handler synchronously, on that thread).
final class BatchErrors: @unchecked Sendable {
    var modelCount = 0
    var errors: [(modelsBefore: Int, error: UnboxError)] = []

    func add(_ error: UnboxError) {
        errors.append((modelCount, error))
    }
}

/// The worker threads of one parallel stream, their queue of batches and their results.
///
/// `@unchecked Sendable`: every field is guarded by `condition`, except `stopAt`, an atomic. The
/// models it carries between threads are `Sendable`: it is created only by `ParallelStreamDecoder`
/// through the entry points that require `Element: Sendable`.
final class StreamWorkers<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [StreamBatch] = []
    private var results: [Int: BatchResult<Element>] = [:]
    private var cancelled = false
    /// A task waiting for the result of a batch (`result(of:)`).
    private var waiter: (sequence: Int, continuation: CheckedContinuation<Void, any Error>)?
    /// Batches after this one are not needed (a batch ended the stream under `.stop`); -1 once the
    /// stream is cancelled. Checked by the workers between elements.
    private let stopAt = Atomic<Int>(Int.max)
    private var started = false
    /// Model buffers the consumer has emptied, for the workers to fill again (a buffer grown to a
    /// batch's size, so that neither its growth nor its allocation repeats at every batch).
    private var spareModelBuffers: [ModelBuffer<Element>] = []

    /// How many worker threads decode at once: the consumer is the stream's other decoding thread.
    private let count: Int
    /// Worker threads whose last batch still has models to hand out: they wait before decoding
    /// another (see `nextBatch`).
    private var handingOut: [Bool]
    /// Worker threads decoding a batch.
    private var running = 0
    private let makeDecoder: @Sendable (BatchErrors?) -> _StreamDecoder<Element>
    /// The consumer's decoder, for the batches it decodes while it waits, and its errors under
    /// `.skip`. Confined to the consumer: used only by `takeResult(of:)` and `result(of:)`, which
    /// one thread or task calls at a time.
    private var consumerDecoder: _StreamDecoder<Element>?
    private var consumerErrors: BatchErrors?
    private let skips: Bool
    /// Where a worker leaves the buffer its decoder gave up for a batch's.
    private let pool: BatchBufferPool

    init(
        count: Int, skips: Bool, pool: BatchBufferPool,
        makeDecoder: @escaping @Sendable (BatchErrors?) -> _StreamDecoder<Element>
    ) {
        self.count = count
        handingOut = Array(repeating: false, count: 2 * count)
        self.skips = skips
        self.pool = pool
        self.makeDecoder = makeDecoder
    }

    /// Queues `batch` for the next free worker (starting the workers the first time).
    func submit(_ batch: StreamBatch) {
        condition.lock()
        if !started {
            started = true
            for index in 0..<2 * count {
                let thread = Thread { [self] in work(as: index) }
                thread.name = "SimdUnbox stream worker \(index)"
                // Deep models recurse: the stack of a main thread, not a secondary one's default.
                thread.stackSize = 8 << 20
                thread.start()
            }
        }
        queue.append(batch)
        condition.signal()
        condition.unlock()
    }

    /// Stops the workers and drops every batch and result; a task waiting for a result is resumed
    /// with `CancellationError`.
    func cancel() {
        stopAt.store(-1, ordering: .relaxed)
        condition.lock()
        cancelled = true
        queue.removeAll()
        results.removeAll()
        let waiting = waiter
        waiter = nil
        condition.broadcast()
        condition.unlock()
        waiting?.continuation.resume(throwing: CancellationError())
    }

    /// Gives back the model buffer of a batch whose models have all been handed out; the worker
    /// that decoded it (if one did) may decode another.
    func recycle(_ models: ModelBuffer<Element>, decodedBy worker: Int?) {
        guard models.isUsedUp else { return }
        models.reset()
        condition.lock()
        if spareModelBuffers.count <= 2 * count + 1 { spareModelBuffers.append(models) }
        if let worker {
            handingOut[worker] = false
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Waits on this thread for the result of batch `sequence`, decoding queued batches meanwhile.
    func takeResult(of sequence: Int) throws -> BatchResult<Element> {
        while helpDecode(awaiting: sequence) {}
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = results.removeValue(forKey: sequence) { return result }
            if cancelled { throw CancellationError() }
            condition.wait()
        }
    }

    /// Waits, suspending the task, for the result of batch `sequence`, decoding queued batches
    /// meanwhile; cancelling the task cancels the stream.
    func result(of sequence: Int) async throws -> BatchResult<Element> {
        while helpDecode(awaiting: sequence) {
            if Task.isCancelled {
                cancel()
                throw CancellationError()
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                condition.lock()
                if results[sequence] != nil {
                    condition.unlock()
                    continuation.resume()
                } else if cancelled {
                    condition.unlock()
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiter = (sequence, continuation)
                    condition.unlock()
                }
            }
            return try takeResult(of: sequence)
        } onCancel: {
            cancel()
        }
    }

    // MARK: Decoding

    /// The consumer's turn as a decoding thread: when batch `sequence` has no result yet and a
    /// batch waits in the queue, decodes the first one waiting (which is `sequence` itself when no
    /// worker has taken it) and returns true; false when there is nothing to do but wait.
    private func helpDecode(awaiting sequence: Int) -> Bool {
        condition.lock()
        // A batch stays queued for the workers unless it is the one awaited: a consumer that took
        // them all would leave the workers idle until it reads more input.
        guard results[sequence] == nil, !cancelled, let first = queue.first,
            first.sequence == sequence || queue.count > count, let (batch, models) = takeQueuedBatch()
        else {
            condition.unlock()
            return false
        }
        condition.unlock()
        let decoder: _StreamDecoder<Element>
        if let consumerDecoder {
            decoder = consumerDecoder
        } else {
            consumerErrors = skips ? BatchErrors() : nil
            decoder = makeDecoder(consumerErrors)
            consumerDecoder = decoder
        }
        deliver(decode(batch, into: models, with: decoder, errors: consumerErrors), of: batch, by: nil)
        return true
    }

    private func work(as worker: Int) {
        let errors = skips ? BatchErrors() : nil
        let decoder = makeDecoder(errors)
        while let (batch, models) = nextBatch(for: worker) {
            let result = decode(batch, into: models, with: decoder, errors: errors)
            guard deliver(result, of: batch, by: worker) else { break }
        }
    }

    /// Hands the result of `batch` to the consumer, unless a batch before it ended the stream.
    /// Returns false once the stream is cancelled.
    @discardableResult
    private func deliver(_ result: BatchResult<Element>, of batch: StreamBatch, by worker: Int?) -> Bool {
        condition.lock()
        if worker != nil { running -= 1 }
        guard batch.sequence <= stopAt.load(ordering: .relaxed) else {
            condition.broadcast()
            condition.unlock()
            return true
        }
        if result.stopError != nil { stopAt.min(batch.sequence, ordering: .relaxed) }
        if cancelled {
            condition.unlock()
            return false
        }
        var result = result
        result.worker = worker
        if let worker { handingOut[worker] = true }
        results[batch.sequence] = result
        var waiting: CheckedContinuation<Void, any Error>?
        if let waiter, waiter.sequence == batch.sequence {
            waiting = waiter.continuation
            self.waiter = nil
        }
        condition.broadcast()
        condition.unlock()
        waiting?.resume()
        return true
    }

    /// The next batch still needed for `worker`, with a buffer for its models, or nil once the
    /// stream is cancelled. A worker waits until the consumer has handed out every model of its
    /// last batch, and at most `count` workers decode at once, taking turns: so the consumer does
    /// not free into the arena of a thread that is allocating (see the top of this file).
    private func nextBatch(for worker: Int) -> (StreamBatch, ModelBuffer<Element>)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if cancelled { return nil }
            if !handingOut[worker], running < count, let next = takeQueuedBatch() {
                running += 1
                return next
            }
            condition.wait()
        }
    }

    /// The first queued batch still needed, with a buffer for its models; nil when none is queued.
    /// Called with `condition` locked.
    private func takeQueuedBatch() -> (StreamBatch, ModelBuffer<Element>)? {
        while !queue.isEmpty {
            let batch = queue.removeFirst()
            if batch.sequence > stopAt.load(ordering: .relaxed) { continue }
            return (batch, spareModelBuffers.popLast() ?? ModelBuffer())
        }
        return nil
    }

    private func decode(
        _ batch: StreamBatch, into models: ModelBuffer<Element>, with decoder: _StreamDecoder<Element>,
        errors: BatchErrors?
    ) -> BatchResult<Element> {
        decoder.restart(offsetBase: batch.offsetBase, isContinuation: batch.isContinuation, adopting: batch.buffer)
        pool.give(batch.buffer)
        errors?.modelCount = 0
        errors?.errors.removeAll(keepingCapacity: true)
        var result = BatchResult(models: models)
        do {
            while try decoder.advance() {
                decoder.take(into: models)
                errors?.modelCount = models.count
                if models.count & 1023 == 0, batch.sequence > stopAt.load(ordering: .relaxed) { break }
            }
        } catch {
            result.stopError = error
        }
        result.errors = errors?.errors ?? []
        result.elementCount = batch.elementCount ?? decoder.elementCount
        return result
    }
}

/// The consumer's side of a parallel stream: cuts the input into batches, queues them and hands
/// out the workers' models in input order. Used by one thread or task at a time.
final class ParallelStreamDecoder<Element> {
    let splitter: StreamSplitter
    private let workers: StreamWorkers<Element>
    private let policy: JSONStreamErrorPolicy
    private let inFlightLimit: Int

    private var submitted = 0
    private var received = 0
    private var current = BatchResult<Element>(models: ModelBuffer(capacity: 0))
    private var errorIndex = 0
    /// The elements of the batches before the current one.
    private var elementsBefore = 0
    private var hasCurrent = false
    private(set) var isDone = false

    /// Models cross threads: create one only for a stream whose public entry point required
    /// `Element: Sendable` (a stream type stores its `parallelism` only from such an initializer).
    init(
        format: JSONStreamFormat, policy: JSONStreamErrorPolicy, maximumDepth: Int, parallelism: Int,
        decode: @escaping @Sendable (inout _JSONCursor, _DecodingContext) throws -> Element
    ) {
        // Buffers for the batches in flight, one held by each decoder (the worker threads' and the
        // consumer's), and one being filled.
        let pool = BatchBufferPool(limit: 4 * parallelism)
        splitter = StreamSplitter(
            format: format, batchSize: parallelStreamBatchSize.load(ordering: .relaxed), pool: pool)
        self.policy = policy
        let skips: Bool
        if case .skip = policy { skips = true } else { skips = false }
        // The consumer decodes too, while it waits for a batch: `parallelism - 1` workers decode at
        // a time, among twice as many threads.
        workers = StreamWorkers(count: parallelism - 1, skips: skips, pool: pool) { errors in
            let workerPolicy: JSONStreamErrorPolicy = errors.map { errors in .skip { errors.add($0) } } ?? .stop
            return _StreamDecoder(format: format, policy: workerPolicy, maximumDepth: maximumDepth, decode: decode)
        }
        inFlightLimit = 2 * parallelism
    }

    deinit {
        workers.cancel()
    }

    /// Ends the stream after a failure outside the decoder (reading the input, cancellation).
    func abandon() {
        isDone = true
        workers.cancel()
    }

    /// Whether the batch being handed out has a model left, after the errors that came before it
    /// (reported on the way); false when that batch is used up (or the stream is over: `isDone`).
    /// `take()` moves the model out.
    ///
    /// - Throws: The batch's error under `.stop`.
    func advance() throws -> Bool {
        guard hasCurrent else { return false }
        let models = current.models
        if _slowPath(errorIndex < current.errors.count) {
            while errorIndex < current.errors.count, current.errors[errorIndex].modelsBefore <= models.takenCount {
                let error = globalized(current.errors[errorIndex].error)
                errorIndex += 1
                if case .skip(let report) = policy { report(error) }
            }
        }
        if models.hasNext { return true }
        if let error = current.stopError {
            abandon()
            throw (error as? UnboxError).map(globalized) ?? error
        }
        elementsBefore += current.elementCount
        workers.recycle(current.models, decodedBy: current.worker)
        current = BatchResult(models: ModelBuffer(capacity: 0))
        hasCurrent = false
        return false
    }

    /// The model `advance()` found.
    @inline(__always)
    func take() -> Element {
        current.models.takeNext()
    }

    /// The error with its element index counted from the start of the stream.
    private func globalized(_ error: UnboxError) -> UnboxError {
        guard case .index(let index)? = error.path.first else { return error }
        var error = error
        error.path[0] = .index(elementsBefore + index)
        return error
    }

    /// Queues the batches that are ready, as far as the in-flight limit allows. Returns true when
    /// more input is wanted before waiting for a result.
    func submitReady() -> Bool {
        while submitted - received < inFlightLimit {
            guard let batch = splitter.nextBatch() else { return !splitter.inputEnded }
            workers.submit(batch)
            submitted += 1
        }
        return false
    }

    /// With nothing in flight, the input is used up: ends the stream, throwing its stream-level
    /// error if it has one. Returns whether it ended.
    private func endIfDrained() throws -> Bool {
        guard submitted == received else { return false }
        isDone = true
        workers.cancel()
        if let error = splitter.streamError { throw error }
        return true
    }

    /// Waits on this thread for the next batch's result.
    func receiveNext() throws {
        if try endIfDrained() { return }
        do {
            current = try workers.takeResult(of: received)
        } catch {
            abandon()
            throw error
        }
        received += 1
        (hasCurrent, errorIndex) = (true, 0)
    }

    /// Waits, suspending the task, for the next batch's result.
    func receiveNext(isolation actor: isolated (any Actor)? = #isolation) async throws {
        if try endIfDrained() { return }
        do {
            current = try await workers.result(of: received)
        } catch {
            abandon()
            throw error
        }
        received += 1
        (hasCurrent, errorIndex) = (true, 0)
    }

    /// Makes the next batch's models ready for `advance()`, reading input with `read` (which
    /// appends to `splitter`, or ends its input) and waiting on this thread for the batch.
    func refill(reading read: () throws -> Void) throws {
        while submitReady() {
            do {
                try read()
            } catch {
                abandon()
                throw error
            }
        }
        try receiveNext()
    }
}
