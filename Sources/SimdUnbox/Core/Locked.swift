import Foundation

/// A value shared between threads, guarded by an `NSLock` (a pthread mutex).
///
/// Not `Synchronization.Mutex`: on Linux its contended path takes the lock inside the standard
/// library through a futex, where ThreadSanitizer cannot see it, so two threads that met at the
/// lock would be reported as racing on the value. A pthread mutex is seen, and is as cheap here:
/// the lock is taken once per decode or per parser hand-over, never per value.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
