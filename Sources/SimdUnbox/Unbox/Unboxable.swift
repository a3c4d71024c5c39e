/// A model that decodes itself from a JSON object through an `Unboxer`.
///
/// ```swift
/// struct User: Unboxable {
///     let name: String
///     let age: Int
///     let website: URL?
///
///     init(unboxer: Unboxer) throws(UnboxError) {
///         name = try unboxer.unbox(key: "name")
///         age = try unboxer.unbox(key: "age")
///         website = try? unboxer.unbox(key: "website")
///     }
/// }
///
/// let user: User = try unbox(data: data)
/// let users: [User] = try unbox(data: arrayData)
/// ```
///
/// Values are read from the input the moment you ask for them: there is no intermediate
/// dictionary. Asking for fields in the order the JSON has them is fastest; any order works.
///
/// - Warning: The `Unboxer` is valid only while `init(unboxer:)` runs. Do not store it or let a
///   closure keep it: used later, every call on it throws `UnboxError.Reason.misuse`.
public protocol Unboxable: UnboxCompatible {
    /// Decodes the model from the JSON object `unboxer` reads.
    ///
    /// - Parameter unboxer: Reads the object's fields. Valid only during this call.
    /// - Throws: `UnboxError` when a field is missing or of the wrong type, or any error of yours.
    init(unboxer: Unboxer) throws
}

extension Unboxable {
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Self {
        let object = try context._object(from: &value)
        return try context._withUnboxer(object) { try Self(unboxer: $0) }
    }

    /// Decodes the model from a `[String: Any]` through an `Unboxer` over it.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError) -> Self {
        let kind = _AnyValue(value)
        guard case .object(let object) = kind else { throw kind.mismatch(expected: JSONType.object.description) }
        return try context._withUnboxer(dictionary: object) { try Self(unboxer: $0) }
    }
}

/// A model that needs a value from outside the JSON to decode itself: a dependency, a parent
/// object, a configuration.
///
/// ```swift
/// struct Comment: UnboxableWithContext {
///     let text: String
///     let post: Post
///
///     init(unboxer: Unboxer, context: Post) throws(UnboxError) {
///         text = try unboxer.unbox(key: "text")
///         post = context
///     }
/// }
///
/// let comments: [Comment] = try unboxer.unbox(key: "comments", context: post)
/// let comment: Comment = try unbox(data: data, context: post)
/// ```
public protocol UnboxableWithContext {
    /// The type of the value passed to `init(unboxer:context:)`.
    associatedtype UnboxContext

    /// Decodes the model from the JSON object `unboxer` reads, with `context`.
    ///
    /// - Parameters:
    ///   - unboxer: Reads the object's fields. Valid only during this call.
    ///   - context: The value the caller passed along.
    init(unboxer: Unboxer, context: UnboxContext) throws
}

extension UnboxableWithContext {
    @inlinable
    static func _unbox(from value: inout _JSONCursor, context: _DecodingContext, with unboxContext: UnboxContext)
        throws(UnboxError) -> Self
    {
        let object = try context._object(from: &value)
        return try context._withUnboxer(object) { try Self(unboxer: $0, context: unboxContext) }
    }

    @inlinable
    static func _unbox(any value: Any, context: _DecodingContext, with unboxContext: UnboxContext)
        throws(UnboxError) -> Self
    {
        let kind = _AnyValue(value)
        guard case .object(let object) = kind else { throw kind.mismatch(expected: JSONType.object.description) }
        return try context._withUnboxer(dictionary: object) { try Self(unboxer: $0, context: unboxContext) }
    }
}
