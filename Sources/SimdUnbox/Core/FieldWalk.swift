// One pass over an object's fields, for declared models
// ======================================================
//
// A declared model (`@Unboxable`) knows its keys at compile time. Its generated decoder walks each
// object once, in document order, with a `_FieldWalk`: each field's key comes as its raw bytes in
// the input (`_RawKey`, escape sequences left as written), the generated matcher compares them with
// the model's keys (length, then 8-byte words), and the value is read straight into a local. Fields
// the model does not know are left for the next step to skip, their keys never unescaped; a key
// holding a backslash is unescaped only when the raw bytes matched nothing, and matched again.
//
// The walk goes through the shim's `csimdjson_object_fields_*` (csimdjson_fields.h), which uses
// simdjson's public On-Demand API only.

import CSimdJSON

/// A key as written in the input: its bytes between the quotes, escape sequences not decoded.
/// At least 8 bytes are readable past its end (the input's padding), so that it can be compared a
/// word at a time. Valid while its walk stands on its field.
///
/// SimdUnbox's internals, for the code `@Unboxable` generates.
@frozen
public struct _RawKey {
    /// The key's first byte.
    public let _start: UnsafeRawPointer
    /// The key's length in bytes.
    public let count: Int

    @inlinable @inline(__always)
    init(_start: UnsafeRawPointer, count: Int) {
        self._start = _start
        self.count = count
    }

    /// The 8 bytes at `offset`, as a little-endian word (byte `offset` in the low bits).
    @inlinable @inline(__always)
    public func _word(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: _start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The `length` bytes (1 to 8) at `offset`, as a little-endian word, the bytes past them zero.
    @inlinable @inline(__always)
    public func _word(_ offset: Int, _ length: Int) -> UInt64 {
        let word = _word(offset)
        return length >= 8 ? word : word & ((1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1)
    }

    /// Whether the key holds a backslash, which only an escape sequence can put there.
    @usableFromInline
    var hasBackslash: Bool {
        UnsafeRawBufferPointer(start: _start, count: count).contains(UInt8(ascii: "\\"))
    }

    /// The key as it is written, for an error's path (the key unescaped, when it has escapes).
    @usableFromInline
    var text: String {
        let bytes = UnsafeRawBufferPointer(start: _start, count: count)
        if hasBackslash, let unescaped = _unescapedJSONKey(bytes) {
            return String(decoding: unescaped, as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// An iteration over an object's fields (the shim's `csimdjson_object_fields`).
@frozen @usableFromInline
struct _ObjectFields {
    @usableFromInline var raw = csimdjson_object_fields()

    @inlinable @inline(__always)
    init() {}

    @inlinable @inline(__always)
    mutating func begin(_ object: inout _ObjectCursor) -> _SimdJSONError {
        _SimdJSONError(csimdjson_object_fields_begin(&object.raw, &raw))
    }

    @inlinable @inline(__always)
    mutating func next(
        _ hasField: inout Bool, _ key: inout UnsafePointer<UInt8>?, _ keyCount: inout Int, _ value: inout _JSONCursor,
        _ location: inout UnsafePointer<UInt8>?
    ) -> _SimdJSONError {
        _SimdJSONError(csimdjson_object_fields_next(&raw, &hasField, &key, &keyCount, &value.raw, &location))
    }
}

/// One pass over the fields of one object, in document order, for the code `@Unboxable`
/// generates: `next()` moves to each field in turn, `key` is its raw key, and the `read` functions
/// (Declared/FieldWalk+Reads.swift) decode its value into the model's locals.
///
/// SimdUnbox's internals, for the code `@Unboxable` generates.
@frozen
public struct _FieldWalk {
    /// The decode this walk belongs to.
    public let context: _DecodingContext
    @usableFromInline var fields = _ObjectFields()
    /// The current field's value.
    public var value = _JSONCursor()
    @usableFromInline var keyStart: UnsafePointer<UInt8>?
    @usableFromInline var keyCount = 0
    /// The current field's value's first byte.
    @usableFromInline var location: UnsafePointer<UInt8>?
    /// The object's first byte, for the errors about the object as a whole (a missing key).
    @usableFromInline let objectLocation: UnsafePointer<UInt8>?
    /// Whether a second field with a key the model reads is an error.
    public let rejectsDuplicates: Bool
    /// Where this object's errors start among the collected ones (`unboxReportingEveryError`;
    /// -1: none collected).
    public var _collectStart = -1

    @inlinable @inline(__always)
    init(context: _DecodingContext, objectLocation: UnsafePointer<UInt8>?, rejectsDuplicates: Bool) {
        self.context = context
        self.objectLocation = objectLocation
        self.rejectsDuplicates = rejectsDuplicates
    }

    /// Starts walking the object `value` is: an error if it is not one.
    ///
    /// - Parameters:
    ///   - value: The value to walk (consumed).
    ///   - context: The decode.
    ///   - rejectsDuplicates: Whether a second field with a key the model reads is an error.
    /// - Throws: `UnboxError` when `value` is not an object or the document nests too deep.
    @inlinable
    public init(object value: inout _JSONCursor, context: _DecodingContext, rejectsDuplicates: Bool)
        throws(UnboxError)
    {
        var location: UnsafePointer<UInt8>?
        _ = value.getLocation(&location)
        self.init(context: context, objectLocation: location, rejectsDuplicates: rejectsDuplicates)
        var object = try context._object(from: &value)
        try context._enter()
        let code = fields.begin(&object)
        guard _fastPath(code == .success) else {
            context._leave()
            throw context._containerError(code)
        }
        // The walk's `forEachField` leaves the depth entered here.
    }

    /// Starts walking `object`, an object not read yet (an `Unboxer`'s).
    ///
    /// - Parameters:
    ///   - object: The object.
    ///   - context: The decode.
    ///   - rejectsDuplicates: Whether a second field with a key the model reads is an error.
    /// - Throws: `UnboxError` when the document nests too deep or the object is malformed.
    @inlinable
    public init(objectCursor object: inout _ObjectCursor, context: _DecodingContext, rejectsDuplicates: Bool)
        throws(UnboxError)
    {
        self.init(context: context, objectLocation: nil, rejectsDuplicates: rejectsDuplicates)
        try context._enter()
        let code = fields.begin(&object)
        guard _fastPath(code == .success) else {
            context._leave()
            throw context._containerError(code)
        }
    }

    /// Moves to the next field (leaving what was not read of the one before): false at the end of
    /// the object, where the walk is over.
    ///
    /// - Returns: Whether there is a field.
    /// - Throws: `UnboxError` for a malformed object.
    @inlinable @inline(__always)
    public mutating func next() throws(UnboxError) -> Bool {
        var hasField = false
        let code = fields.next(&hasField, &keyStart, &keyCount, &value, &location)
        guard _fastPath(code == .success) else { throw context._containerError(code) }
        return hasField
    }

    /// Calls `body` on each field of the object in turn, then ends the walk (whether `body` threw
    /// or not: the object's depth is left either way).
    ///
    /// ```swift
    /// var walk = try _FieldWalk(object: &value, context: context, rejectsDuplicates: false)
    /// try walk.forEachField { (walk) throws(UnboxError) in
    ///     switch Self.fieldIndex(walk.key) { case 0: try walk.read(&id); default: break }
    /// }
    /// ```
    ///
    /// - Parameter body: Reads or leaves the current field.
    /// - Throws: `UnboxError` for a malformed object, or what `body` throws.
    @inlinable @inline(__always)
    public mutating func forEachField(_ body: (inout _FieldWalk) throws(UnboxError) -> Void) throws(UnboxError) {
        defer { context._leave() }
        while try next() { try body(&self) }
    }

    /// The current field's key, as written in the input.
    @inlinable
    public var key: _RawKey {
        @inline(__always) get { _RawKey(_start: UnsafeRawPointer(keyStart.unsafelyUnwrapped), count: keyCount) }
    }

    /// The first byte of the current field's value (`n` for a `null`, `{` for an object, ...).
    @inlinable
    public var firstByte: UInt8 {
        @inline(__always) get { location.unsafelyUnwrapped.pointee }
    }

    /// The byte offset of the current field's value.
    @usableFromInline
    var valueOffset: Int {
        guard let location else { return context._currentOffset() }
        return context._offset(of: location)
    }

    /// The byte offset of the object being walked.
    @usableFromInline
    var objectOffset: Int {
        guard let objectLocation else { return context._currentOffset() }
        return context._offset(of: objectLocation)
    }

    /// The current key with its escape sequences decoded, when it has any (nil otherwise): for
    /// the generated matcher's second look at a key whose raw bytes matched nothing. Call
    /// `release()` on it once matched.
    ///
    /// - Returns: The unescaped key, or nil when the key holds no escape sequence.
    /// - Throws: `UnboxError` for a malformed escape sequence.
    @inline(never)
    public func unescapedKey() throws(UnboxError) -> _UnescapedKey? {
        let raw = key
        guard raw.hasBackslash else { return nil }
        guard let unescaped = _unescapedJSONKey(UnsafeRawBufferPointer(start: raw._start, count: raw.count)) else {
            throw context._malformedError(.stringError, offset: valueOffset)
        }
        // Eight zero bytes after the key, for the matcher's word loads.
        let storage = UnsafeMutableRawPointer.allocate(byteCount: unescaped.count + 8, alignment: 8)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: unescaped.count + 8)
        unescaped.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { storage.copyMemory(from: base, byteCount: bytes.count) }
        }
        return _UnescapedKey(key: _RawKey(_start: UnsafeRawPointer(storage), count: unescaped.count))
    }

    /// `error` with the current field's key in front of its path.
    ///
    /// - Parameter error: An error met while reading the current field's value.
    /// - Returns: The error, its path starting with the current key.
    @inline(never)
    public func prependingKey(_ error: UnboxError) -> UnboxError {
        context._prepending(.key(key.text), to: error)
    }

    /// The error for a second field with a key the model reads, under `.reject`.
    @inline(never)
    @usableFromInline
    func duplicateKeyError() -> UnboxError {
        var error = UnboxError(
            reason: .invalidValue("duplicate key \"\(key.text)\" (the model rejects duplicate keys)"),
            byteOffset: valueOffset)
        error._prepend(.key(key.text))
        return error
    }

    /// The error for a required field the object does not have: `path` (a key, or the steps of a
    /// key path) with the object's byte offset.
    ///
    /// - Parameter path: The field's key, or its key path's steps.
    /// - Returns: A `missingKey` error.
    @inline(never)
    public func missingKeyError(_ path: [UnboxPathComponent]) -> UnboxError {
        UnboxError(reason: .missingKey, path: path, byteOffset: objectOffset)
    }
}

/// A key with its escape sequences decoded, in memory of its own (`_FieldWalk.unescapedKey()`).
///
/// SimdUnbox's internals, for the code `@Unboxable` generates.
public struct _UnescapedKey {
    /// The key, valid until `release()`.
    public let key: _RawKey

    /// Frees the key's memory.
    public func release() { UnsafeMutableRawPointer(mutating: key._start).deallocate() }
}
