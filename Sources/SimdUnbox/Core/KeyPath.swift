import CSimdJSON
import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// A path to a nested value, in one of two spellings:
/// - dot-separated keys and array indices, as in Unbox: `"activities.running.distance"`,
///   `"devices.0"` (a number is an index when it meets an array, a key when it meets an object);
/// - a JSON Pointer (RFC 6901), for keys that contain dots or slashes: `"/devices/0"`,
///   `"/version.2"` (the key `version.2`), `"/a~1b"` (the key `a/b`), `"/a~0b"` (the key `a~b`).
///
/// A path that starts with `/` is a JSON Pointer; any other is dot-separated.
@usableFromInline
struct _KeyPath {
    @usableFromInline let segments: [String]

    init(segments: [String]) {
        self.segments = segments
    }

    @usableFromInline
    init(_ text: String) {
        if text.first == "/" {
            segments = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            }
        } else {
            segments = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
    }
}

extension _DecodingContext {
    /// Follows `keyPath` from the field `first` of `object`, then along the rest of the path,
    /// leaving the target in `value`. Returns the components it passed, for error paths.
    @usableFromInline
    func _navigate(_ keyPath: _KeyPath, from object: inout _ObjectCursor, into value: inout _JSONCursor)
        throws(UnboxError) -> [UnboxPathComponent]
    {
        guard let first = keyPath.segments.first else {
            throw _misuseError("an empty key path names no field of an object")
        }
        do throws(UnboxError) {
            try _withUTF8(first) { (v) throws(UnboxError) in try _field(v, in: &object, into: &value) }
        } catch {
            throw _prepending(.key(first), to: error)
        }
        return try _navigate(keyPath.segments.dropFirst(), passed: [.key(first)], value: &value)
    }

    /// Follows `segments` from `value`, leaving the target in `value`.
    @usableFromInline
    func _navigate(_ segments: ArraySlice<String>, passed: [UnboxPathComponent] = [], value: inout _JSONCursor)
        throws(UnboxError) -> [UnboxPathComponent]
    {
        var passed = passed
        func fail(_ error: UnboxError) -> UnboxError {
            var error = error
            error.path = passed + error.path
            return error
        }
        for segment in segments {
            do throws(UnboxError) {
                switch try _type(of: &value) {
                case .object:
                    var object = try _object(from: &value)
                    passed.append(.key(segment))
                    try _withUTF8(segment) { (v) throws(UnboxError) in try _field(v, in: &object, into: &value) }
                case .array:
                    guard let index = Int(segment), index >= 0 else {
                        passed.append(.key(segment))
                        throw UnboxError(
                            reason: .typeMismatch(expected: "an object", found: .array), byteOffset: _offset(of: &value)
                        )
                    }
                    passed.append(.index(index))
                    var iterator = try _arrayIterator(from: &value)
                    var position = 0
                    while true {
                        guard try _next(&iterator, into: &value) else { throw _missingKeyError() }
                        if position == index { break }
                        position += 1
                    }
                case let found:
                    passed.append(.key(segment))
                    throw _mismatchError(
                        expected: .objectOrArray, found: found, value: &value, offset: _offset(of: &value))
                }
            } catch {
                throw fail(error)
            }
        }
        return passed
    }
}

/// What following a key path passed, for the path of an error met at or below its target: how many
/// segments, and which of them were array indices (bit `n` for segment `n`). Errors are rare, so the
/// path's components are rebuilt from its text only when one is thrown.
@usableFromInline
struct _KeyPathTrace: Sendable {
    @usableFromInline var count = 0
    @usableFromInline var indexBits: UInt64 = 0

    @inlinable
    init(count: Int = 0, indexBits: UInt64 = 0) {
        self.count = count
        self.indexBits = indexBits
    }

    /// The components of the first `count` segments of `keyPath`.
    @usableFromInline
    func components(of keyPath: String) -> [UnboxPathComponent] {
        _KeyPath(keyPath).segments.prefix(count).enumerated().map { offset, segment in
            if (indexBits >> UInt64(offset)) & 1 == 1, let index = Int(segment) { return .index(index) }
            return .key(segment)
        }
    }
}

extension _DecodingContext {
    /// Follows `keyPath` from `object` (its first segment is a field of `object`; `nil` follows it
    /// from `value` itself), leaving the target in `value`.
    ///
    /// The path is read in place from its UTF-8, segment by segment: nothing is allocated unless a
    /// JSON Pointer segment holds an escape (`~0`, `~1`) or an error is thrown. A key path then costs
    /// about what the equivalent nested models cost (splitting it into `String`s on every call was a
    /// quarter of a JSON Lines decode with one key path per line).
    ///
    /// `reused`: what `_KeyPathReuse.begin` returned for this path, when `_readKeyPathInOneStep` asked
    /// it already.
    @usableFromInline
    func _follow(
        _ keyPath: String, from object: UnsafeMutablePointer<_ObjectCursor>?, into value: inout _JSONCursor,
        reused: (level: Int, prefixEnd: Int)? = nil
    ) throws(UnboxError) -> _KeyPathTrace {
        var trace = _KeyPathTrace()
        do throws(UnboxError) {
            try _withUTF8(keyPath) { (path) throws(UnboxError) in
                // Index bits cover 64 segments; a longer path (at least 64 bytes) takes the slow way.
                guard path.count < 64 else {
                    _keyPathReuse.reset()
                    trace = try followSlowly(keyPath, from: object, into: &value)
                    return
                }
                let reuse = reused ?? _keyPathReuse.begin(path, from: object, stamp: _parser.stamp)
                let isPointer = path.first == UInt8(ascii: "/")
                let separator = isPointer ? UInt8(ascii: "/") : UInt8(ascii: ".")
                var start = isPointer ? 1 : 0
                var first = object != nil
                // Whether the objects this path opens may be kept: only while every step so far
                // went into an object (the trace of a reused prefix then has no index bits).
                var keepsObjects = object != nil
                if reuse.level > 0 {
                    // The objects of the last path up to `reuse.level` segments are still open
                    // and nothing was read since: go on from the innermost, as a nested model would.
                    trace.count = reuse.level + 1
                    start = reuse.prefixEnd + 1
                    var end = start
                    while end < path.count && path[end] != separator { end += 1 }
                    let segment = UnsafeBufferPointer(rebasing: path[start..<end])
                    try withSegment(segment, unescaping: isPointer) { (v) throws(UnboxError) in
                        try _keyPathReuse.withObject(at: reuse.level) { (object) throws(UnboxError) in
                            try _field(v, in: &object, into: &value)
                        }
                    }
                    if end == path.count { return }
                    start = end + 1
                    first = false
                }
                while true {
                    var end = start
                    while end < path.count && path[end] != separator { end += 1 }
                    let segment = UnsafeBufferPointer(rebasing: path[start..<end])
                    if first, let object {
                        trace.count = 1
                        try withSegment(segment, unescaping: isPointer) { (v) throws(UnboxError) in
                            try _field(v, in: &object.pointee, into: &value)
                        }
                        first = false
                    } else if keepsObjects, case .object = try _type(of: &value) {
                        var object = try _object(from: &value)
                        trace.count += 1
                        try withSegment(segment, unescaping: isPointer) { (v) throws(UnboxError) in
                            try _field(v, in: &object, into: &value)
                        }
                        // The object of the segments before this one, kept for the next path.
                        _keyPathReuse.keep(object, level: trace.count - 1, prefixEnd: start - 1)
                    } else {
                        keepsObjects = false
                        try step(segment, unescaping: isPointer, trace: &trace, value: &value)
                    }
                    if end == path.count { break }
                    start = end + 1
                }
            }
        } catch {
            throw _prepending(keyPath: keyPath, trace, to: error)
        }
        return trace
    }

    /// The walk of a key path read in one step (the Unbox API's one-step read): opens the objects
    /// of every segment of `path` but the last, from those of the last path that are still open,
    /// and returns where the last segment starts, with `reuse` the level of its object and where
    /// that object's prefix ends. Nil when the path needs `_follow` (a segment that is missing, is
    /// not an object, or is escaped; a path too long or too deep to keep its objects), with
    /// `reuse` where `_follow` goes on from.
    @usableFromInline
    func _openKeyPathObjects(
        _ path: UnsafeBufferPointer<UInt8>, from object: UnsafeMutablePointer<_ObjectCursor>,
        reuse: inout (level: Int, prefixEnd: Int)?
    ) -> Int? {
        guard !path.isEmpty, path.count < 64 else { return nil }
        let found = _keyPathReuse.begin(path, from: object, stamp: _parser.stamp)
        reuse = found
        let isPointer = path[0] == UInt8(ascii: "/")
        if isPointer && _firstIndex(of: UInt8(ascii: "~"), in: path, from: 0) != nil { return nil }
        let separator = isPointer ? UInt8(ascii: "/") : UInt8(ascii: ".")
        var level = found.level
        var start = level > 0 ? found.prefixEnd + 1 : (isPointer ? 1 : 0)
        while let end = _firstIndex(of: separator, in: path, from: start) {
            guard level < _KeyPathReuse.capacity else { return nil }
            let segment = UnsafeBufferPointer(rebasing: path[start..<end])
            var value = _JSONCursor()
            let code =
                level == 0
                ? object.pointee.findField(segment.baseAddress, segment.count, &value)
                : _keyPathReuse.withObject(at: level) { $0.findField(segment.baseAddress, segment.count, &value) }
            var opened = _ObjectCursor()
            guard code == .success, value.getObject(&opened) == .success else { return nil }
            level += 1
            _keyPathReuse.keep(opened, level: level, prefixEnd: end)
            reuse = (level, end)
            start = end + 1
        }
        return start
    }

    /// The error of a key path read whose last key is missing or `null` (`_readKeyPathInOneStep`), as
    /// `_follow` and the value's read make it: the path's first `count` segments in front.
    @inline(never)
    @usableFromInline
    func _missingKeyPathError(_ keyPath: String, count: Int) -> UnboxError {
        var error: UnboxError
        if let null = _state.pointee.nullField {
            _state.pointee.nullField = nil
            error = UnboxError(_light: .mismatch(expected: null.expected, found: .null), byteOffset: null.offset)
        } else {
            error = _missingKeyError()
        }
        error._prepend(keyPath: keyPath, _KeyPathTrace(count: count))
        return error
    }

    /// Records that the value a key path led to has been read: the objects the path opened stay
    /// usable by the next path until anything else is read.
    @usableFromInline
    func _keyPathRead() {
        _keyPathReuse.stamp(_parser.stamp)
    }

    /// Runs `body` over `segment`, with JSON Pointer's `~1` and `~0` unescaped (on the stack).
    @inline(__always)
    func withSegment<R>(
        _ segment: UnsafeBufferPointer<UInt8>, unescaping: Bool,
        _ body: (UnsafeBufferPointer<UInt8>) throws(UnboxError) -> R
    ) throws(UnboxError) -> R {
        guard unescaping, segment.contains(UInt8(ascii: "~")) else { return try body(segment) }
        // (Through a `Result`: the standard library's `rethrows` would make the error `any Error`.)
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: segment.count) { buffer in
            var count = 0
            var index = 0
            while index < segment.count {
                var byte = segment[index]
                if byte == UInt8(ascii: "~"), index + 1 < segment.count {
                    if segment[index + 1] == UInt8(ascii: "1") {
                        byte = UInt8(ascii: "/")
                        index += 1
                    } else if segment[index + 1] == UInt8(ascii: "0") {
                        index += 1
                    }
                }
                buffer[count] = byte
                count += 1
                index += 1
            }
            return Result { () throws(UnboxError) -> R in try body(UnsafeBufferPointer(rebasing: buffer[..<count])) }
        }.get()
    }

    /// One step of a key path from `value`: a field of an object, or an element of an array.
    @inline(__always)
    func step(
        _ segment: UnsafeBufferPointer<UInt8>, unescaping: Bool, trace: inout _KeyPathTrace,
        value: inout _JSONCursor
    ) throws(UnboxError) {
        switch try _type(of: &value) {
        case .object:
            var object = try _object(from: &value)
            trace.count += 1
            try withSegment(segment, unescaping: unescaping) { (v) throws(UnboxError) in
                try _field(v, in: &object, into: &value)
            }
        case .array:
            guard let index = arrayIndex(segment) else {
                trace.count += 1
                throw UnboxError(
                    reason: .typeMismatch(expected: "an object", found: .array), byteOffset: _offset(of: &value))
            }
            trace.indexBits |= 1 << UInt64(trace.count)
            trace.count += 1
            var iterator = try _arrayIterator(from: &value)
            var position = 0
            while true {
                guard try _next(&iterator, into: &value) else { throw _missingKeyError() }
                if position == index { break }
                position += 1
            }
        case let found:
            trace.count += 1
            throw _mismatchError(
                expected: .objectOrArray, found: found, value: &value, offset: _offset(of: &value))
        }
    }

    /// The array index a segment names, as `Int(segment)` reads it (an optional sign, then decimal
    /// digits), if it is one and not negative.
    @inline(__always)
    func arrayIndex(_ segment: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var negative = false
        if segment.first == UInt8(ascii: "+") || segment.first == UInt8(ascii: "-") {
            negative = segment.first == UInt8(ascii: "-")
            index = 1
        }
        guard index < segment.count else { return nil }
        var result = 0
        while index < segment.count {
            let digit = Int(segment[index]) &- 48
            guard digit >= 0 && digit <= 9 else { return nil }
            let (shifted, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            result = sum
            index += 1
        }
        if negative && result != 0 { return nil }
        return result
    }

    /// `_follow` for paths too long for the trace's bits: the segments as `String`s.
    @inline(never)
    func followSlowly(
        _ keyPath: String, from object: UnsafeMutablePointer<_ObjectCursor>?, into value: inout _JSONCursor
    ) throws(UnboxError) -> _KeyPathTrace {
        let passed: [UnboxPathComponent]
        if let object {
            passed = try _navigate(_KeyPath(keyPath), from: &object.pointee, into: &value)
        } else {
            passed = try _navigate(_KeyPath(keyPath).segments[...], value: &value)
        }
        // Rebuilt from the components when an error needs them: mark the indices.
        var trace = _KeyPathTrace(count: passed.count)
        for (offset, component) in passed.enumerated() where offset < 64 {
            if case .index = component { trace.indexBits |= 1 << UInt64(offset) }
        }
        return trace
    }
}

/// The objects the last key path of a document opened, so that the next path with the same
/// prefix goes on from them instead of looking the prefix up again from the top.
///
/// `"shipping.address.city"` after `"shipping.address.street"` then costs what a nested model's
/// next field costs: one forward lookup in `address`, where it took three lookups and two objects
/// opened. They are reused only when the cursor stamp (the document iterator's token position and
/// depth, and the parser's count of documents) is the one taken when the last path's value was
/// read: nothing was read since, so every object the path opened is still open and the iterator
/// stands where it stood. (A cursor is positions and a depth: the objects that enclose the
/// iterator's position are the same whatever reads brought it there.)
///
/// Everything is inline (the path's bytes, up to `capacity` objects). Callgrind, 2,000 orders read
/// with seven key paths each (the same read through nested models: 37.2M instructions a decode):
/// 52.7M without reuse, 48.6M with the objects and the path kept in arrays and a `String`, 42.4M
/// inline (1.14x the nested models).
@usableFromInline
struct _KeyPathReuse {
    @usableFromInline static let capacity = 4
    /// The last path's bytes (key paths of 64 bytes and more are not reused).
    private var path: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var pathCount = 0
    /// The object the path started from.
    private var owner = _ObjectCursor()
    /// The object reached after `n` segments is `objects.(n - 1)`; its key path prefix is the path's
    /// first `prefixEnd(n)` bytes (16 bits each in `prefixEnds`).
    @usableFromInline var objects = (_ObjectCursor(), _ObjectCursor(), _ObjectCursor(), _ObjectCursor())
    private var prefixEnds: UInt64 = 0
    private var count = 0
    private var position: UInt64 = 0
    private var depth: Int64 = -1
    private var document: UInt64 = 0
    private var isStamped = false

    @inline(__always)
    private func prefixEnd(_ level: Int) -> Int {
        Int(truncatingIfNeeded: (prefixEnds >> UInt64(16 * (level - 1))) & 0xFFFF)
    }

    /// Starts following `path` from `object`: returns the deepest object of the last path it can
    /// go on from (`level` segments in, its prefix ending at `prefixEnd`; level 0: none), and
    /// records `path` as the last one, with the objects up to that level.
    @usableFromInline
    mutating func begin(
        _ path: UnsafeBufferPointer<UInt8>, from object: UnsafeMutablePointer<_ObjectCursor>?,
        stamp source: _CursorStampSource
    ) -> (level: Int, prefixEnd: Int) {
        var level = 0
        if isStamped, count > 0, let object, _ObjectCursor.same(object.pointee, owner) {
            let (position, depth, document) = source.read()
            if position == self.position, depth == self.depth, document == self.document {
                let separator = path.first == UInt8(ascii: "/") ? UInt8(ascii: "/") : UInt8(ascii: ".")
                level = count
                let ends = prefixEnds
                let pathCount = self.pathCount
                withUnsafeBytes(of: self.path) { previous in
                    while level > 0 {
                        let end = Int(truncatingIfNeeded: (ends >> UInt64(16 * (level - 1))) & 0xFFFF)
                        if end < path.count, path[end] == separator, end <= pathCount,
                            _equalBytes(UnsafeRawPointer(path.baseAddress!), previous.baseAddress!, end)
                        {
                            break
                        }
                        level -= 1
                    }
                }
            }
        }
        isStamped = false
        count = object == nil ? 0 : level
        if let object {
            owner = object.pointee
            withUnsafeMutableBytes(of: &self.path) { $0.copyMemory(from: UnsafeRawBufferPointer(path)) }
            pathCount = path.count
        }
        return (level, level > 0 ? prefixEnd(level) : 0)
    }

    /// Keeps `object`, reached after `level` segments of the path (its prefix ending at `prefixEnd`).
    @usableFromInline
    mutating func keep(_ object: _ObjectCursor, level: Int, prefixEnd: Int) {
        guard level == count + 1, level <= Self.capacity else { return }
        withUnsafeMutableBytes(of: &objects) {
            $0.storeBytes(
                of: object, toByteOffset: (level - 1) * MemoryLayout<_ObjectCursor>.stride, as: _ObjectCursor.self
            )
        }
        let shift = UInt64(16 * (level - 1))
        prefixEnds = prefixEnds & ~(0xFFFF << shift) | UInt64(prefixEnd) << shift
        count = level
    }

    /// Runs `body` on the kept object of `level`, keeping what it leaves there.
    @inlinable @inline(__always)
    mutating func withObject<R, E: Error>(at level: Int, _ body: (inout _ObjectCursor) throws(E) -> R) throws(E) -> R {
        let offset = (level - 1) * MemoryLayout<_ObjectCursor>.stride
        var object = withUnsafeBytes(of: &objects) { $0.load(fromByteOffset: offset, as: _ObjectCursor.self) }
        defer {
            withUnsafeMutableBytes(of: &objects) {
                $0.storeBytes(of: object, toByteOffset: offset, as: _ObjectCursor.self)
            }
        }
        return try body(&object)
    }

    /// Takes the cursor stamp after the last path's value was read.
    @usableFromInline
    mutating func stamp(_ source: _CursorStampSource) {
        guard count > 0 else { return }
        (position, depth, document) = source.read()
        isStamped = true
    }

    /// Forgets the objects (a new document, or the decode's end).
    @usableFromInline
    mutating func reset() {
        isStamped = false
        count = 0
    }
}

/// The first index at or after `start` where `bytes` holds `byte`, eight bytes at a time (key
/// paths are short).
@inline(__always)
func _firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return nil }
    let count = bytes.count
    let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
    var offset = start
    while offset &+ 8 <= count {
        let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ pattern
        // A zero byte in `word` is a match; the lowest one is the first.
        let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        if zeros != 0 { return offset &+ zeros.trailingZeroBitCount / 8 }
        offset &+= 8
    }
    while offset < count {
        if base.load(fromByteOffset: offset, as: UInt8.self) == byte { return offset }
        offset &+= 1
    }
    return nil
}

/// Whether the `count` bytes at `a` and `b` are equal, eight at a time: a key path's prefix is
/// short, and a call to `memcmp` cost more than comparing it. (Measured with scripts/instructions.sh
/// on 1 MB of orders read through key paths, Unbox API: 41.07M instructions per decode with
/// `memcmp`, 40.90M.)
@inline(__always)
func _equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var offset = 0
    while offset &+ 8 <= count {
        if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
            return false
        }
        offset &+= 8
    }
    while offset < count {
        if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
            return false
        }
        offset &+= 1
    }
    return true
}

/// A parser's cursor stamp (`csimdjson_parser_cursor_stamp`): `_KeyPathReuse` reads it before
/// and after every key path.
@usableFromInline
struct _CursorStampSource: @unchecked Sendable {
    let parser: OpaquePointer

    init(parser: OpaquePointer) { self.parser = parser }

    /// The stamp now: the cursor's token position and depth, and the parser's count of documents.
    @inline(__always)
    func read() -> (position: UInt64, depth: Int64, document: UInt64) {
        var position: UInt64 = 0
        var depth: Int32 = 0
        var document: UInt64 = 0
        csimdjson_parser_cursor_stamp(parser, &position, &depth, &document)
        return (position, Int64(depth), document)
    }
}
