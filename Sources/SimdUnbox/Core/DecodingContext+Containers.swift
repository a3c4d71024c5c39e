import CSimdJSON

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

// Reading arrays and objects element by element, straight from the cursors.

extension _DecodingContext {
    // MARK: Arrays

    /// Starts iterating the array `value` is.
    @inlinable
    func _arrayIterator(from value: inout _JSONCursor) throws(UnboxError) -> _ArrayIterator {
        var array = _ArrayCursor()
        var code = value.getArray(&array)
        guard _fastPath(code == .success) else { throw _valueError(code, value: &value, expected: .array) }
        var iterator = _ArrayIterator()
        code = array.iterate(&iterator)
        guard _fastPath(code == .success) else { throw _containerError(code) }
        return iterator
    }

    /// Moves to the next element: false at the end of the array.
    @inlinable
    func _next(_ iterator: inout _ArrayIterator, into element: inout _JSONCursor) throws(UnboxError)
        -> Bool
    {
        var hasElement = false
        let code = iterator.next(&hasElement, &element)
        guard _fastPath(code == .success) else { throw _containerError(code) }
        return hasElement
    }

    /// Reads the array `value` is, one element at a time through `element`. With
    /// `allowInvalidElements`, an element that fails to decode is dropped (unless the document
    /// itself is broken there).
    ///
    /// The first elements gather on the parser's gather stack (`ScratchArena`) and the array is made once, at
    /// its exact size: appending to an empty array would allocate again at 1, 2, 4, 8, ...
    /// elements, and most arrays in documents are short.
    @inlinable
    func _array<Element>(
        from value: inout _JSONCursor, allowInvalidElements: Bool = false,
        element decode: (inout _JSONCursor) throws(UnboxError) -> Element
    ) throws(UnboxError) -> [Element] {
        var iterator = try _arrayIterator(from: &value)
        try _enter()
        defer { _leave() }
        let top = _state.pointee.scratchTop
        let (gathered, gatheredCapacity) = _takeScratch(for: Element.self, upTo: 16)
        defer { _state.pointee.scratchTop = top }
        var count = 0
        defer { if count <= gatheredCapacity { gathered.deinitialize(count: count) } }
        var spilled: [Element] = []
        var element = _JSONCursor()
        var index = 0
        while try _next(&iterator, into: &element) {
            do throws(UnboxError) {
                if _fastPath(count < gatheredCapacity) {
                    (gathered + count).initialize(to: try decode(&element))
                    count += 1
                } else {
                    if count == gatheredCapacity {
                        // A long array, or no room left (deep nesting): the gathered elements
                        // move to an ordinary array, which grows from there (`count` goes past
                        // the capacity to say so).
                        spilled = [Element](unsafeUninitializedCapacity: 4 * Swift.max(gatheredCapacity, 4)) {
                            buffer, initialized in
                            if gatheredCapacity > 0 {
                                buffer.baseAddress.unsafelyUnwrapped.moveInitialize(
                                    from: gathered, count: gatheredCapacity)
                            }
                            initialized = gatheredCapacity
                        }
                        count = gatheredCapacity + 1
                    }
                    spilled.append(try decode(&element))
                }
            } catch {
                if !allowInvalidElements || _malformed != nil { throw _prepending(.index(index), to: error) }
            }
            index += 1
        }
        if count > gatheredCapacity || count == 0 { return spilled }
        let gatheredCount = count
        let result = [Element](unsafeUninitializedCapacity: gatheredCount) { buffer, initialized in
            buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: gathered, count: gatheredCount)
            initialized = gatheredCount
        }
        count = 0
        return result
    }

    /// Takes room for up to `count` elements of `Element` from the parser's gather stack, above
    /// what enclosing arrays took: where, and for how many (none when they took it all). The caller
    /// puts `_state.pointee.scratchTop` back to what it was when done with them.
    @inlinable @inline(__always)
    func _takeScratch<Element>(for _: Element.Type, upTo count: Int) -> (UnsafeMutablePointer<Element>, Int) {
        let base = _state.pointee.scratch
        let alignment = MemoryLayout<Element>.alignment
        let address = Int(bitPattern: base) + _state.pointee.scratchTop
        let start = min(((address + alignment - 1) & ~(alignment - 1)) - Int(bitPattern: base), ScratchArena.stackSize)
        let taken = min(count, (ScratchArena.stackSize - start) / MemoryLayout<Element>.stride)
        _state.pointee.scratchTop = start + taken * MemoryLayout<Element>.stride
        return ((base + start).bindMemory(to: Element.self, capacity: taken), taken)
    }

    /// Reads an array of doubles with bulk shim calls: a short array such as a coordinate pair
    /// takes one shim call. Elements the bulk read cannot take (numeric strings, errors) go
    /// through the scalar slow path.
    @inlinable
    func _doubles(from value: inout _JSONCursor) throws(UnboxError) -> [Double] {
        if _slowPath(_state.pointee.numberCapacity == 0) { _growNumbers(keeping: 0) }
        return try _bulkNumbers(
            from: &value, start: _JSONCursor.readDoubles, next: _ArrayIterator.readDoubles,
            slowPath: { (v, c) throws(UnboxError) in try self._doubleSlowPath(from: &v, code: c) })
    }

    /// Reads an array of 64-bit integers with bulk shim calls, as `_doubles(from:)` reads doubles.
    @inlinable
    func _integers(from value: inout _JSONCursor) throws(UnboxError) -> [Int64] {
        if _slowPath(_state.pointee.numberCapacity == 0) { _growNumbers(keeping: 0) }
        return try _bulkNumbers(
            from: &value, start: _JSONCursor.readInt64s, next: _ArrayIterator.readInt64s,
            slowPath: { (v, c) throws(UnboxError) in try self._integerSlowPath(Int64.self, from: &v, code: c) })
    }

    /// The number buffer as `Number`s (8 bytes each), valid until it grows.
    @inlinable @inline(__always)
    func _numberBuffer<Number>(of _: Number.Type) -> UnsafeMutablePointer<Number> {
        _state.pointee.numbers.unsafelyUnwrapped.bindMemory(to: Number.self, capacity: _state.pointee.numberCapacity)
    }

    /// Bulk reads into the number buffer (grown as needed), then one copy into the array.
    @inlinable @inline(__always)
    func _bulkNumbers<Number>(
        from value: inout _JSONCursor,
        start: (
            UnsafeMutablePointer<_JSONCursor>, UnsafeMutablePointer<Number>, Int, UnsafeMutablePointer<Int>,
            UnsafeMutablePointer<Bool>, UnsafeMutablePointer<_ArrayIterator>,
            UnsafeMutablePointer<_JSONCursor>
        ) -> _SimdJSONError,
        next: (
            UnsafeMutablePointer<_ArrayIterator>, UnsafeMutablePointer<Number>, Int,
            UnsafeMutablePointer<Int>,
            UnsafeMutablePointer<Bool>, UnsafeMutablePointer<_JSONCursor>
        ) -> _SimdJSONError,
        slowPath: (inout _JSONCursor, _SimdJSONError) throws(UnboxError) -> Number
    ) throws(UnboxError) -> [Number] {
        if _slowPath(_state.pointee.depth >= _state.pointee.maxDepth) { throw _depthError() }
        var iterator = _ArrayIterator()
        var element = _JSONCursor()
        var count = 0
        var read = 0
        var finished = false
        var code = start(
            &value, _numberBuffer(of: Number.self), _state.pointee.numberCapacity, &read, &finished, &iterator,
            &element)
        if _slowPath(code != .success && iterator.isUnstarted) {
            throw _valueError(code, value: &value, expected: .array)
        }
        while true {
            count += read
            if _fastPath(finished) { break }
            if code == .incorrectType || code == .numberError
                || code == .numberOutOfRange
            {
                do throws(UnboxError) {
                    let number = try slowPath(&element, code)
                    if count == _state.pointee.numberCapacity { _growNumbers(keeping: count) }
                    _numberBuffer(of: Number.self)[count] = number
                    count += 1
                } catch {
                    throw _prepending(.index(count), to: error)
                }
            } else if code != .success {
                throw _containerError(code)
            }
            if count == _state.pointee.numberCapacity { _growNumbers(keeping: count) }
            code = next(
                &iterator, _numberBuffer(of: Number.self) + count, _state.pointee.numberCapacity - count, &read,
                &finished, &element)
        }
        return Array(UnsafeBufferPointer(start: _numberBuffer(of: Number.self), count: count))
    }

    /// Doubles the number buffer, keeping its first `count` numbers.
    @inline(never)
    @usableFromInline
    func _growNumbers(keeping count: Int) {
        (_state.pointee.numbers, _state.pointee.numberCapacity) = ScratchArena.grownNumbers(
            _state.pointee.numbers, capacity: _state.pointee.numberCapacity, keeping: count)
    }

    // MARK: Objects

    @inlinable
    func _object(from value: inout _JSONCursor) throws(UnboxError) -> _ObjectCursor {
        var object = _ObjectCursor()
        let code = value.getObject(&object)
        guard _fastPath(code == .success) else { throw _valueError(code, value: &value, expected: .object) }
        return object
    }

    /// Reads the object `value` is, field by field in document order.
    @inlinable
    func _fields(
        from value: inout _JSONCursor, allowInvalidElements: Bool = false,
        field decode: (String, inout _JSONCursor) throws(UnboxError) -> Void
    ) throws(UnboxError) {
        var object = try _object(from: &value)
        try _enter()
        defer { _leave() }
        var iterator = _ObjectIterator()
        var code = object.iterate(&iterator)
        guard _fastPath(code == .success) else { throw _containerError(code) }
        var element = _JSONCursor()
        while true {
            var hasField = false
            var keyBytes: UnsafePointer<UInt8>?
            var keyCount = 0
            code = iterator.next(_parser.handle, &hasField, &keyBytes, &keyCount, &element)
            guard _fastPath(code == .success) else { throw _containerError(code) }
            guard hasField else { return }
            let key = _Parser.string(keyBytes, keyCount) { _parser.strings }
            do throws(UnboxError) {
                try decode(key, &element)
            } catch {
                if !allowInvalidElements || _malformed != nil { throw _prepending(.key(key), to: error) }
            }
        }
    }

    /// Finds `key` in `object`.
    @inlinable
    func _field(_ key: UnsafeBufferPointer<UInt8>, in object: inout _ObjectCursor, into value: inout _JSONCursor)
        throws(UnboxError)
    {
        let code = object.findField(key.baseAddress, key.count, &value)
        if _fastPath(code == .success) { return }
        if code == .noSuchField, try _findEscapedField(key, in: &object, into: &value) { return }
        throw _fieldError(code, value: &value, expected: .object)
    }

    /// The second look for a key the raw-byte lookup missed: a key written with escape sequences
    /// (`"na\u006de"` for `name`), or, for a key that is not ASCII, one equal to it only under
    /// Unicode canonical equivalence (`"cafe\u0301"` for `café`), as Swift's `String` compares
    /// keys in Foundation's decoders. Only documents with escaped keys, and keys that are not
    /// ASCII, pay for it: in the others a miss costs two tests here rather than calls. (Measured
    /// with scripts/instructions.sh on 1 MB of orders with six absent keys read by `try?`: 51.70M
    /// instructions per decode before the escaped-key test, 51.36M after, about 45 a miss.)
    @inlinable
    func _findEscapedField(
        _ key: UnsafeBufferPointer<UInt8>, in object: inout _ObjectCursor, into value: inout _JSONCursor
    ) throws(UnboxError) -> Bool {
        if _state.pointee.escapedKeys == 1 && _isASCII(key) { return false }
        return try _findEscapedFieldSlowly(key, in: &object, into: &value)
    }

    /// `_findEscapedField` for a key given as a string or a key path's segment.
    @inlinable
    func _findEscapedField<Key: _FieldKey>(_ key: Key, in object: inout _ObjectCursor, into value: inout _JSONCursor)
        throws(UnboxError) -> Bool
    {
        try key._withKeyBytes { (key) throws(UnboxError) in try _findEscapedField(key, in: &object, into: &value) }
    }

    @inline(never)
    @usableFromInline
    func _findEscapedFieldSlowly(
        _ key: UnsafeBufferPointer<UInt8>, in object: inout _ObjectCursor, into value: inout _JSONCursor
    ) throws(UnboxError) -> Bool {
        let code = _findEscapedFieldCode(key, in: &object, into: &value)
        if code == .success { return true }
        if code == .noSuchField { return false }
        throw _containerError(code)
    }

    /// `_findEscapedField` as a code: `.success` (the field is in `value`),
    /// `.noSuchField`, or the error met while looking.
    @inline(never)
    @usableFromInline
    func _findEscapedFieldCode(
        _ key: UnsafeBufferPointer<UInt8>, in object: inout _ObjectCursor, into value: inout _JSONCursor
    ) -> _SimdJSONError {
        if _state.pointee.escapedKeys == 0 {
            _state.pointee.escapedKeys = csimdjson_parser_has_escaped_keys(_parser.handle) ? 2 : 1
        }
        // The object's start position (the third word of its cursor) identifies it.
        let identity = object.raw.storage.2
        if _state.pointee.escapedKeys == 2 && identity != _state.pointee.objectWithoutEscapedKeys {
            var hasEscapedKeys = false
            let code = object.findFieldUnescaped(
                _parser.handle, key.baseAddress, key.count, &value, &hasEscapedKeys)
            if code != .noSuchField { return code }
            if !hasEscapedKeys { _state.pointee.objectWithoutEscapedKeys = identity }
        }
        if _isASCII(key) { return .noSuchField }
        return _findEquivalentFieldCode(key, in: &object, into: &value)
    }

    /// The look by Unicode canonical equivalence, for a key that is not ASCII: the first field
    /// whose key, unescaped, equals `key` as Swift's `String` compares them. (An ASCII key is not
    /// looked for: it can equal only itself, which the lookups compared already, or a key made of
    /// the three characters whose canonical decomposition is ASCII, U+212A KELVIN SIGN, U+037E
    /// GREEK QUESTION MARK and U+1FEF GREEK VARIA, where Foundation finds `K`, `;` or a backtick.)
    @inline(never)
    @usableFromInline
    func _findEquivalentFieldCode(
        _ key: UnsafeBufferPointer<UInt8>, in object: inout _ObjectCursor, into value: inout _JSONCursor
    ) -> _SimdJSONError {
        let wanted = String(decoding: key, as: UTF8.self)
        var hasFields = false
        var code = object.reset(&hasFields)
        guard code == .success, hasFields else { return code == .success ? .noSuchField : code }
        var iterator = _ObjectIterator()
        code = object.iterate(&iterator)
        guard code == .success else { return code }
        while true {
            var hasField = false
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            code = iterator.next(_parser.handle, &hasField, &bytes, &count, &value)
            guard code == .success else { return code }
            guard hasField else { break }
            if String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) == wanted {
                return .success
            }
        }
        return .noSuchField
    }
}
