import Dispatch
import Synchronization

/// Runs `operation` to completion from synchronous code (libFuzzer's callback) and returns its
/// result. The callback runs on libFuzzer's own thread, never on a Swift concurrency thread, so
/// blocking it while a detached task runs cannot deadlock.
public func runBlocking<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.store(await operation())
        done.signal()
    }
    done.wait()
    return box.take()
}

/// Hands a result from the task to the waiting thread.
private final class ResultBox<Result: Sendable>: Sendable {
    private let value = Mutex<Result?>(nil)

    func store(_ result: Result) {
        value.withLock { $0 = result }
    }

    func take() -> Result {
        guard let result = value.withLock({ $0 }) else { fatalError("runBlocking: the task produced no result") }
        return result
    }
}
