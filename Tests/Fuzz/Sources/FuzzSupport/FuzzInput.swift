/// The choices a fuzz target makes, read from the fuzzer's bytes one at a time.
///
/// Once the bytes run out every read returns zero, so a short input still drives a complete run
/// (each target makes zero mean its most ordinary choice).
///
/// ```swift
/// var input = FuzzInput(program)
/// let operation = input.byte()
/// let capacity = input.int(upTo: 8)
/// ```
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// Reads choices from `bytes`, in order.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isExhausted: Bool { position >= bytes.count }

    /// The next byte, or 0 once the bytes have run out.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0...limit` (`limit` below 256).
    public mutating func int(upTo limit: Int) -> Int {
        Int(byte()) % (limit + 1)
    }

    /// A flag: true when the next byte is odd.
    public mutating func bool() -> Bool {
        byte() & 1 == 1
    }

    /// The bytes not read yet, all read by this call.
    public mutating func remainingBytes() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }

    /// Up to `maximum` of the next bytes (a length byte, then the bytes).
    public mutating func bytes(upTo maximum: Int) -> [UInt8] {
        let count = min(int(upTo: 255), maximum)
        return (0..<count).map { _ in byte() }
    }
}

/// Splits an input into a JSON document and a program of choices: the program is whatever follows
/// the last NUL byte, the document what comes before it. An input without a NUL byte is all
/// document (so a plain JSON file is a meaningful input) with an empty program.
public func splitDocumentAndProgram(_ bytes: UnsafeBufferPointer<UInt8>) -> (document: [UInt8], program: [UInt8]) {
    guard let separator = bytes.lastIndex(of: 0) else { return (Array(bytes), []) }
    return (Array(bytes[..<separator]), Array(bytes[(separator + 1)...]))
}
