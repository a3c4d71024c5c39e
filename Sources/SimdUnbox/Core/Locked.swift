import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

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
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
