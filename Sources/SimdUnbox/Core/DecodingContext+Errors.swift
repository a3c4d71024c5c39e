import CSimdJSON

// Error construction: cold, out of line, and only ever on the failure path.

extension _DecodingContext {
    /// An error from starting a document (stage 1), which no caller can recover from.
    @inline(never)
    @usableFromInline
    func _documentError(_ code: csimdjson_error, length: Int) -> UnboxError {
        switch code {
        case CSIMDJSON_CAPACITY:
            return UnboxError(
                reason: .malformedJSON(
                    "the document is \(length) bytes; a single document may be at most "
                        + "\(SimdUnboxDiagnostics.maximumDocumentSize) bytes (decode large inputs as streams)"),
                byteOffset: 0)
        case CSIMDJSON_MEMALLOC:
            return UnboxError(_reason: .malformedJSON("out of memory while indexing \(length) bytes"), byteOffset: 0)
        case CSIMDJSON_EMPTY:
            return UnboxError(_reason: .malformedJSON("the document has no JSON value"), byteOffset: length)
        case CSIMDJSON_UTF8_ERROR:
            return UnboxError(_reason: .malformedJSON("invalid UTF-8"), byteOffset: _firstInvalidUTF8Offset())
        default:
            return UnboxError(_reason: .malformedJSON(_message(code)), byteOffset: _firstStructuralProblemOffset())
        }
    }

    /// A malformed-JSON error met while reading values. Remembered, so that a caller that
    /// swallows it (`try?`) cannot turn a broken document into a model.
    @inline(never)
    @usableFromInline
    func _malformedError(_ code: csimdjson_error, offset: Int) -> UnboxError {
        let error = UnboxError(_reason: .malformedJSON(_message(code)), byteOffset: offset)
        _markBroken(error)
        return error
    }

    /// The error for a failed read of `value` as `expected`: a type mismatch, a number out of
    /// range, or malformed JSON when the value's own bytes are broken.
    @inline(never)
    @usableFromInline
    func _valueError(_ code: csimdjson_error, value: inout csimdjson_value, expected: JSONType, as name: String? = nil)
        -> UnboxError
    {
        let offset = _offset(of: &value)
        switch code {
        case CSIMDJSON_INCORRECT_TYPE:
            var type = csimdjson_type(rawValue: 0)
            guard csimdjson_value_get_type(&value, &type) == CSIMDJSON_SUCCESS, let found = JSONType(type) else {
                return _malformedError(CSIMDJSON_TAPE_ERROR, offset: offset)
            }
            // A value that starts like the expected type yet cannot be read as it is broken
            // (`tru`, `nul`), except numbers, which may just be of the wrong kind (1.5 for an Int).
            if found == expected && found != .number {
                return _malformedError(found == .bool ? CSIMDJSON_T_ATOM_ERROR : code, offset: offset)
            }
            return _mismatchError(expected: name ?? expected.description, found: found, value: &value, offset: offset)
        case CSIMDJSON_NUMBER_OUT_OF_RANGE:
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
    func _mismatchError(expected: String, found: JSONType, value: inout csimdjson_value, offset: Int) -> UnboxError {
        var code = CSIMDJSON_SUCCESS
        switch found {
        case .bool:
            var ignored = false
            code = csimdjson_value_get_bool(&value, &ignored)
        case .null:
            var isNull = false
            code = csimdjson_value_is_null(&value, &isNull)
            if code == CSIMDJSON_SUCCESS && !isNull { code = CSIMDJSON_N_ATOM_ERROR }
        case .number:
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            code = csimdjson_value_get_number_text(&value, &bytes, &count)
        case .string:
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            code = csimdjson_value_get_string(_parser.handle, &value, &bytes, &count)
        case .array, .object:
            break
        }
        if code != CSIMDJSON_SUCCESS { return _malformedError(code, offset: offset) }
        return UnboxError(_reason: .typeMismatch(expected: expected, found: found), byteOffset: offset)
    }

    /// The error for a failed lookup of a field, or a failed read of the field's value.
    @inline(never)
    @usableFromInline
    func _fieldError(_ code: csimdjson_error, value: inout csimdjson_value, expected: JSONType, as name: String? = nil)
        -> UnboxError
    {
        if code == CSIMDJSON_NO_SUCH_FIELD { return _missingKeyError() }
        return _valueError(code, value: &value, expected: expected, as: name)
    }

    @inline(never)
    @usableFromInline
    func _missingKeyError() -> UnboxError {
        UnboxError(_reason: .missingKey, byteOffset: _currentOffset())
    }

    @inline(never)
    @usableFromInline
    func _containerError(_ code: csimdjson_error) -> UnboxError {
        _malformedError(code, offset: _currentOffset())
    }

    @inline(never)
    @usableFromInline
    func _depthError() -> UnboxError {
        let error = UnboxError(
            reason: .depthLimitExceeded(limit: _state.pointee.maxDepth), byteOffset: _currentOffset())
        _markBroken(error)
        return error
    }

    /// Remembers the first error that breaks the document and retires every `Unboxer`: after a
    /// structural error simdjson's cursors must not be touched again.
    func _markBroken(_ error: UnboxError) {
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

    /// `error` with `component` in front of its path. Allocates nothing for the first component an
    /// error gets (see `UnboxError._last`).
    @inlinable
    func _prepending(_ component: UnboxPathComponent, to error: consuming UnboxError) -> UnboxError {
        error._prepend(component)
        return error
    }

    /// `error` with the first `trace.count` steps of `keyPath` in front of its path, turned into
    /// components only if the path is read.
    @inlinable
    func _prepending(keyPath: String, _ trace: _KeyPathTrace, to error: consuming UnboxError) -> UnboxError {
        guard trace.count > 0 else { return error }
        if error._keyPath == nil {
            error._keyPath = _PendingKeyPath(text: keyPath, trace: trace)
            return error
        }
        error.path = trace.components(of: keyPath) + error.path
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

    func _message(_ code: csimdjson_error) -> String {
        switch code {
        case CSIMDJSON_TRAILING_CONTENT: "unexpected content after the root value"
        case CSIMDJSON_INCOMPLETE_ARRAY_OR_OBJECT:
            "unbalanced brackets: the document ends inside an array or object, or has content after its root"
        case CSIMDJSON_TAPE_ERROR: "unexpected character (a missing comma, colon, bracket or value)"
        case CSIMDJSON_NUMBER_ERROR: "invalid number"
        case CSIMDJSON_STRING_ERROR: "invalid string (bad escape sequence)"
        case CSIMDJSON_UNCLOSED_STRING: "unclosed string"
        case CSIMDJSON_UNESCAPED_CHARS: "control character inside a string"
        case CSIMDJSON_T_ATOM_ERROR, CSIMDJSON_F_ATOM_ERROR: "invalid literal (expected true or false)"
        case CSIMDJSON_N_ATOM_ERROR: "invalid literal (expected null)"
        case CSIMDJSON_UTF8_ERROR: "invalid UTF-8"
        default: String(cString: csimdjson_error_message(code))
        }
    }

    /// Where the input stops being valid UTF-8 (stage 1 says only that it is not).
    func _firstInvalidUTF8Offset() -> Int? {
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
    func _firstStructuralProblemOffset() -> Int? {
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
