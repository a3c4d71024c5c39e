// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

extension CodableKeyedContainer {
    // MARK: Scalars, with fused lookups

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        guard _fastPath(claimed()) else { return try revived { try decode(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            guard let code = snakeCaseLookup(key, .bool, &scalar, &value) else { return scalar.bool }
            return try readFound(code, key, Bool.self, &value) { v throws(ReadFailure) in try decoder.readBool(&v) }
        }
        var object = self.object
        var value = _JSONCursor()
        var result = false
        let code = withKeyBytes(key) {
            object.findBool($0.base, $0.length, plain: $0.plain, &result, &value)
        }
        guard _fastPath(code == .success) else {
            // Missing as written: `readField` looks again for an escaped key.
            if code == .noSuchField {
                return try readField(key, Bool.self, missed: true) { v throws(ReadFailure) in
                    try decoder.readBool(&v)
                }
            }
            throw boolError(code, &value, key)
        }
        return result
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard _fastPath(claimed()) else { return try revived { try decodeIfPresent(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            guard let code = snakeCaseLookup(key, .bool, &scalar, &value) else { return scalar.bool }
            return try readFoundIfPresent(code, key, Bool.self, &value) { v throws(ReadFailure) in
                try decoder.readBool(&v)
            }
        }
        var object = self.object
        var value = _JSONCursor()
        var result = false
        let code = withKeyBytes(key) {
            object.findBool($0.base, $0.length, plain: $0.plain, &result, &value)
        }
        if _fastPath(code == .success) { return result }
        if code == .noSuchField {
            return try readFieldIfPresent(key, Bool.self, missed: true) { v throws(ReadFailure) in
                try decoder.readBool(&v)
            }
        }
        if isAbsent(code, &value) { return nil }
        throw boolError(code, &value, key)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        guard _fastPath(claimed()) else { return try revived { try decode(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            guard let code = snakeCaseLookup(key, .string, &scalar, &value) else {
                return _Parser.string(scalar.bytes, scalar.count) { decoder.context._parser.strings }
            }
            return try readFound(code, key, String.self, &value) { v throws(ReadFailure) in
                try decoder.readString(&v)
            }
        }
        var object = self.object
        var value = _JSONCursor()
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = withKeyBytes(key) {
            object.findString(
                decoder.context._parser.handle, $0.base, $0.length, plain: $0.plain, &bytes, &count, &value)
        }
        guard _fastPath(code == .success) else {
            if code == .noSuchField {
                return try readField(key, String.self, missed: true) { v throws(ReadFailure) in
                    try decoder.readString(&v)
                }
            }
            throw fusedError(code, &value, key, type: String.self, expected: .string)
        }
        return _Parser.string(bytes, count) { decoder.context._parser.strings }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard _fastPath(claimed()) else { return try revived { try decodeIfPresent(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            guard let code = snakeCaseLookup(key, .string, &scalar, &value) else {
                return _Parser.string(scalar.bytes, scalar.count) { decoder.context._parser.strings }
            }
            return try readFoundIfPresent(code, key, String.self, &value) { v throws(ReadFailure) in
                try decoder.readString(&v)
            }
        }
        var object = self.object
        var value = _JSONCursor()
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        let code = withKeyBytes(key) {
            object.findString(
                decoder.context._parser.handle, $0.base, $0.length, plain: $0.plain, &bytes, &count, &value)
        }
        if _fastPath(code == .success) {
            return _Parser.string(bytes, count) { decoder.context._parser.strings }
        }
        if code == .noSuchField {
            return try readFieldIfPresent(key, String.self, missed: true) { v throws(ReadFailure) in
                try decoder.readString(&v)
            }
        }
        if isAbsent(code, &value) { return nil }
        throw fusedError(code, &value, key, type: String.self, expected: .string)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        guard _fastPath(claimed()) else { return try revived { try decode(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            let code = snakeCaseLookup(key, .double, &scalar, &value)
            // A zero is read again by `readDouble`, which checks that it is written as one.
            if _fastPath(code == nil && scalar.double != 0) { return scalar.double }
            return try readFound(code ?? .success, key, Double.self, &value) { v throws(ReadFailure) in
                try decoder.readDouble(&v)
            }
        }
        var object = self.object
        var value = _JSONCursor()
        var result = 0.0
        let code = withKeyBytes(key) {
            object.findDouble($0.base, $0.length, plain: $0.plain, &result, &value)
        }
        if _fastPath(code == .success && result != 0) { return result }
        return try doubleSlowPath(code, result, &value, key)
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard _fastPath(claimed()) else { return try revived { try decodeIfPresent(type, forKey: key) } }
        if _slowPath(convertsSnakeCase) {
            var scalar = _FieldScalar()
            var value = _JSONCursor()
            let code = snakeCaseLookup(key, .double, &scalar, &value)
            if _fastPath(code == nil && scalar.double != 0) { return scalar.double }
            return try readFoundIfPresent(code ?? .success, key, Double.self, &value) { v throws(ReadFailure) in
                try decoder.readDouble(&v)
            }
        }
        var object = self.object
        var value = _JSONCursor()
        var result = 0.0
        let code = withKeyBytes(key) {
            object.findDouble($0.base, $0.length, plain: $0.plain, &result, &value)
        }
        if _fastPath(code == .success && result != 0) { return result }
        if code == .noSuchField {
            return try readFieldIfPresent(key, Double.self, missed: true) { v throws(ReadFailure) in
                try decoder.readDouble(&v)
            }
        }
        if code != .success && isAbsent(code, &value) { return nil }
        return try doubleSlowPath(code, result, &value, key)
    }

    @inline(never)
    func doubleSlowPath(_ code: _SimdJSONError, _ result: Double, _ value: inout _JSONCursor, _ key: Key)
        throws -> Double
    {
        if code == .noSuchField {
            return try readField(key, Double.self, missed: true) { v throws(ReadFailure) in
                try decoder.readDouble(&v)
            }
        }
        // A zero (`.success`) comes back with its value, as any failure does, to check that it is
        // written as one.
        if !value.isSet { throw decoder.context._containerError(code) }
        do {
            return try decoder.doubleSlowPath(code, result, &value)
        } catch {
            throw decoder.failureError(error, type: Double.self, level: level, component: pathComponent(key))
        }
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        guard _fastPath(claimed()) else { return try revived { try decode(type, forKey: key) } }
        return try readField(key, Float.self) { v throws(ReadFailure) in try decoder.readFloat(&v) }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard _fastPath(claimed()) else { return try revived { try decodeIfPresent(type, forKey: key) } }
        return try readFieldIfPresent(key, Float.self) { v throws(ReadFailure) in try decoder.readFloat(&v) }
    }

    /// Finds `key` and reads its value with `read`. `missed`: a fused lookup already missed the key
    /// as written (only the second, unescaping look is left).
    @inline(__always)
    func readField<T>(
        _ key: Key, _ type: T.Type, missed: Bool = false, _ read: (inout _JSONCursor) throws(ReadFailure) -> T
    ) throws -> T {
        var value = _JSONCursor()
        let code = missed ? findEscaped(key, into: &value) : find(key, into: &value)
        return try readFound(code, key, T.self, &value, read)
    }

    /// Finds `key` and reads its value with `read`, or returns nil if it is missing or `null`.
    /// `missed`: as in `readField`.
    @inline(__always)
    func readFieldIfPresent<T>(
        _ key: Key, _ type: T.Type, missed: Bool = false, _ read: (inout _JSONCursor) throws(ReadFailure) -> T
    ) throws -> T? {
        var value = _JSONCursor()
        let code = missed ? findEscaped(key, into: &value) : find(key, into: &value)
        return try readFoundIfPresent(code, key, T.self, &value, read)
    }

    /// Looks `key` up under `convertFromSnakeCase`. When the walk over the object finds the key's
    /// field next, the shim reads its value as `kind` into `scalar` in the same call, and the
    /// result is nil. Otherwise it is the lookup's: `.success` with the value in `value`, to be
    /// read as a field found by `find` is (a value that `kind` could not read is left there too),
    /// `.noSuchField`, or malformed JSON.
    @inline(__always)
    func snakeCaseLookup(_ key: Key, _ kind: _FieldRead, _ scalar: inout _FieldScalar, _ value: inout _JSONCursor)
        -> _SimdJSONError?
    {
        switch readNext(key, kind, &scalar, &value) {
        case .read(let code): return _fastPath(code == .success) ? nil : .success
        case .found(let code): return code
        }
    }

    /// Reads the field that a lookup found (`code`, the lookup's result; `value`, the field's
    /// value): `readField`'s and `snakeCaseLookup`'s callers' second half.
    @inline(__always)
    func readFound<T>(
        _ code: _SimdJSONError, _ key: Key, _ type: T.Type, _ value: inout _JSONCursor,
        _ read: (inout _JSONCursor) throws(ReadFailure) -> T
    ) throws -> T {
        guard _fastPath(code == .success) else { throw lookupError(code, key) }
        do {
            return try read(&value)
        } catch {
            throw decoder.failureError(error, type: T.self, level: level, component: pathComponent(key))
        }
    }

    /// Reads the field that a lookup found (`code`), or returns nil if it is missing or `null`:
    /// `readFieldIfPresent`'s and `snakeCaseLookup`'s callers' second half.
    @inline(__always)
    func readFoundIfPresent<T>(
        _ code: _SimdJSONError, _ key: Key, _ type: T.Type, _ value: inout _JSONCursor,
        _ read: (inout _JSONCursor) throws(ReadFailure) -> T
    ) throws -> T? {
        if code == .noSuchField { return nil }
        guard code == .success else { throw decoder.context._containerError(code) }
        var isNull = false
        if value.isNull(&isNull) == .success && isNull { return nil }
        do {
            return try read(&value)
        } catch {
            throw decoder.failureError(error, type: T.self, level: level, component: pathComponent(key))
        }
    }

    /// `require` under `convertFromSnakeCase`, for a value its caller reads: the walk moves to the
    /// next field in one call when its key is the expected one. (Out of line: inlined into
    /// `decode(_:forKey:)`, it cost the default keys 0.8% on citm_catalog.json.)
    @inline(never)
    func requireNext(_ key: Key, into value: inout _JSONCursor) throws {
        var scalar = _FieldScalar()
        let code: _SimdJSONError
        switch readNext(key, .nothing, &scalar, &value) {
        case .read(let read), .found(let read): code = read
        }
        guard _fastPath(code == .success) else { throw lookupError(code, key) }
    }

    /// `SnakeCaseKeys.readNext` for `key`.
    @inline(__always)
    func readNext(_ key: Key, _ kind: _FieldRead, _ scalar: inout _FieldScalar, _ value: inout _JSONCursor)
        -> SnakeCaseKeys.NextRead
    {
        let snakeCaseKeys = state._withUnsafeGuaranteedRef({ $0.snakeCaseKeys }).unsafelyUnwrapped
        return snakeCaseKeys._withUnsafeGuaranteedRef { keys in
            let name = nameNumber(key, keys)
            return state._withUnsafeGuaranteedRef { state in
                keys.readNext(
                    name, in: &state.object, level: state.level, token: state.token, as: kind, into: &scalar,
                    value: &value)
            }
        }
    }

    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_: T.Type, forKey key: Key) throws -> T {
        guard _fastPath(claimed()) else { return try revived { try decodeInteger(T.self, forKey: key) } }
        if T.bitWidth > 64 || convertsSnakeCase {
            if T.bitWidth <= 64 {
                var scalar = _FieldScalar()
                var value = _JSONCursor()
                let code = snakeCaseLookup(key, T.isSigned ? .int64 : .uint64, &scalar, &value)
                if _fastPath(code == nil), let exact: T = Self.integer(scalar) { return exact }
                return try readFound(code ?? .success, key, T.self, &value) { v throws(ReadFailure) in
                    try decoder.readInteger(T.self, &v)
                }
            }
            return try readField(key, T.self) { v throws(ReadFailure) in try decoder.readInteger(T.self, &v) }
        }
        // The two reads spelled out rather than through `findInteger`: with it, the compiler stops
        // inlining `snakeCaseLookup` above (callgrind, instructions per decode, 1 MB of orders with
        // snake_case keys: 52.58M spelled out, 52.75M through it; citm_catalog.json 38.11M and
        // 37.55M).
        var object = self.object
        var value = _JSONCursor()
        if T.isSigned {
            var result: Int64 = 0
            let code = withKeyBytes(key) {
                object.findInt64($0.base, $0.length, plain: $0.plain, &result, &value)
            }
            if _fastPath(code == .success), let exact = T(exactly: result) { return exact }
            return try integerSlowPath(T.self, code, UInt64(bitPattern: result), &value, key)
        } else {
            var result: UInt64 = 0
            let code = withKeyBytes(key) {
                object.findUInt64($0.base, $0.length, plain: $0.plain, &result, &value)
            }
            if _fastPath(code == .success), let exact = T(exactly: result) { return exact }
            return try integerSlowPath(T.self, code, result, &value, key)
        }
    }

    @inline(__always)
    func decodeIntegerIfPresent<T: FixedWidthInteger>(_: T.Type, forKey key: Key) throws -> T? {
        guard _fastPath(claimed()) else { return try revived { try decodeIntegerIfPresent(T.self, forKey: key) } }
        if T.bitWidth > 64 || convertsSnakeCase {
            if T.bitWidth <= 64 {
                var scalar = _FieldScalar()
                var value = _JSONCursor()
                let code = snakeCaseLookup(key, T.isSigned ? .int64 : .uint64, &scalar, &value)
                if _fastPath(code == nil), let exact: T = Self.integer(scalar) { return exact }
                return try readFoundIfPresent(code ?? .success, key, T.self, &value) { v throws(ReadFailure) in
                    try decoder.readInteger(T.self, &v)
                }
            }
            return try readFieldIfPresent(key, T.self) { v throws(ReadFailure) in try decoder.readInteger(T.self, &v)
            }
        }
        var value = _JSONCursor()
        var bits: UInt64 = 0
        let code = findInteger(T.self, key, &bits, &value)
        if _fastPath(code == .success), let exact: T = Self.integer(bits) { return exact }
        if code == .noSuchField {
            return try readFieldIfPresent(key, T.self, missed: true) { v throws(ReadFailure) in
                try decoder.readInteger(T.self, &v)
            }
        }
        if code != .success && isAbsent(code, &value) { return nil }
        return try integerSlowPath(T.self, code, bits, &value, key)
    }

    /// Finds `key` and reads its value as a 64-bit integer of `T`'s signedness, in one call to the
    /// shim, into `bits` as its bit pattern (`integer(_:)` makes the `T`).
    @inline(__always)
    func findInteger<T: FixedWidthInteger>(
        _: T.Type, _ key: Key, _ bits: inout UInt64, _ value: inout _JSONCursor
    ) -> _SimdJSONError {
        var object = self.object
        if T.isSigned {
            var result: Int64 = 0
            defer { bits = UInt64(bitPattern: result) }
            return withKeyBytes(key) { object.findInt64($0.base, $0.length, plain: $0.plain, &result, &value) }
        }
        return withKeyBytes(key) { object.findUInt64($0.base, $0.length, plain: $0.plain, &bits, &value) }
    }

    /// The integer `findInteger` read (its bit pattern), if `T` holds it.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_ bits: UInt64) -> T? {
        T.isSigned ? T(exactly: Int64(bitPattern: bits)) : T(exactly: bits)
    }

    /// The integer a snake_case read made (`snakeCaseLookup`), if `T` holds it.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_ scalar: _FieldScalar) -> T? {
        T.isSigned ? T(exactly: scalar.int64) : T(exactly: scalar.uint64)
    }

    /// An integer read that did not give a `T`: a missing key, a value out of `T`'s range (`bits`,
    /// as `findInteger` read it), or a value that is not a 64-bit integer.
    @inline(never)
    func integerSlowPath<T: FixedWidthInteger>(
        _: T.Type, _ code: _SimdJSONError, _ bits: UInt64, _ value: inout _JSONCursor, _ key: Key
    ) throws -> T {
        if code == .noSuchField {
            return try readField(key, T.self, missed: true) { v throws(ReadFailure) in
                try decoder.readInteger(T.self, &v)
            }
        }
        if code == .success {
            // Read, but out of range for T.
            let text = T.isSigned ? String(Int64(bitPattern: bits)) : String(bits)
            throw decoder.failureError(
                .notRepresentable(text, offset: decoder.context._currentOffset()), type: T.self, level: level,
                component: pathComponent(key))
        }
        guard value.isSet else { throw decoder.context._containerError(code) }
        do {
            return try decoder.integerSlowPath(T.self, code, &value)
        } catch {
            throw decoder.failureError(error, type: T.self, level: level, component: pathComponent(key))
        }
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeInteger(Int.self, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeInteger(Int8.self, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeInteger(Int16.self, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeInteger(Int32.self, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeInteger(Int64.self, forKey: key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeInteger(Int128.self, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeInteger(UInt.self, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeInteger(UInt8.self, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeInteger(UInt16.self, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeInteger(UInt32.self, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeInteger(UInt64.self, forKey: key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        try decodeInteger(UInt128.self, forKey: key)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try decodeIntegerIfPresent(Int.self, forKey: key)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try decodeIntegerIfPresent(Int8.self, forKey: key)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try decodeIntegerIfPresent(Int16.self, forKey: key)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try decodeIntegerIfPresent(Int32.self, forKey: key)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try decodeIntegerIfPresent(Int64.self, forKey: key)
    }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try decodeIntegerIfPresent(Int128.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try decodeIntegerIfPresent(UInt.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try decodeIntegerIfPresent(UInt8.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try decodeIntegerIfPresent(UInt16.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try decodeIntegerIfPresent(UInt32.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try decodeIntegerIfPresent(UInt64.self, forKey: key)
    }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try decodeIntegerIfPresent(UInt128.self, forKey: key)
    }
}
