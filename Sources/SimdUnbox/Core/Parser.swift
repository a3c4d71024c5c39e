import CSimdJSON
import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// Owns one `csimdjson_parser`: simdjson's parser, its document and its padded input buffer, all
/// reused from one document to the next. Used by one thread at a time: it moves between threads
/// only through `_ParserPool`, whose lock orders the hand-over.
@usableFromInline
final class _Parser: @unchecked Sendable {
    @usableFromInline let handle: OpaquePointer
    /// The scratch memory decodes borrow: the gather stack of arrays, the buffer of bulk numeric
    /// reads, the room of dictionary entries (`ScratchArena`).
    @usableFromInline let scratch = ScratchArena()
    /// The long strings of the current decode, shared when a value repeats (`_StringTable`).
    @usableFromInline let strings = _StringTable()

    /// The string of `count` bytes of valid UTF-8 at `bytes` (from the document being decoded):
    /// inline when short, else from the parser's string table (`table`, read only then).
    ///
    /// Static, with the table asked for only when needed: called on the parser, the caller would
    /// retain and release the parser around every short string's making (two atomic operations;
    /// -0.9% instructions on twitter.json in SimdJSONDecoder).
    @inlinable @inline(__always)
    static func string(_ bytes: UnsafePointer<UInt8>?, _ count: Int, table: () -> _StringTable) -> String {
        guard count >= 16, let bytes else { return _validatedString(bytes, count) }
        return table().string(bytes, count)
    }

    /// What `SimdJSONDecoder` keeps from one decode to the next (its table of how each type is
    /// read), opaque here.
    var codableCache: AnyObject?

    /// How the parser's cursor stamp is read (see `_KeyPathReuse`).
    @usableFromInline let stamp: _CursorStampSource

    /// The largest input this parser has held, in bytes: its buffers' size (`_ParserPool`).
    var largestInput = 0

    init() {
        guard let handle = csimdjson_parser_create() else {
            fatalError("SimdUnbox: out of memory while creating a parser")
        }
        self.handle = handle
        stamp = _CursorStampSource(parser: handle)
    }

    /// Bytes simdjson may read past the end of its input; every input buffer carries them.
    static let padding = Int(CSIMDJSON_PADDING)

    /// Starts a new document over a caller-owned buffer of `length` bytes, readable up to
    /// `capacity` bytes (at least `length + padding`), and writes its root to `root`.
    @inline(__always)
    func iterateBuffer(_ buffer: UnsafePointer<UInt8>, _ length: Int, _ capacity: Int, _ root: inout _JSONCursor)
        -> _SimdJSONError
    {
        _SimdJSONError(csimdjson_parser_iterate_buffer(handle, buffer, length, capacity, &root.raw))
    }

    /// In a document whose root is an array, inside one of its elements: moves on to the separator
    /// at byte `offset` of the document without visiting what is left of the element.
    @inline(__always)
    func skipToRootSeparator(_ offset: Int) -> _SimdJSONError {
        _SimdJSONError(csimdjson_parser_skip_to_root_separator(handle, offset))
    }

    deinit {
        csimdjson_parser_destroy(handle)
        strings.destroy()
    }
}

/// A small pool of parsers shared by every decode in the process, so that each decode reuses the
/// buffers an earlier one grew (a parser's structural index and string buffer grow to several times
/// the largest document it parsed). A simdjson parser belongs to one thread at a time: a parser is
/// lent to one decode at a time and never shared while lent.
@usableFromInline
final class _ParserPool: Sendable {
    @usableFromInline static let shared = _ParserPool()

    /// Parsers kept for reuse, and whether one of them grew past `largestKept`.
    private let idle = Locked<(parsers: [_Parser], holdsLarge: Bool)>(([], false))
    /// Keep at most this many idle parsers; their buffers can be several times the largest input.
    private let limit = 8
    /// Of the parsers that grew past this many bytes of input, only one is kept: the buffers of a
    /// large document are reused by the next large one (a parser made afresh for each would touch
    /// all its memory again: at 100 MB, page faults took more time than the decode), and the pool
    /// holds no more than one such set of buffers.
    private let largestKept = 64 << 20

    @usableFromInline
    func take() -> _Parser {
        idle.withLock { idle in
            guard let parser = idle.parsers.popLast() else { return nil }
            if parser.largestInput > largestKept { idle.holdsLarge = false }
            return parser
        } ?? _Parser()
    }

    @usableFromInline
    func give(_ parser: _Parser, lastInputSize: Int) {
        parser.largestInput = max(parser.largestInput, lastInputSize)
        let large = parser.largestInput > largestKept
        idle.withLock { idle in
            guard idle.parsers.count < limit, !(large && idle.holdsLarge) else { return }
            // The large parser goes first, so that small decodes take the small ones.
            if large {
                idle.parsers.insert(parser, at: 0)
                idle.holdsLarge = true
            } else {
                idle.parsers.append(parser)
            }
        }
    }
}
