import Foundation

/// A value behind a lock, for test code that shares state between threads or tasks.
///
/// Not `Synchronization.Mutex`: on Linux its contended path hands the lock over inside the kernel
/// (a priority-inheriting futex), where ThreadSanitizer cannot see it, so the tests' own shared
/// state would be reported as racing whenever two threads met at the lock. `NSLock` is a pthread
/// mutex, which ThreadSanitizer understands (as the library's `Locked` is).
final class TestLock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
