// How a stream is decoded
// =======================
//
//   bytes ──► stream buffer ──► boundary scanner ──► windows ──► simdjson ──► one model at a time
//   (chunks,   (owned, padded,   (C shim: finds the   (complete     (a window is one small
//    file)      reused)           separators)          elements)     document: an array)
//
// 1. Bytes arrive in pieces of any size (file reads, network chunks, slices of an in-memory input)
//    and are appended to one owned buffer that keeps 64 bytes of padding past its end.
// 2. `BoundaryScanner.scan` reads each byte once and reports element boundaries as
//    stream offsets: the separators of an array (`[`, `,`, `]`), or the first and one-past-last
//    bytes of each document of JSON Lines or concatenated JSON.
// 3. A run of complete elements becomes a window: one `[` is written over the byte before the
//    first element and one `]` over the byte after the last (documents also get a `,` written into
//    the whitespace between them), and the window is parsed in place as a small array document.
//    Its elements are handed to the model decoder one by one, on demand: a window's models are
//    never collected. Windows are limited in size, so simdjson's buffers (several times the
//    largest document) stay small whatever the size of the stream.
// 4. When a window is used up, the consumed bytes are dropped from the front of the buffer and
//    more are read into the space.
//
// Errors carry stream-relative byte offsets (a window's offsets plus its position in the stream)
// and the element's index in their path. A malformed element breaks On-Demand's view of its
// window, so decoding goes on from a fresh window after that element; a window that fails stage 1
// (invalid UTF-8, a control character in a string) is retried one element at a time to find the
// culprit. A model that merely does not match (a missing key) leaves the window usable.

import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 21% more instructions per decode streaming 1 MB of JSON Lines on one thread
// (28.26M -> 34.08M; CONTRIBUTING.md, "Unsafe code"). Remove one only with a measurement of its own.

/// Decodes one element from the cursor of its value: the whole model layer a stream needs. The
/// Unbox API passes `T._unbox(from:context:)`; a Codable decoder can pass a function that decodes
/// a `Decodable` from the same cursor.
@usableFromInline
typealias _ElementDecoding<Element> = (inout _JSONCursor, _DecodingContext) throws -> Element

/// The engine under every streaming API: buffer, boundary scanner, windows and the parser they are
/// decoded with. Not thread-safe; owned by one reader or iterator.
@usableFromInline
final class _StreamDecoder<Element> {
    // MARK: Configuration

    private let isArray: Bool
    /// JSON Lines: every newline ends a record; the scanner marks the lines that are not one value.
    private let isLines: Bool
    private let policy: JSONStreamErrorPolicy
    private let decode: _ElementDecoding<Element>
    /// Put in front of every error's path (the key path of a nested array).
    var pathPrefix: [UnboxPathComponent]
    /// Added to every stream offset reported (where a nested array starts in its document).
    var offsetBase: Int
    /// Ignore what follows the array's `]` (it belongs to the enclosing document).
    var endsAtArrayEnd: Bool
    /// A window holds at most this many bytes, unless one element alone is larger.
    private let windowLimit: Int

    // MARK: Buffer

    /// Bytes simdjson may read past a window's end, plus one for a `]` written just past the data.
    private static var padding: Int { streamBufferPadding }
    private var storage: UnsafeMutablePointer<UInt8>
    /// Usable bytes of `storage` (the allocation is `padding` larger).
    private var capacity: Int
    /// The stream offset of `storage[0]` (negative before compaction: index 0 is spare room for a
    /// `[` in front of the first element).
    private var base: Int = -1
    /// One past the last byte received.
    private var dataEnd = 1
    /// One past the last byte scanned.
    private var scanEnd = 1

    // MARK: Boundaries

    private var scanner = BoundaryScanner()
    private var boundaries: UnsafeMutablePointer<UInt64>
    private let boundaryCapacity = 1 << 16
    private var boundaryCount = 0
    /// The boundary the next element starts from: array, the separator before it; documents, its
    /// start offset.
    private var cursor = 0
    /// The stream index of the element after `cursor`.
    private var elementIndex = 0
    /// Array: the element after `cursor` was handed out before its separator arrived; it ended at
    /// this stream offset.
    private var emittedPartialEnd: Int?
    /// Elements before this index are decoded in windows of one (after a window failed stage 1).
    private var carefulUntil = 0

    // MARK: State

    private var inputEnded = false
    private var scanFinished = false
    /// A stream-level error (the value is not an array, content after it, truncation), thrown once
    /// every complete element before it has been handed out.
    private var streamError: UnboxError?
    /// Set once the stream is over, normally or by an error: `next` returns nil from then on.
    private(set) var isDone = false
    /// A later piece of an array decoded on its own (a batch of a parallel stream): `[]` there is
    /// one missing element between two separators, not an empty array.
    private var isContinuation = false

    /// The elements met so far: handed out, skipped or failed (after the end of the input, all).
    var elementCount: Int { elementIndex }

    // MARK: Window

    private var windowActive = false
    /// Buffer index of the window's `[`.
    private var windowStart = 0
    private var windowLength = 0
    /// Boundary index of the window's first element.
    private var windowCursor = 0
    private var windowFirstIndex = 0
    private var windowCount = 0
    private var windowRead = 0
    /// The window's next element, read before the model of the one before it was handed out (see
    /// `nextInWindow`).
    private var lookahead: (hasElement: Bool, element: _JSONCursor)?
    /// The window is one element handed out before its separator arrived.
    private var windowIsPartial = false
    private var windowPartialEnd = 0
    /// The byte the window's `]` was written over.
    private var savedByte: UInt8 = 0
    /// The window's element iterator, passed `inout` for every element: unchecked, as the
    /// decoder is used by one thread at a time and no access to it overlaps another (dynamic
    /// exclusivity checks cost more than the iteration itself).
    @exclusivity(unchecked) private var iterator = _ArrayIterator()

    private let parser: _Parser
    private let context: _DecodingContext
    private var largestWindow = 0
    /// Where `advance()` leaves the element it decoded, for `take()`. A slot rather than an
    /// `Element?` result: the module's code is not specialized for the caller's model type, and
    /// every `Optional<Element>` it handled cost a lookup of that type in the runtime's metadata
    /// cache, about a sixth of the time of a stream of small models.
    private let slot: UnsafeMutablePointer<Element>

    init(
        format: JSONStreamFormat, policy: JSONStreamErrorPolicy, maximumDepth: Int = defaultUnboxMaximumDepth,
        pathPrefix: [UnboxPathComponent] = [], offsetBase: Int = 0, endsAtArrayEnd: Bool = false,
        windowLimit: Int = 1 << 20, initialCapacity: Int = 1 << 16, decode: @escaping _ElementDecoding<Element>
    ) {
        isArray = format == .array
        isLines = format == .jsonLines
        self.policy = policy
        self.decode = decode
        self.pathPrefix = pathPrefix
        self.offsetBase = offsetBase
        self.endsAtArrayEnd = endsAtArrayEnd
        self.windowLimit = max(windowLimit, 64)
        capacity = max(initialCapacity, 4096)
        storage = .allocate(capacity: capacity + Self.padding)
        storage.initialize(repeating: 0x20, count: capacity + Self.padding)
        boundaries = .allocate(capacity: boundaryCapacity)
        scanner.start(isArray ? .array : isLines ? .lines : .documents)
        parser = _ParserPool.shared.take()
        context = _DecodingContext(parser: parser, maxDepth: maximumDepth)
        slot = .allocate(capacity: 1)
    }

    deinit {
        slot.deallocate()
        context._close()
        _ParserPool.shared.give(parser, lastInputSize: largestWindow)
        storage.deallocate()
        boundaries.deallocate()
    }

    /// Makes the decoder ready for another stream (a batch of a parallel stream), keeping its
    /// buffers and parser. Offsets it reports are counted from `offsetBase`.
    func restart(offsetBase: Int, isContinuation: Bool) {
        precondition(!windowActive, "SimdUnbox: stream restarted while a window is being decoded")
        self.offsetBase = offsetBase
        self.isContinuation = isContinuation
        base = -1
        dataEnd = 1
        scanEnd = 1
        (storage + dataEnd).update(repeating: 0x20, count: Self.padding)
        scanner.restart()
        boundaryCount = 0
        cursor = 0
        elementIndex = 0
        emittedPartialEnd = nil
        carefulUntil = 0
        inputEnded = false
        scanFinished = false
        streamError = nil
        isDone = false
    }

    /// Makes the decoder ready for a batch of a parallel stream whose bytes are all in `buffer`,
    /// laid out as this decoder's own buffer: the decoder takes the buffer's memory, without a
    /// copy, and leaves its previous buffer in `buffer` (empty), for the splitter to fill again.
    /// The input is over: the batch is all of it. An array batch that carries its separators is
    /// not scanned again.
    func restart(offsetBase: Int, isContinuation: Bool, adopting buffer: BatchBuffer) {
        restart(offsetBase: offsetBase, isContinuation: isContinuation)
        swap(&storage, &buffer.storage)
        swap(&capacity, &buffer.capacity)
        dataEnd = 1 + buffer.count
        buffer.count = 0
        (storage + dataEnd).update(repeating: 0x20, count: Self.padding)
        inputEnded = true
        // An array batch whose separators the splitter found: no second scan of its bytes.
        if isArray, !buffer.separators.isEmpty, buffer.separators.count <= boundaryCapacity {
            buffer.separators.withUnsafeBufferPointer { separators in
                boundaries.update(from: separators.baseAddress.unsafelyUnwrapped, count: separators.count)
            }
            boundaryCount = buffer.separators.count
            scanEnd = dataEnd
            scanFinished = true
        }
    }

    // MARK: Input

    /// Whether the decoder has handed out everything it can from the bytes it has and needs more
    /// input (or the end of input) to go on.
    var needsInput: Bool { !isDone && !inputEnded }

    /// Copies `bytes` to the end of the buffer.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let space = writableSpace(minimum: bytes.count)
        space.baseAddress.unsafelyUnwrapped.copyMemory(from: source, byteCount: bytes.count)
        commit(bytes.count)
    }

    /// Room for at least `minimum` more bytes at the end of the buffer, for reading straight into;
    /// call `commit` with how many were written. Drops the bytes already decoded first.
    func writableSpace(minimum: Int) -> UnsafeMutableRawBufferPointer {
        precondition(!windowActive, "SimdUnbox: stream input while a window is being decoded")
        compact()
        if capacity - dataEnd < minimum {
            grow(to: dataEnd + minimum)
        }
        return UnsafeMutableRawBufferPointer(start: storage + dataEnd, count: capacity - dataEnd)
    }

    /// Records that `count` bytes were written into the space `writableSpace` returned.
    func commit(_ count: Int) {
        dataEnd += count
        // The padding past the data is whitespace: readers of a window may look up to
        // `_Parser.padding` bytes past its end.
        (storage + dataEnd).update(repeating: 0x20, count: Self.padding)
    }

    /// Records the end of the input: what has not ended by now is truncated.
    func endInput() {
        inputEnded = true
    }

    /// Ends the stream after a failure outside the decoder (reading the input, cancellation).
    func abandon() {
        isDone = true
    }

    /// Ends the batch being decoded wherever it stands (its consumer stopped early, or its error
    /// ended it), closing the window left open, so that `restart` may follow.
    func abandonBatch() {
        if windowActive { closeWindow(advancingBy: 0) }
        isDone = true
    }

    /// Drops everything before the first byte still needed, moving the rest to index 1.
    private func compact() {
        var keep: Int
        if cursor < boundaryCount {
            keep = index(of: boundaries[cursor] & ~lineFaultFlag)
            if !isArray { keep -= 1 }
        } else {
            keep = scanEnd - 1
        }
        // The line being scanned is read again when its newline arrives.
        if isLines { keep = min(keep, index(of: scanner.lineStart)) }
        keep = max(0, min(keep, scanEnd - 1))
        let shift = keep - 1
        guard shift > 0 else { return }
        (storage + 1).update(from: storage + keep, count: dataEnd - keep)
        base += shift
        dataEnd -= shift
        scanEnd -= shift
        if cursor > 0 {
            (boundaries).update(from: boundaries + cursor, count: boundaryCount - cursor)
            boundaryCount -= cursor
            cursor = 0
        }
    }

    private func grow(to minimum: Int) {
        var newCapacity = capacity
        while newCapacity < minimum { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity + Self.padding)
        grown.initialize(from: storage, count: dataEnd)
        // Only the padding past the data is filled (`commit` keeps it so): the rest is written
        // before it is read.
        (grown + dataEnd).initialize(repeating: 0x20, count: Self.padding)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }

    @inline(__always)
    private func index(of offset: UInt64) -> Int {
        Int(truncatingIfNeeded: offset) - base
    }

    // MARK: Decoding

    /// Decodes the next element into the slot that `take()` empties, and returns true; or returns
    /// false when more input is needed (`needsInput`) or the stream is over (`isDone`).
    ///
    /// ```swift
    /// if try decoder.advance() { return decoder.take() }
    /// ```
    ///
    /// - Throws: The first bad element's error under the `.stop` policy, a stream-level error
    ///   (truncation, a value that is not an array, content after it) under any policy, or what the
    ///   model's initializer threw.
    func advance() throws -> Bool {
        while !isDone {
            if windowActive {
                if try nextInWindow() { return true }
                continue
            }
            if try beginWindow() { continue }
            if scanEnd < dataEnd && streamError == nil {
                try scan()
                continue
            }
            if let error = streamError {
                isDone = true
                throw error
            }
            if inputEnded {
                if !scanFinished {
                    finishScan()
                    continue
                }
                isDone = true
            }
            return false
        }
        return false
    }

    private func scan() throws {
        if cursor > 0 && boundaryCount + BoundaryScanner.boundariesPerByte > boundaryCapacity {
            boundaries.update(from: boundaries + cursor, count: boundaryCount - cursor)
            boundaryCount -= cursor
            cursor = 0
        }
        var scanned = 0
        let code = scanner.scan(
            storage + scanEnd, dataEnd - scanEnd, boundaries, boundaryCapacity, &boundaryCount, &scanned)
        scanEnd += scanned
        if code != .success {
            scanFinished = true
            if code == .trailingContent && endsAtArrayEnd {
                inputEnded = true
                scanEnd = dataEnd
                return
            }
            streamError = scanError(code)
            scanEnd = dataEnd
        }
    }

    private func finishScan() {
        if isLines {
            if boundaryCount + 2 > boundaryCapacity {
                guard cursor > 0 else { return }  // the windows in the way are decoded first
                boundaries.update(from: boundaries + cursor, count: boundaryCount - cursor)
                boundaryCount -= cursor
                cursor = 0
            }
            scanFinished = true
            _ = scanner.finishLines(
                storage + index(of: scanner.lineStart), boundaries, boundaryCapacity, &boundaryCount)
            return
        }
        scanFinished = true
        let code = scanner.finish(boundaries, boundaryCapacity, &boundaryCount)
        if code != .success { streamError = scanError(code) }
    }

    // MARK: Windows

    /// Starts decoding the next window of complete elements; false when there is none yet.
    private func beginWindow() throws -> Bool {
        if isArray {
            if let partialEnd = emittedPartialEnd {
                guard cursor + 1 < boundaryCount else { return false }
                // The element went out early: what came between its end and its separator must
                // be whitespace.
                emittedPartialEnd = nil
                let separator = index(of: boundaries[cursor + 1])
                var position = index(of: UInt64(partialEnd))
                while position < separator, isJSONWhitespace(storage[position]) { position += 1 }
                let index = elementIndex
                cursor += 1
                elementIndex += 1
                if position < separator {
                    try report(
                        UnboxError(
                            reason: .malformedJSON(context.errorMessage(.tapeError)),
                            path: [.index(index)], byteOffset: base + position))
                }
                return true
            }
            let available = boundaryCount - 1 - cursor
            if available <= 0 {
                return try beginPartialWindow()
            }
            var last = cursor + 1
            let limit = elementIndex < carefulUntil ? 1 : available
            let start = boundaries[cursor]
            while last - cursor < limit && Int(boundaries[last + 1] - start) <= windowLimit { last += 1 }
            try openWindow(
                start: index(of: start), end: index(of: boundaries[last]), count: last - cursor)
            return true
        }
        guard cursor + 1 < boundaryCount else { return false }
        let start = boundaries[cursor]
        if _slowPath(start >= lineFaultFlag) {
            try reportFaultyLine()
            return true
        }
        var last = cursor
        let limit = elementIndex < carefulUntil ? 1 : Int.max
        var count = 1
        // A window is a run of documents (of lines that are values), each after the one before.
        while count < limit, last + 3 < boundaryCount, boundaries[last + 2] < lineFaultFlag,
            boundaries[last + 2] > boundaries[last + 1], Int(boundaries[last + 3] - start) <= windowLimit
        {
            storage[index(of: boundaries[last + 1])] = UInt8(ascii: ",")
            last += 2
            count += 1
        }
        try openWindow(start: index(of: start) - 1, end: index(of: boundaries[last + 1]), count: count)
        return true
    }

    /// JSON Lines: reports the line at `cursor`, which the scanner found is not one JSON value, and
    /// moves past it.
    @inline(never)
    private func reportFaultyLine() throws {
        let word = boundaries[cursor + 1]
        let offset = Int(truncatingIfNeeded: word & ((1 << BoundaryScanner.lineFaultShift) - 1))
        let index = elementIndex
        cursor += 2
        elementIndex += 1
        let message: String
        switch BoundaryScanner.lineFault(word) {
        case .truncated: message = "truncated: the line ends before the value is complete"
        case .unclosedString: message = "the line ends inside a string"
        case .trailingContent: message = "unexpected content after the value on its line"
        case .unexpected: message = "unexpected character at the start of a value"
        }
        try report(UnboxError(reason: .malformedJSON(message), path: [.index(index)], byteOffset: offset))
    }

    /// Array format: hands out an element whose separator has not arrived yet, if the scanner knows
    /// it is complete (an object, array or string just closed).
    private func beginPartialWindow() throws -> Bool {
        guard cursor < boundaryCount, scanner.pendingEnd != UInt64.max, scanEnd == dataEnd else { return false }
        let end = Int(scanner.pendingEnd)
        guard Int(truncatingIfNeeded: boundaries[cursor]) < end else { return false }
        windowIsPartial = true
        windowPartialEnd = end
        try openWindow(start: index(of: boundaries[cursor]), end: index(of: UInt64(end)), count: 1)
        return true
    }

    /// Writes the window's brackets and starts parsing it.
    private func openWindow(start: Int, end: Int, count: Int) throws {
        storage[start] = UInt8(ascii: "[")
        savedByte = storage[end]
        storage[end] = UInt8(ascii: "]")
        windowStart = start
        windowLength = end + 1 - start
        windowCursor = cursor
        windowFirstIndex = elementIndex
        windowCount = count
        windowRead = 0
        windowActive = true
        lookahead = nil
        largestWindow = max(largestWindow, windowLength)

        context._malformed = nil
        context._state.pointee.broken = false
        context._state.pointee.depth = 0
        context._state.pointee.activeToken = 0
        context._startDocument(UnsafePointer(storage + start), length: windowLength)
        var root = _JSONCursor()
        let code = parser.iterateBuffer(storage + start, windowLength, capacity + Self.padding - start, &root)
        if code != .success {
            let error = context._documentError(code, length: windowLength)
            if count > 1 {
                // Find the culprit: decode this window's elements one at a time.
                closeWindow(advancingBy: 0)
                carefulUntil = elementIndex + count
                return
            }
            try failWindow(error, atElement: 0)
            return
        }
        do {
            if isArray { try context._enter() }
            iterator = try context._arrayIterator(from: &root)
        } catch {
            try failWindow(error, atElement: 0)
        }
    }

    /// Ends the window, moving `cursor` past `elements` of its elements.
    private func closeWindow(advancingBy elements: Int) {
        storage[windowStart + windowLength - 1] = savedByte
        windowActive = false
        lookahead = nil
        context._state.pointee.activeToken = 0
        if windowIsPartial {
            windowIsPartial = false
            if elements > 0 { emittedPartialEnd = windowPartialEnd }
            return
        }
        cursor = windowCursor + (isArray ? elements : 2 * elements)
        elementIndex = windowFirstIndex + elements
    }

    /// The window position of the element `advance()` decoded last.
    private var decodedPosition = 0

    /// The index of the element `advance()` decoded last, counted from the start of this decoder's
    /// stream (a batch's first element is 0).
    var decodedIndex: Int { windowFirstIndex + decodedPosition }

    /// The stream offset (`offsetBase` included) of the first byte of the element `advance()`
    /// decoded last: for an array, the first byte after its separator that is not whitespace.
    func decodedOffset() -> Int {
        if isArray {
            var position = index(of: boundaries[windowCursor + decodedPosition]) + 1
            while position < dataEnd, isJSONWhitespace(storage[position]) { position += 1 }
            return base + position + offsetBase
        }
        return Int(truncatingIfNeeded: boundaries[windowCursor + 2 * decodedPosition] & ~lineFaultFlag) + offsetBase
    }

    /// The element `advance()` decoded.
    @inline(__always)
    func take() -> Element {
        slot.move()
    }

    /// Moves the element `advance()` decoded into `models`.
    @inline(__always)
    func take(into models: ModelBuffer<Element>) {
        models.append(movingFrom: slot)
    }

    /// Decodes the next model of the window into the slot and returns true, or returns false when
    /// the window is over or an element was skipped.
    private func nextInWindow() throws -> Bool {
        var element = _JSONCursor()
        let hasElement: Bool
        if let next = lookahead {
            lookahead = nil
            (hasElement, element) = next
        } else {
            // The window's first element; the others are read ahead (`readAhead(after:)`).
            do {
                hasElement = try context._next(&iterator, into: &element)
            } catch {
                try failWindow(error, atElement: 0)
                return false
            }
        }
        guard hasElement else {
            do {
                try context._finish()
            } catch {
                try failWindow(error, atElement: max(0, windowRead - 1))
                return false
            }
            if _slowPath(windowRead < windowCount) && !windowIsWholeEmptyArray {
                // Separators with nothing between them (`[1,]`, `[,1]`, `[1,,2]`): the window's
                // brackets made the gap an empty array, so the missing value is reported here.
                let error = context._malformedError(.tapeError, offset: windowLength - 1)
                try failWindow(error, atElement: windowRead)
                return false
            }
            closeWindow(advancingBy: windowCount)
            return false
        }
        let position = windowRead
        windowRead += 1
        let model: Element
        do {
            model = try decode(&element, context)
            if _slowPath(context._malformed != nil) { throw context._malformed.unsafelyUnwrapped }
        } catch {
            let isMalformed = context._malformed != nil || ((error as? UnboxError)?._isFatal ?? false)
            if isMalformed {
                try failWindow(error, atElement: position)
            } else if try readAhead(after: position) {
                // A malformed element is reported as such (by `readAhead`), not also as a bad model.
                try report(element: position, error)
            }
            return false
        }
        guard try readAhead(after: position) else { return false }
        slot.initialize(to: model)
        decodedPosition = position
        return true
    }

    /// Moves on from the window's element `position` to the next one, into `lookahead`, or fails
    /// the window (and returns false) when the element turns out malformed. An element can be
    /// followed by junk before its separator (`[1 x, 2]`, or a number document ending in a byte
    /// that is not whitespace), which only this move finds: it is made before the element's model
    /// is handed out, so that a malformed element never gives one.
    @inline(__always)
    private func readAhead(after position: Int) throws -> Bool {
        skipRestOfDocument(position)
        var next = _JSONCursor()
        do {
            let hasNext = try context._next(&iterator, into: &next)
            lookahead = (hasNext, next)
            return true
        } catch {
            try failWindow(error, atElement: position)
            return false
        }
    }

    /// Documents format: moves the parser past what the model of the window's document `position`
    /// left unread, straight to its separator. An object or array document ends exactly at its
    /// closing bracket, where the scanner says (what follows up to the next document is
    /// whitespace, where the window's comma was written), and simdjson's token-by-token walk over
    /// it checks nothing but the nesting the scanner has counted already. Other documents keep
    /// the walk: a number or literal can run into junk (`8` and a form feed) that only simdjson's
    /// step over it finds, as can an array's element before its separator.
    @inline(__always)
    private func skipRestOfDocument(_ position: Int) {
        guard !isArray else { return }
        let start = index(of: boundaries[windowCursor + 2 * position])
        guard storage[start] == UInt8(ascii: "{") || storage[start] == UInt8(ascii: "[") else { return }
        let separator = boundaries[windowCursor + 2 * position + 1]
        _ = parser.skipToRootSeparator(index(of: separator) - windowStart)
    }

    /// The window cannot go on (malformed JSON): reports the element the error lies in and starts
    /// afresh after it.
    private func failWindow(_ error: any Error, atElement guess: Int) throws {
        var position = guess
        var thrown = error
        if var unboxError = error as? UnboxError {
            if let malformed = context._malformed, !unboxError._isFatal { unboxError = malformed }
            if let offset = unboxError.byteOffset {
                position = element(containing: windowStart + offset) ?? guess
            }
            thrown = unboxError
        }
        position = min(max(position, 0), windowCount - 1)
        closeWindow(advancingBy: position + 1)
        try report(element: position, thrown)
    }

    /// Whether the window is a whole array with no elements (`[]`), the only window that may hold
    /// fewer elements than separators.
    private var windowIsWholeEmptyArray: Bool {
        isArray && !isContinuation && windowFirstIndex == 0 && windowCount == 1 && !windowIsPartial
            && savedByte == UInt8(ascii: "]")
    }

    /// The window element whose bytes hold buffer index `position`.
    private func element(containing position: Int) -> Int? {
        let target = base + position
        var found: Int?
        for element in 0..<windowCount {
            let boundary = isArray ? boundaries[windowCursor + element] : boundaries[windowCursor + 2 * element]
            let start = Int(truncatingIfNeeded: boundary)
            if start < target || (!isArray && start == target) { found = element } else { break }
        }
        return found
    }

    // MARK: Errors

    /// Applies the error policy to the failure of the window's element `position`.
    private func report(element position: Int, _ error: any Error) throws {
        let index = windowFirstIndex + position
        // A model's own error reaches here carried inside an `UnboxError`: report it as it was thrown.
        let error = (error as? UnboxError)?._unwrapped ?? error
        guard var unboxError = error as? UnboxError else {
            if case .stop = policy {
                isDone = true
                throw error
            }
            try report(UnboxError(reason: .custom(String(describing: error)), path: [.index(index)]))
            return
        }
        unboxError.path = [.index(index)] + unboxError.path
        if let offset = unboxError.byteOffset { unboxError.byteOffset = base + windowStart + offset }
        try report(unboxError)
    }

    /// Applies the error policy to a finished error whose path starts at the element's index and
    /// whose offset is relative to the stream.
    private func report(_ error: UnboxError) throws {
        var error = error
        error.path = pathPrefix + error.path
        if let offset = error.byteOffset { error.byteOffset = offset + offsetBase }
        switch policy {
        case .stop:
            isDone = true
            throw error
        case .skip(let handler):
            handler(error)
        }
    }

    /// The error for a scanner failure: a stream-level error, not an element's.
    private func scanError(_ code: _SimdJSONError) -> UnboxError {
        let position = index(of: scanner.errorOffset)
        return streamScanError(
            code, offset: Int(truncatingIfNeeded: scanner.errorOffset),
            byteAtOffset: position >= 0 && position < dataEnd ? storage[position] : 0,
            pendingIndex: isArray ? elementIndex + (emittedPartialEnd == nil ? 0 : 1) : elementIndex,
            pathPrefix: pathPrefix, offsetBase: offsetBase)
    }
}

/// The error for a boundary scanner's failure `code` at stream offset `offset`: a stream-level
/// error, not an element's. `byteAtOffset` is the byte there (for "expected an array, found ...");
/// `pendingIndex` is the index of the element a truncated stream ends in.
func streamScanError(
    _ code: _SimdJSONError, offset: Int, byteAtOffset: UInt8, pendingIndex: Int, pathPrefix: [UnboxPathComponent],
    offsetBase: Int
) -> UnboxError {
    var path = pathPrefix
    let reason: UnboxError.Reason
    switch code {
    case .incorrectType:
        reason = .typeMismatch(expected: "an array", found: streamJSONType(startingWith: byteAtOffset))
    case .trailingContent:
        reason = .malformedJSON("unexpected content after the array")
    case .tapeError:
        reason = .malformedJSON("the array is closed by '}'")
    case .depthError:
        reason = .depthLimitExceeded(limit: Int(Int32.max))
    case .empty:
        reason = .malformedJSON("the stream has no JSON value")
    case .unclosedString, .incompleteArrayOrObject:
        path.append(.index(pendingIndex))
        let inside = code == .unclosedString ? "inside a string" : "before the element is complete"
        reason = .malformedJSON("truncated: the stream ends \(inside)")
    default:
        reason = .malformedJSON(code.message)
    }
    return UnboxError(reason: reason, path: path, byteOffset: offset + offsetBase)
}

/// JSON Lines: set in the first boundary of a line that is not one JSON value.
private let lineFaultFlag: UInt64 = 1 << 63

@inline(__always)
private func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}

/// The JSON type a value starting with `byte` would have (for "expected an array, found ...").
private func streamJSONType(startingWith byte: UInt8) -> JSONType {
    switch byte {
    case UInt8(ascii: "{"): .object
    case UInt8(ascii: "["): .array
    case UInt8(ascii: "\""): .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
    case UInt8(ascii: "n"): .null
    default: .number
    }
}

/// The Unbox API's element decoding, as a value that can be captured by a `@Sendable` function.
struct UnboxElementDecoding<Element: UnboxCompatible>: Sendable {
    @inline(__always)
    func decode(_ value: inout _JSONCursor, _ context: _DecodingContext) throws -> Element {
        try Element._unbox(from: &value, context: context)
    }
}

/// Reads a contiguous chunk, as a value that can be captured by a `@Sendable` function.
struct ContiguousChunkReading<Chunk: ContiguousBytes>: Sendable {
    func read(_ chunk: Chunk, _ body: (UnsafeRawBufferPointer) -> Void) {
        chunk.withUnsafeBytes(body)
    }
}
