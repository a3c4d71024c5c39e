// Error construction: cold, out of line, and only ever on the failure path.

extension _DecodingContext {
    /// An error from starting a document (stage 1), which no caller can recover from.
    @inline(never)
    @usableFromInline
    func _documentError(_ code: _SimdJSONError, length: Int) -> UnboxError {
        switch code {
        case .capacity:
            return UnboxError(
                reason: .malformedJSON(
                    "the document is \(length) bytes; a single document may be at most "
                        + "\(SimdUnboxDiagnostics.maximumDocumentSize) bytes (decode large inputs as streams)"),
                byteOffset: 0)
        case .memoryAllocation:
            return UnboxError(_reason: .malformedJSON("out of memory while indexing \(length) bytes"), byteOffset: 0)
        case .empty:
            return UnboxError(_reason: .malformedJSON("the document has no JSON value"), byteOffset: length)
        case .utf8Error:
            return UnboxError(_reason: .malformedJSON("invalid UTF-8"), byteOffset: firstInvalidUTF8Offset())
        default:
            return UnboxError(_reason: .malformedJSON(errorMessage(code)), byteOffset: firstStructuralProblemOffset())
        }
    }

    /// A malformed-JSON error met while reading values. Remembered, so that a caller that
    /// swallows it (`try?`) cannot turn a broken document into a model.
    @inline(never)
    @usableFromInline
    func _malformedError(_ code: _SimdJSONError, offset: Int) -> UnboxError {
        let error = UnboxError(_reason: .malformedJSON(errorMessage(code)), byteOffset: offset)
        markBroken(error)
        return error
    }

    /// The error for a failed read of `value` as `expected`: a type mismatch, a number out of
    /// range, or malformed JSON when the value's own bytes are broken.
    @inline(never)
    @usableFromInline
    func _valueError(_ code: _SimdJSONError, value: inout _JSONCursor, expected: JSONType, as name: String? = nil)
        -> UnboxError
    {
        let offset = _offset(of: &value)
        switch code {
        case .incorrectType:
            var type: JSONType?
            guard value.getType(&type) == .success, let found = type else {
                return _malformedError(.tapeError, offset: offset)
            }
            // A value that starts like the expected type yet cannot be read as it is broken
            // (`tru`, `nul`), except numbers, which may just be of the wrong kind (1.5 for an Int).
            if found == expected && found != .number {
                return _malformedError(found == .bool ? .trueAtomError : code, offset: offset)
            }
            return _mismatchError(
                expected: _Expected(expected), as: name, found: found, value: &value, offset: offset)
        case .numberOutOfRange:
            return UnboxError(
                reason: .numberOutOfRange("does not fit in \(name ?? "the requested type")"), byteOffset: offset)
        default:
            return _malformedError(code, offset: offset)
        }
    }

    /// A type mismatch, unless the value found is itself malformed (`[1, tru]` read as `[Int]`):
    /// then the document is broken, whatever the model expected. Consumes a scalar value.
    @inline(never)
    @usableFromInline
    func _mismatchError(
        expected: _Expected, as name: String? = nil, found: JSONType, value: inout _JSONCursor, offset: Int
    ) -> UnboxError {
        var code = _SimdJSONError.success
        switch found {
        case .bool:
            var ignored = false
            code = value.getBool(&ignored)
        case .null:
            var isNull = false
            code = value.isNull(&isNull)
            if code == .success && !isNull { code = .nullAtomError }
        case .number:
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            code = value.getNumberText(&bytes, &count)
        case .string:
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            code = value.getString(_parser.handle, &bytes, &count)
        case .array, .object:
            break
        }
        if code != .success { return _malformedError(code, offset: offset) }
        if let name { return UnboxError(_reason: .typeMismatch(expected: name, found: found), byteOffset: offset) }
        return UnboxError(_light: .mismatch(expected: expected, found: found), byteOffset: offset)
    }

    /// The error for a failed lookup of a field, or a failed read of the field's value.
    @inline(never)
    @usableFromInline
    func _fieldError(_ code: _SimdJSONError, value: inout _JSONCursor, expected: JSONType, as name: String? = nil)
        -> UnboxError
    {
        if code == .noSuchField { return _missingKeyError() }
        return _valueError(code, value: &value, expected: expected, as: name)
    }

    @inline(never)
    @usableFromInline
    func _missingKeyError() -> UnboxError {
        UnboxError(_light: .missingKey, byteOffset: _currentOffset())
    }

    /// The error for the field `key`, which the object does not have: made with its path, where
    /// `_missingKeyError()` gets it on its way up.
    @inline(never)
    @usableFromInline
    func _missingKeyError(_ key: String) -> UnboxError {
        UnboxError(_missingKey: key, byteOffset: _currentOffset())
    }

    /// Whether the field value that a scalar's read of `expected` refused with `code` is `null`.
    /// If so, the `null` is recorded in the state for `_missingFieldError(_:)` to make the type
    /// mismatch once, with its key: the read returns a placeholder with `missing` set instead of
    /// throwing an error that `unbox(key:)` would catch, extend with the key and throw again
    /// (what a `try?` on a field that is often `null` paid for every `null`). A `null` that is
    /// not well formed (`nul`) is not one: it goes on to the read's own error path. The test and
    /// the `null`'s location take one shim call (they took three: type, `null`, location).
    @inline(never)
    @usableFromInline
    func _recordNullField(_ code: _SimdJSONError, value: inout _JSONCursor, expected: _Expected) -> Bool {
        guard code == .incorrectType else { return false }
        var location: UnsafePointer<UInt8>?
        guard value.nullLocation(&location), let location else { return false }
        _state.pointee.nullField = (expected, _offset(of: location))
        return true
    }

    /// `String._unbox(field:in:context:missing:)` when the fused lookup and read did not succeed:
    /// the second look for an escaped key, a `null`, or the error. Out of line, so that the read
    /// that succeeds stays small enough to be inlined into `unbox(key:)`.
    @inlinable @inline(never)
    func _stringFieldSlowPath<Key: _FieldKey>(
        _ code: _SimdJSONError, _ key: Key, in object: inout _ObjectCursor, value: inout _JSONCursor,
        missing: inout Bool
    ) throws(UnboxError) -> String {
        if code == .noSuchField {
            guard try _findEscapedField(key, in: &object, into: &value) else {
                missing = true
                return ""
            }
            return try _string(from: &value)
        }
        if _recordNullField(code, value: &value, expected: .string) {
            missing = true
            return ""
        }
        throw _fieldError(code, value: &value, expected: .string)
    }

    /// The error `unbox(key:)` throws when the read of its field set `missing`: the type mismatch
    /// of a `null` that `_recordNullField` recorded, or else the missing key. Both are the errors
    /// the read would have thrown, with the key as their path.
    @inline(never)
    @usableFromInline
    func _missingFieldError(_ key: String) -> UnboxError {
        guard let null = _state.pointee.nullField else { return _missingKeyError(key) }
        _state.pointee.nullField = nil
        var error = UnboxError(_light: .mismatch(expected: null.expected, found: .null), byteOffset: null.offset)
        error._prepend(.key(key))
        return error
    }

    @inline(never)
    @usableFromInline
    func _containerError(_ code: _SimdJSONError) -> UnboxError {
        _malformedError(code, offset: _currentOffset())
    }

    @inline(never)
    @usableFromInline
    func _depthError() -> UnboxError {
        let error = UnboxError(
            reason: .depthLimitExceeded(limit: _state.pointee.maxDepth), byteOffset: _currentOffset())
        markBroken(error)
        return error
    }

    /// Remembers the first error that breaks the document and retires every `Unboxer`: after a
    /// structural error simdjson's cursors must not be touched again.
    func markBroken(_ error: UnboxError) {
        if _malformed == nil { _malformed = error }
        _state.pointee.broken = true
        _state.pointee.activeToken = 0
    }

    @inline(never)
    @usableFromInline
    func _misuseError(_ detail: String) -> UnboxError {
        UnboxError(_reason: .misuse(detail), byteOffset: nil)
    }

    @inline(never)
    @usableFromInline
    func _invalidValueError(_ detail: String, offset: Int) -> UnboxError {
        UnboxError(_reason: .invalidValue(detail), byteOffset: offset)
    }

    @inline(never)
    @usableFromInline
    func _outOfRangeError(_ detail: String, offset: Int) -> UnboxError {
        UnboxError(_reason: .numberOutOfRange(detail), byteOffset: offset)
    }

    /// `error` with `component` in front of its path. Allocates nothing for the first key an error
    /// gets (see `UnboxError._lastKey`). Out of line: the error travels in registers, and callers
    /// stay small enough for their closures to be inlined.
    @inline(never)
    @usableFromInline
    func _prepending(_ component: UnboxPathComponent, to error: consuming UnboxError) -> UnboxError {
        error._prepend(component)
        return error
    }

    /// `error` with the first `trace.count` steps of `keyPath` in front of its path, turned into
    /// components only if the path is read.
    @inlinable
    func _prepending(keyPath: String, _ trace: _KeyPathTrace, to error: consuming UnboxError) -> UnboxError {
        guard trace.count > 0 else { return error }
        error._prepend(keyPath: keyPath, trace)
        return error
    }

    /// `error` with `components` in front of its path.
    @inline(never)
    @usableFromInline
    func _prepending(_ components: [UnboxPathComponent], to error: UnboxError) -> UnboxError {
        guard !components.isEmpty else { return error }
        var error = error
        error.path = components + error.path
        return error
    }

    /// `error` with `component` in front of its path, if it is an `UnboxError`; other errors
    /// (thrown by user code) travel unchanged.
    @inline(never)
    @usableFromInline
    func _prepending(_ component: UnboxPathComponent, to error: any Error) -> any Error {
        guard var error = error as? UnboxError else { return error }
        error._prepend(component)
        return error
    }

    /// `error` with `components` in front of its path, if it is an `UnboxError`.
    @inline(never)
    @usableFromInline
    func _prepending(_ components: [UnboxPathComponent], to error: any Error) -> any Error {
        guard var error = error as? UnboxError else { return error }
        error.path = components + error.path
        return error
    }

    /// The error a whole decode ends with: a malformed document wins over what it caused.
    @inline(never)
    @usableFromInline
    func _resolve(_ error: any Error) -> any Error {
        if let malformed = _malformed, !((error as? UnboxError)?._isFatal ?? false) { return malformed }
        // A model's own error travelled inside an `UnboxError`: the caller gets it as it was thrown.
        return (error as? UnboxError)?._unwrapped ?? error
    }

    // MARK: Helpers

    func errorMessage(_ code: _SimdJSONError) -> String {
        switch code {
        case .trailingContent: "unexpected content after the root value"
        case .incompleteArrayOrObject:
            "unbalanced brackets: the document ends inside an array or object, or has content after its root"
        case .tapeError: "unexpected character (a missing comma, colon, bracket or value)"
        case .numberError: "invalid number"
        case .stringError: "invalid string (bad escape sequence)"
        case .unclosedString: "unclosed string"
        case .unescapedCharacters: "control character inside a string"
        case .trueAtomError, .falseAtomError: "invalid literal (expected true or false)"
        case .nullAtomError: "invalid literal (expected null)"
        case .utf8Error: "invalid UTF-8"
        default: code.message
        }
    }

    /// Where the input stops being valid UTF-8 (stage 1 says only that it is not).
    func firstInvalidUTF8Offset() -> Int? {
        guard let start = _documentStart else { return nil }
        let bytes = UnsafeBufferPointer(start: start, count: _documentLength)
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// A best guess at where stage 1 failed: the first control character inside a string or the
    /// opening quote of an unclosed one.
    func firstStructuralProblemOffset() -> Int? {
        guard let start = _documentStart else { return nil }
        var inString = false
        var escaped = false
        var stringStart = 0
        for offset in 0..<_documentLength {
            let byte = start[offset]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte < 0x20 {
                    return offset
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                stringStart = offset
            }
        }
        return inString ? stringStart : nil
    }
}
