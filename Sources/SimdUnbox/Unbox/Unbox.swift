import Foundation

// The top-level entry points: decode a whole document, or the value at a key or key path in it,
// from `Data`, a `String` or any contiguous bytes. Each parses with full structural validation of
// what it reads and rejects anything but whitespace after the root value.

// MARK: - From Data

/// Decodes a model, an array of models (from a root array) or a dictionary of models (from a root
/// object) from JSON data.
///
/// ```swift
/// let user: User = try unbox(data: input)
/// let users: [User] = try unbox(data: input)          // root array
/// let usersByID: [String: User] = try unbox(data: input)
/// ```
///
/// - Parameters:
///   - data: The document.
///   - maximumDepth: The deepest nesting of arrays and objects accepted
///     (`defaultUnboxMaximumDepth`, 512, unless you say otherwise); deeper input throws
///     `depthLimitExceeded` before it can exhaust the stack.
/// - Returns: The decoded value.
/// - Throws: `UnboxError`: malformed JSON, or JSON that does not match the model, with the path
///   and byte offset of the problem.
@inlinable
public func unbox<T: UnboxCompatible>(data: Data, maximumDepth: Int = defaultUnboxMaximumDepth) throws -> T {
    try _withDocument(data: data, maxDepth: maximumDepth) { v, c in try T._unbox(from: &v, context: c) }
}

/// Decodes the value of the root object's field `atKey` from JSON data.
///
/// ```swift
/// let company: Company = try unbox(data: input, atKey: "company")
/// let openings: [JobOpening] = try unbox(data: input, atKey: "jobOpenings")
/// ```
@inlinable
public func unbox<T: UnboxCompatible>(data: Data, atKey key: String) throws -> T {
    try _withDocument(data: data, at: .key(key)) { v, c in try T._unbox(from: &v, context: c) }
}

/// Decodes the value at a key path (`"jobOpenings.0"`, or a JSON Pointer such as
/// `"/jobOpenings/0"`) from JSON data.
///
/// ```swift
/// let featured: JobOpening = try unbox(data: input, atKeyPath: "jobOpenings.0")
/// ```
@inlinable
public func unbox<T: UnboxCompatible>(data: Data, atKeyPath keyPath: String) throws -> T {
    try _withDocument(data: data, at: .keyPath(keyPath)) { v, c in try T._unbox(from: &v, context: c) }
}

/// Decodes a root array (or the array at `atKey` or `atKeyPath`) from JSON data, dropping the
/// elements that fail to decode when `allowInvalidElements` is true. Malformed JSON still throws.
///
/// ```swift
/// let users: [User] = try unbox(data: input, allowInvalidElements: true)
/// ```
@inlinable
public func unbox<T: UnboxCompatible>(
    data: Data, atKey key: String? = nil, atKeyPath keyPath: String? = nil, allowInvalidElements: Bool
) throws -> [T] {
    try _withDocument(data: data, at: _location(key: key, keyPath: keyPath)) { value, context in
        try context._array(from: &value, allowInvalidElements: allowInvalidElements) { (v) throws(UnboxError) in
            try T._unbox(from: &v, context: context)
        }
    }
}

/// Decodes an `UnboxableWithContext` model from JSON data, passing `context` to it.
///
/// ```swift
/// let post: Post = try unbox(data: input, context: author)
/// ```
@inlinable
public func unbox<T: UnboxableWithContext>(
    data: Data, atKey key: String? = nil, atKeyPath keyPath: String? = nil, context: T.UnboxContext
) throws -> T {
    try _withDocument(data: data, at: _location(key: key, keyPath: keyPath)) { v, c in
        try T._unbox(from: &v, context: c, with: context)
    }
}

/// Decodes an array of `UnboxableWithContext` models from JSON data, passing `context` to each.
///
/// ```swift
/// let posts: [Post] = try unbox(data: input, context: author)
/// ```
@inlinable
public func unbox<T: UnboxableWithContext>(
    data: Data, atKey key: String? = nil, atKeyPath keyPath: String? = nil, context: T.UnboxContext,
    allowInvalidElements: Bool = false
) throws -> [T] {
    try _withDocument(data: data, at: _location(key: key, keyPath: keyPath)) { value, decodingContext in
        try decodingContext._array(from: &value, allowInvalidElements: allowInvalidElements) { (v) throws(UnboxError) in
            try T._unbox(from: &v, context: decodingContext, with: context)
        }
    }
}

// MARK: - From String

/// Decodes a model, an array of models (from a root array) or a dictionary of models (from a root
/// object) from JSON text.
///
/// ```swift
/// let user: User = try unbox(string: input)
/// let users: [User] = try unbox(string: input)          // root array
/// let usersByID: [String: User] = try unbox(string: input)
/// ```
///
/// - Parameters:
///   - string: The document.
///   - maximumDepth: The deepest nesting of arrays and objects accepted
///     (`defaultUnboxMaximumDepth`, 512, unless you say otherwise); deeper input throws
///     `depthLimitExceeded` before it can exhaust the stack.
/// - Returns: The decoded value.
/// - Throws: `UnboxError`: malformed JSON, or JSON that does not match the model, with the path
///   and byte offset of the problem.
@inlinable
public func unbox<T: UnboxCompatible>(string: String, maximumDepth: Int = defaultUnboxMaximumDepth) throws -> T {
    try _withDocument(string: string, maxDepth: maximumDepth) { v, c in try T._unbox(from: &v, context: c) }
}

/// Decodes the value of the root object's field `atKey` from JSON text.
///
/// ```swift
/// let company: Company = try unbox(string: input, atKey: "company")
/// let openings: [JobOpening] = try unbox(string: input, atKey: "jobOpenings")
/// ```
@inlinable
public func unbox<T: UnboxCompatible>(string: String, atKey key: String) throws -> T {
    try _withDocument(string: string, at: .key(key)) { v, c in try T._unbox(from: &v, context: c) }
}

/// Decodes the value at a key path (`"jobOpenings.0"`, or a JSON Pointer such as
/// `"/jobOpenings/0"`) from JSON text.
///
/// ```swift
/// let featured: JobOpening = try unbox(string: input, atKeyPath: "jobOpenings.0")
/// ```
@inlinable
public func unbox<T: UnboxCompatible>(string: String, atKeyPath keyPath: String) throws -> T {
    try _withDocument(string: string, at: .keyPath(keyPath)) { v, c in try T._unbox(from: &v, context: c) }
}

/// Decodes a root array (or the array at `atKey` or `atKeyPath`) from JSON text, dropping the
/// elements that fail to decode when `allowInvalidElements` is true. Malformed JSON still throws.
///
/// ```swift
/// let users: [User] = try unbox(string: input, allowInvalidElements: true)
/// ```
@inlinable
public func unbox<T: UnboxCompatible>(
    string: String, atKey key: String? = nil, atKeyPath keyPath: String? = nil, allowInvalidElements: Bool
) throws -> [T] {
    try _withDocument(string: string, at: _location(key: key, keyPath: keyPath)) { value, context in
        try context._array(from: &value, allowInvalidElements: allowInvalidElements) { (v) throws(UnboxError) in
            try T._unbox(from: &v, context: context)
        }
    }
}

/// Decodes an `UnboxableWithContext` model from JSON text, passing `context` to it.
///
/// ```swift
/// let post: Post = try unbox(string: input, context: author)
/// ```
@inlinable
public func unbox<T: UnboxableWithContext>(
    string: String, atKey key: String? = nil, atKeyPath keyPath: String? = nil, context: T.UnboxContext
) throws -> T {
    try _withDocument(string: string, at: _location(key: key, keyPath: keyPath)) { v, c in
        try T._unbox(from: &v, context: c, with: context)
    }
}

/// Decodes an array of `UnboxableWithContext` models from JSON text, passing `context` to each.
///
/// ```swift
/// let posts: [Post] = try unbox(string: input, context: author)
/// ```
@inlinable
public func unbox<T: UnboxableWithContext>(
    string: String, atKey key: String? = nil, atKeyPath keyPath: String? = nil, context: T.UnboxContext,
    allowInvalidElements: Bool = false
) throws -> [T] {
    try _withDocument(string: string, at: _location(key: key, keyPath: keyPath)) { value, decodingContext in
        try decodingContext._array(from: &value, allowInvalidElements: allowInvalidElements) { (v) throws(UnboxError) in
            try T._unbox(from: &v, context: decodingContext, with: context)
        }
    }
}

// MARK: - From some ContiguousBytes

/// Decodes a model, an array of models (from a root array) or a dictionary of models (from a root
/// object) from JSON bytes (`[UInt8]`, `ContiguousArray<UInt8>`, `UnsafeRawBufferPointer`, ...).
///
/// ```swift
/// let user: User = try unbox(bytes: input)
/// let users: [User] = try unbox(bytes: input)          // root array
/// let usersByID: [String: User] = try unbox(bytes: input)
/// ```
///
/// - Parameters:
///   - bytes: The document.
///   - maximumDepth: The deepest nesting of arrays and objects accepted
///     (`defaultUnboxMaximumDepth`, 512, unless you say otherwise); deeper input throws
///     `depthLimitExceeded` before it can exhaust the stack.
/// - Returns: The decoded value.
/// - Throws: `UnboxError`: malformed JSON, or JSON that does not match the model, with the path
///   and byte offset of the problem.
@inlinable
public func unbox<T: UnboxCompatible>(bytes: some ContiguousBytes, maximumDepth: Int = defaultUnboxMaximumDepth) throws
    -> T
{
    try _withDocument(bytes: bytes, maxDepth: maximumDepth) { v, c in try T._unbox(from: &v, context: c) }
}

/// Decodes the value of the root object's field `atKey` from JSON bytes (`[UInt8]`, `ContiguousArray<UInt8>`, `UnsafeRawBufferPointer`, ...).
///
/// ```swift
/// let company: Company = try unbox(bytes: input, atKey: "company")
/// let openings: [JobOpening] = try unbox(bytes: input, atKey: "jobOpenings")
/// ```
@inlinable
public func unbox<T: UnboxCompatible>(bytes: some ContiguousBytes, atKey key: String) throws -> T {
    try _withDocument(bytes: bytes, at: .key(key)) { v, c in try T._unbox(from: &v, context: c) }
}

/// Decodes the value at a key path (`"jobOpenings.0"`, or a JSON Pointer such as
/// `"/jobOpenings/0"`) from JSON bytes (`[UInt8]`, `ContiguousArray<UInt8>`, `UnsafeRawBufferPointer`, ...).
///
/// ```swift
/// let featured: JobOpening = try unbox(bytes: input, atKeyPath: "jobOpenings.0")
/// ```
@inlinable
public func unbox<T: UnboxCompatible>(bytes: some ContiguousBytes, atKeyPath keyPath: String) throws -> T {
    try _withDocument(bytes: bytes, at: .keyPath(keyPath)) { v, c in try T._unbox(from: &v, context: c) }
}

/// Decodes a root array (or the array at `atKey` or `atKeyPath`) from JSON bytes (`[UInt8]`, `ContiguousArray<UInt8>`, `UnsafeRawBufferPointer`, ...), dropping the
/// elements that fail to decode when `allowInvalidElements` is true. Malformed JSON still throws.
///
/// ```swift
/// let users: [User] = try unbox(bytes: input, allowInvalidElements: true)
/// ```
@inlinable
public func unbox<T: UnboxCompatible>(
    bytes: some ContiguousBytes, atKey key: String? = nil, atKeyPath keyPath: String? = nil, allowInvalidElements: Bool
) throws -> [T] {
    try _withDocument(bytes: bytes, at: _location(key: key, keyPath: keyPath)) { value, context in
        try context._array(from: &value, allowInvalidElements: allowInvalidElements) { (v) throws(UnboxError) in
            try T._unbox(from: &v, context: context)
        }
    }
}

/// Decodes an `UnboxableWithContext` model from JSON bytes (`[UInt8]`, `ContiguousArray<UInt8>`, `UnsafeRawBufferPointer`, ...), passing `context` to it.
///
/// ```swift
/// let post: Post = try unbox(bytes: input, context: author)
/// ```
@inlinable
public func unbox<T: UnboxableWithContext>(
    bytes: some ContiguousBytes, atKey key: String? = nil, atKeyPath keyPath: String? = nil, context: T.UnboxContext
) throws -> T {
    try _withDocument(bytes: bytes, at: _location(key: key, keyPath: keyPath)) { v, c in
        try T._unbox(from: &v, context: c, with: context)
    }
}

/// Decodes an array of `UnboxableWithContext` models from JSON bytes (`[UInt8]`, `ContiguousArray<UInt8>`, `UnsafeRawBufferPointer`, ...), passing `context` to each.
///
/// ```swift
/// let posts: [Post] = try unbox(bytes: input, context: author)
/// ```
@inlinable
public func unbox<T: UnboxableWithContext>(
    bytes: some ContiguousBytes, atKey key: String? = nil, atKeyPath keyPath: String? = nil, context: T.UnboxContext,
    allowInvalidElements: Bool = false
) throws -> [T] {
    try _withDocument(bytes: bytes, at: _location(key: key, keyPath: keyPath)) { value, decodingContext in
        try decodingContext._array(from: &value, allowInvalidElements: allowInvalidElements) { (v) throws(UnboxError) in
            try T._unbox(from: &v, context: decodingContext, with: context)
        }
    }
}

@usableFromInline
func _location(key: String?, keyPath: String?) -> _Location {
    if let key { return .key(key) }
    if let keyPath { return .keyPath(keyPath) }
    return .root
}
