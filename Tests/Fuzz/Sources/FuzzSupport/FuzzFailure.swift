import Foundation

/// Stops the fuzzer with a finding when `condition` is false: prints `message` and aborts, which
/// libFuzzer reports as a crash and saves the input that caused it.
///
/// - Parameters:
///   - condition: The property the target checks.
///   - message: What went wrong, with the values involved.
public func fuzzRequire(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("FUZZ FINDING: \(message())\n".utf8))
    abort()
}

/// A short, printable rendering of bytes for finding messages.
public func preview(_ bytes: some Collection<UInt8>, limit: Int = 200) -> String {
    let text = String(decoding: bytes.prefix(limit), as: UTF8.self)
    return String(reflecting: text) + (bytes.count > limit ? "… (\(bytes.count) bytes)" : "")
}
