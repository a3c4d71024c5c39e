// How a decode works
// ==================
//
//   bytes ──► padded input ──► CSimdJSON (simdjson On-Demand) ──► cursors ──► model types
//
// 1. A decode borrows a parser from `_ParserPool` (one thread at a time per parser) and copies the
//    input into the parser's own padded buffer (simdjson reads up to 64 bytes past the end).
// 2. `csimdjson_parser_iterate_input` runs stage 1: the runtime-chosen SIMD kernel validates UTF-8
//    and indexes every structural character. Nothing is materialised.
// 3. The root cursor is handed to the requested type's `_unbox(from:context:)`. Scalars are read in
//    one shim call (fused with the key lookup for object fields); containers hand cursors to their
//    elements; `Unboxable` types get an `Unboxer` over an object cursor. Cursors are 32-byte C
//    structs kept by value on the Swift stack: no tree, no per-value allocation.
// 4. `csimdjson_parser_finish` skips what was left unread and rejects content after the root.
//
// This context is the per-decode state the cursors share: the parser, the depth guard, the token
// that tells a live `Unboxer` from a stale one, and the first malformed-JSON error seen (kept so
// that `try?` on a field can never hide a broken document). It lives for one decode only.
//
// Errors are cold: every function that builds one is `@inline(never)`, and paths are assembled
// while an error propagates (each level prepends its key or index), so the success path pays
// nothing for them.

import CSimdJSON
import Foundation

/// Mutable per-decode state, kept out of line so that updates on the hot path need no exclusivity
/// bookkeeping.
@usableFromInline
struct _DecodingState {
    /// The token of the only `Unboxer` that may be used now (0: none).
    @usableFromInline var activeToken: UInt64 = 0
    @usableFromInline var lastToken: UInt64 = 0
    @usableFromInline var depth: Int = 0
    /// Set once malformed JSON has been met: the cursors may be dead, so no `Unboxer` may read
    /// again.
    @usableFromInline var broken = false
    /// Whether some key of the document is written with an escape sequence (0: not yet known,
    /// 1: no, 2: yes), which decides whether a missing key deserves a second, unescaping look.
    @usableFromInline var escapedKeys: UInt8 = 0
    /// The last object searched for an escaped key that turned out to have none (its start
    /// position), so that its other missing keys skip the second look.
    @usableFromInline var objectWithoutEscapedKeys: UInt64 = 0
    @usableFromInline var maxDepth: Int
    /// A field's `null` that a scalar's read refused and recorded instead of throwing
    /// (`_recordNullField`), for `unbox(key:)` to throw once with its key: what was expected, and
    /// the byte offset of the `null`. Set and taken within one `unbox(key:)`.
    @usableFromInline var nullField: (expected: _Expected, offset: Int)?
    /// The parser's number buffer for bulk numeric reads (`ScratchArena`), lent to this decode:
    /// where it is (nil: not yet allocated) and how many 8-byte numbers it holds.
    @usableFromInline var numbers: UnsafeMutableRawPointer?
    @usableFromInline var numberCapacity: Int = 0
    /// The parser's gather stack (`ScratchArena.stack`), and how many of its bytes the arrays being
    /// read hold now (`_DecodingContext._takeScratch`).
    @usableFromInline var scratch: UnsafeMutableRawPointer
    @usableFromInline var scratchTop: Int = 0
    /// Declared models' errors collected by `unboxReportingEveryError` (nil: the first error
    /// throws, as everywhere else), and how many it keeps at most.
    @usableFromInline var collectedErrors: [UnboxError]?
    @usableFromInline var errorLimit = 0
    @usableFromInline var errorsTruncated = false

    @usableFromInline init(maxDepth: Int, scratch: ScratchArena) {
        self.maxDepth = maxDepth
        self.scratch = scratch.stack
        (numbers, numberCapacity) = scratch.lendNumbers()
    }
}

/// Per-decode state that a layer above Core keeps with a context, from one stream element to the
/// next (Codable's session), and that the decode closes when it ends.
protocol ElementSession: AnyObject {
    /// Ends the session: the decode is over.
    func close()
}

/// The state one decode shares between its cursors. Not thread-safe; never outlives its parser's
/// loan except as a dead object that stale `Unboxer`s can still ask whether they are live.
///
/// SimdUnbox's internals: it appears in `UnboxCompatible`'s requirements only.
public final class _DecodingContext {
    @usableFromInline let _parser: _Parser
    @usableFromInline let _state: UnsafeMutablePointer<_DecodingState>
    /// The first malformed-JSON error met, which the decode throws even if a caller swallowed it.
    @exclusivity(unchecked) @usableFromInline var _malformed: UnboxError?
    /// Where the document starts, for byte offsets. Written only when a document (or a stream's
    /// window) starts, never during an access to itself: unchecked, since every byte offset an
    /// error reports reads both, and two dynamic exclusivity checks were most of that read
    /// (github_events.json through the free-form `Payload` `try?` chain, 1,305 discarded errors a
    /// decode: 5.82M instructions per decode checked, 5.58M unchecked).
    @exclusivity(unchecked) @usableFromInline var _documentStart: UnsafePointer<UInt8>?
    @exclusivity(unchecked) @usableFromInline var _documentLength: Int = 0
    /// The session a stream of `Decodable` elements reuses from one element to the next (Codable's,
    /// opaque here; it refers back to this context: `_close()` breaks the cycle).
    var elementSession: (any ElementSession)?
    /// The date formatters' settings as this document (or stream window) first read them.
    @exclusivity(unchecked) var dateFormats = DateFormatTable()
    /// The objects the last key path opened (`unbox(keyPath:)`), for the next one to go on from.
    @exclusivity(unchecked) @usableFromInline var _keyPathReuse = _KeyPathReuse()

    @usableFromInline init(parser: _Parser, maxDepth: Int) {
        _parser = parser
        _state = UnsafeMutablePointer<_DecodingState>.allocate(capacity: 1)
        _state.initialize(to: _DecodingState(maxDepth: maxDepth, scratch: parser.scratch))
    }

    deinit {
        // A buffer grown after `_close()` (which gave the parser's back) is this context's own.
        _state.pointee.numbers?.deallocate()
        _state.deinitialize(count: 1)
        _state.deallocate()
    }

    // MARK: Document

    /// Copies `bytes` into the parser's padded buffer and starts the document.
    @usableFromInline
    func _begin(_ bytes: UnsafeRawBufferPointer, root: inout _JSONCursor) throws(UnboxError) {
        let parser = _parser.handle
        var buffer: UnsafeMutablePointer<UInt8>?
        var code = _SimdJSONError(csimdjson_parser_reserve_input(parser, bytes.count, &buffer))
        guard code == .success, let buffer else {
            throw _documentError(code, length: bytes.count)
        }
        if let base = bytes.baseAddress, bytes.count > 0 {
            buffer.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        _startDocument(UnsafePointer(buffer), length: bytes.count)
        code = _SimdJSONError(csimdjson_parser_iterate_input(parser, bytes.count, &root.raw))
        guard code == .success else { throw _documentError(code, length: bytes.count) }
    }

    /// Records where the document (or a stream's window) about to be parsed lies, and forgets what
    /// was learned about the keys of the one before and the strings it made (`_StringTable`).
    @usableFromInline
    func _startDocument(_ start: UnsafePointer<UInt8>, length: Int) {
        _documentStart = start
        _documentLength = length
        _state.pointee.escapedKeys = 0
        _state.pointee.objectWithoutEscapedKeys = 0
        dateFormats = DateFormatTable()
        _keyPathReuse.reset()
        _parser.strings.empty()
        // Back to the parser's scratch memory before the parser goes back to its pool: a context
        // can outlive the loan (a stale `Unboxer` keeps it), and touching the parser after it
        // would race with the next decode that borrows it.
        _parser.scratch.giveBackNumbers(_state.pointee.numbers, capacity: _state.pointee.numberCapacity)
        (_state.pointee.numbers, _state.pointee.numberCapacity) = (nil, 0)
    }

    /// Checks that the document ended cleanly after its root and that no malformed value was
    /// met (and swallowed) on the way.
    @usableFromInline
    func _finish() throws(UnboxError) {
        _state.pointee.activeToken = 0
        if let malformed = _malformed { throw malformed }
        let code = _SimdJSONError(csimdjson_parser_finish(_parser.handle))
        guard code == .success else { throw _malformedError(code, offset: _currentOffset()) }
    }

    /// Marks the decode as over: every `Unboxer` of it is stale from now on, and the parser lets go
    /// of the strings it made.
    @usableFromInline
    func _close() {
        elementSession?.close()
        elementSession = nil
        _state.pointee.activeToken = 0
        _state.pointee.lastToken = .max
        dateFormats = DateFormatTable()
        _keyPathReuse.reset()
        _parser.strings.empty()
        // Back to the parser's scratch memory before the parser goes back to its pool: a context
        // can outlive the loan (a stale `Unboxer` keeps it), and touching the parser after it
        // would race with the next decode that borrows it.
        _parser.scratch.giveBackNumbers(_state.pointee.numbers, capacity: _state.pointee.numberCapacity)
        (_state.pointee.numbers, _state.pointee.numberCapacity) = (nil, 0)
    }

    @usableFromInline
    func _currentOffset() -> Int {
        Int(csimdjson_parser_current_offset(_parser.handle))
    }

    /// The byte offset of `value`'s first byte, or the document's current position.
    @usableFromInline
    func _offset(of value: inout _JSONCursor) -> Int {
        var location: UnsafePointer<UInt8>?
        guard value.getLocation(&location) == .success, let location else { return _currentOffset() }
        return _offset(of: location)
    }

    /// The byte offset of `location`, a byte of the document, or the document's current position.
    @usableFromInline
    func _offset(of location: UnsafePointer<UInt8>) -> Int {
        guard let start = _documentStart else { return _currentOffset() }
        let offset = start.distance(to: location)
        return offset >= 0 && offset <= _documentLength ? offset : _currentOffset()
    }

    // MARK: Nesting

    /// Enters a container, enforcing the depth limit.
    @inlinable
    func _enter() throws(UnboxError) {
        _state.pointee.depth += 1
        if _slowPath(_state.pointee.depth > _state.pointee.maxDepth) {
            _state.pointee.depth -= 1
            throw _depthError()
        }
    }

    @inlinable
    func _leave() {
        _state.pointee.depth -= 1
    }
}
