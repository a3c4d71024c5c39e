import CSimdJSON

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
    func _navigate(_ keyPath: _KeyPath, from object: inout csimdjson_object, into value: inout csimdjson_value)
        throws -> [UnboxPathComponent]
    {
        guard let first = keyPath.segments.first else {
            throw _misuseError("an empty key path names no field of an object")
        }
        do {
            try _withUTF8(first) { try _field($0, in: &object, into: &value) }
        } catch {
            throw _prepending(.key(first), to: error)
        }
        return try _navigate(keyPath.segments.dropFirst(), passed: [.key(first)], value: &value)
    }

    /// Follows `segments` from `value`, leaving the target in `value`.
    @usableFromInline
    func _navigate(_ segments: ArraySlice<String>, passed: [UnboxPathComponent] = [], value: inout csimdjson_value)
        throws -> [UnboxPathComponent]
    {
        var passed = passed
        func fail(_ error: any Error) -> any Error {
            guard var error = error as? UnboxError else { return error }
            error.path = passed + error.path
            return error
        }
        for segment in segments {
            do {
                switch try _type(of: &value) {
                case .object:
                    var object = try _object(from: &value)
                    passed.append(.key(segment))
                    try _withUTF8(segment) { try _field($0, in: &object, into: &value) }
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
                        expected: "an object or array", found: found, value: &value, offset: _offset(of: &value))
                }
            } catch {
                throw fail(error)
            }
        }
        return passed
    }
}
