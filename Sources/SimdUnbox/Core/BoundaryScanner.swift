import CSimdJSON

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// The shim's boundary scanner (`csimdjson_boundary_scanner`): finds where the elements of a JSON
/// stream begin and end, reading its bytes once, in pieces of any size. Kept by value between
/// calls; the stream decoders own one each.
struct BoundaryScanner {
    /// How the stream's elements are laid out.
    enum Format {
        /// One JSON array whose elements are the stream's elements.
        case array
        /// Whitespace-separated documents (concatenated JSON).
        case documents
        /// JSON Lines: one value per line, every newline ends a record.
        case lines
    }

    /// JSON Lines: why a line is not one JSON value (the kind in a faulty record's second entry).
    enum LineFault {
        /// The line ends inside an object or array.
        case truncated
        /// The line ends inside a string.
        case unclosedString
        /// Something other than whitespace follows the value.
        case trailingContent
        /// The line starts with `}`, `]` or `,`, or nests too deeply.
        case unexpected
    }

    /// The most boundaries one byte can add: keep at least this much room in the output.
    static let boundariesPerByte = Int(CSIMDJSON_BOUNDARIES_PER_BYTE)
    /// JSON Lines: where a faulty record's kind sits in the second entry of its pair.
    static let lineFaultShift = UInt64(CSIMDJSON_LINE_FAULT_SHIFT)

    private var raw = csimdjson_boundary_scanner()

    /// A scanner to be started with `start(_:)`.
    init() {}

    /// Starts a scan at offset 0 of a stream in `format`.
    @inline(__always)
    mutating func start(_ format: Format) {
        let cFormat =
            switch format {
            case .array: CSIMDJSON_STREAM_FORMAT_ARRAY
            case .documents: CSIMDJSON_STREAM_FORMAT_DOCUMENTS
            case .lines: CSIMDJSON_STREAM_FORMAT_LINES
            }
        csimdjson_boundary_scanner_init(&raw, cFormat)
    }

    /// Starts a new scan at offset 0 in the format of the scan before.
    @inline(__always)
    mutating func restart() {
        let format = raw.format
        csimdjson_boundary_scanner_init(&raw, csimdjson_stream_format(rawValue: format))
    }

    /// Array format: the offset one past the last element when it is known to be complete but its
    /// separator has not been scanned yet; `UInt64.max` otherwise.
    var pendingEnd: UInt64 {
        @inline(__always) get { raw.pending_end }
        @inline(__always) set { raw.pending_end = newValue }
    }

    /// The stream offset a scan error refers to.
    var errorOffset: UInt64 {
        @inline(__always) get { raw.error_offset }
    }

    /// Lines format: the stream offset where the line being scanned starts.
    var lineStart: UInt64 {
        @inline(__always) get { raw.line_start }
    }

    /// Scans the next `length` bytes, appending the boundaries found to `boundaries` from index
    /// `count` without going past `capacity`; `scanned` is how many bytes it took.
    @inline(__always)
    mutating func scan(
        _ bytes: UnsafePointer<UInt8>, _ length: Int, _ boundaries: UnsafeMutablePointer<UInt64>, _ capacity: Int,
        _ count: inout Int, _ scanned: inout Int
    ) -> _SimdJSONError {
        _SimdJSONError(csimdjson_boundary_scanner_scan(&raw, bytes, length, boundaries, capacity, &count, &scanned))
    }

    /// Lines format: ends the stream (`line` holds the bytes from `lineStart` on).
    @inline(__always)
    mutating func finishLines(
        _ line: UnsafePointer<UInt8>, _ boundaries: UnsafeMutablePointer<UInt64>, _ capacity: Int, _ count: inout Int
    ) -> _SimdJSONError {
        _SimdJSONError(csimdjson_boundary_scanner_finish_lines(&raw, line, boundaries, capacity, &count))
    }

    /// Ends the stream: a number or literal document at the very end gets its end boundary.
    @inline(__always)
    mutating func finish(_ boundaries: UnsafeMutablePointer<UInt64>, _ capacity: Int, _ count: inout Int)
        -> _SimdJSONError
    {
        _SimdJSONError(csimdjson_boundary_scanner_finish(&raw, boundaries, capacity, &count))
    }

    /// JSON Lines: the kind of fault recorded in the second entry (`word`) of a faulty record.
    static func lineFault(_ word: UInt64) -> LineFault {
        switch csimdjson_line_fault(rawValue: UInt32(word >> lineFaultShift)) {
        case CSIMDJSON_LINE_FAULT_TRUNCATED: .truncated
        case CSIMDJSON_LINE_FAULT_UNCLOSED_STRING: .unclosedString
        case CSIMDJSON_LINE_FAULT_TRAILING_CONTENT: .trailingContent
        default: .unexpected
        }
    }
}
