import Foundation

// The top-level entry points for `[String: Any]` input: what `JSONSerialization` or a networking
// library hands over. The dictionary is read where it lies, through `Unboxer`s over its objects
// (see `_DictionarySession`). Decoding the `Data` it was made from is faster: see `unbox(data:)`.

// MARK: - From a dictionary

/// Decodes a model (or a dictionary of models) from a `[String: Any]`.
///
/// ```swift
/// let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
/// let user: User = try unbox(dictionary: json)
/// let usersByID: [String: User] = try unbox(dictionary: json)
/// ```
///
/// Values are read as Unbox reads them (`NSNumber`s, numeric strings for numbers, Unbox's words
/// for booleans). A value JSON cannot hold (a `Date`, an object of another class, a dictionary
/// whose keys are not strings) is an `UnboxError` when a model reads it.
///
/// - Parameter dictionary: The object, as `JSONSerialization` returns it.
/// - Returns: The decoded value.
/// - Throws: `UnboxError` when the dictionary does not match the model, with the path of the
///   problem, or the model's own error.
public func unbox<T: UnboxCompatible>(dictionary: UnboxableDictionary) throws -> T {
    try _DecodingContext._withDictionaryInput { context in
        try T._unbox(any: dictionary, context: context, lossy: false)
    }
}

/// Decodes the value of the field `atKey` of a `[String: Any]`.
///
/// ```swift
/// let company: Company = try unbox(dictionary: json, atKey: "company")
/// ```
///
/// - Parameters:
///   - dictionary: The object.
///   - key: The field whose value to decode.
/// - Returns: The decoded value.
/// - Throws: `UnboxError` when the key is missing or its value does not match.
public func unbox<T: UnboxCompatible>(dictionary: UnboxableDictionary, atKey key: String) throws -> T {
    try _withDictionaryRoot(dictionary) { unboxer in try unboxer.unbox(key: key) as T }
}

/// Decodes the value at a key path (`"company.ceo"`, `"jobOpenings.0"`) of a `[String: Any]`.
///
/// ```swift
/// let featured: JobOpening = try unbox(dictionary: json, atKeyPath: "jobOpenings.0")
/// ```
///
/// - Parameters:
///   - dictionary: The object.
///   - keyPath: The path to the value.
/// - Returns: The decoded value.
/// - Throws: `UnboxError` when a step is missing or the value does not match.
public func unbox<T: UnboxCompatible>(dictionary: UnboxableDictionary, atKeyPath keyPath: String) throws -> T {
    try _withDictionaryRoot(dictionary) { unboxer in try unboxer.unbox(keyPath: keyPath) as T }
}

/// Decodes the array at `atKey` or `atKeyPath` of a `[String: Any]`, dropping the elements that
/// fail to decode when `allowInvalidElements` is true.
///
/// ```swift
/// let openings: [JobOpening] = try unbox(dictionary: json, atKey: "jobOpenings", allowInvalidElements: true)
/// ```
///
/// - Parameters:
///   - dictionary: The object.
///   - key: The field that holds the array.
///   - keyPath: The path to the array, when `key` is nil.
///   - allowInvalidElements: Whether to drop invalid elements.
/// - Returns: The elements that decoded.
/// - Throws: `UnboxError` when the array is missing, or an element fails and is not dropped.
public func unbox<T: UnboxCompatible>(
    dictionary: UnboxableDictionary, atKey key: String? = nil, atKeyPath keyPath: String? = nil,
    allowInvalidElements: Bool
) throws -> [T] {
    try _withDictionaryRoot(dictionary) { unboxer in
        if let key { return try unboxer.unbox(key: key, allowInvalidElements: allowInvalidElements) }
        return try unboxer.unbox(keyPath: keyPath ?? "", allowInvalidElements: allowInvalidElements)
    }
}

/// Decodes an array of `[String: Any]`s, dropping the ones that fail to decode when
/// `allowInvalidElements` is true.
///
/// ```swift
/// let json = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
/// let users: [User] = try unbox(dictionaries: json, allowInvalidElements: true)
/// ```
///
/// - Parameters:
///   - dictionaries: The objects.
///   - allowInvalidElements: Whether to drop the objects that fail to decode.
/// - Returns: The decoded models.
/// - Throws: `UnboxError` with the index of the first object that fails (and is not dropped).
public func unbox<T: UnboxCompatible>(dictionaries: [UnboxableDictionary], allowInvalidElements: Bool = false)
    throws -> [T]
{
    try _DecodingContext._withDictionaryInput { context in
        try [T]._unbox(any: dictionaries, context: context, lossy: allowInvalidElements)
    }
}

/// Decodes an `UnboxableWithContext` model from a `[String: Any]` (or from the object at `atKey`
/// or `atKeyPath` in it), passing `context` to it.
///
/// ```swift
/// let post: Post = try unbox(dictionary: json, context: author)
/// ```
///
/// - Parameters:
///   - dictionary: The object.
///   - key: The field that holds the model's object, if not the dictionary itself.
///   - keyPath: The path to the model's object, when `key` is nil.
///   - context: The value passed to the model.
/// - Returns: The decoded model.
/// - Throws: `UnboxError` when the dictionary does not match the model, or the model's own error.
public func unbox<T: UnboxableWithContext>(
    dictionary: UnboxableDictionary, atKey key: String? = nil, atKeyPath keyPath: String? = nil,
    context: T.UnboxContext
) throws -> T {
    if key == nil && keyPath == nil {
        return try _DecodingContext._withDictionaryInput { decodingContext in
            try T._unbox(any: dictionary, context: decodingContext, with: context)
        }
    }
    return try _withDictionaryRoot(dictionary) { unboxer in
        if let key { return try unboxer.unbox(key: key, context: context) as T }
        return try unboxer.unbox(keyPath: keyPath ?? "", context: context) as T
    }
}

/// Decodes an array of `UnboxableWithContext` models from `[String: Any]`s, passing `context` to
/// each.
///
/// ```swift
/// let comments: [Comment] = try unbox(dictionaries: json, context: post)
/// ```
///
/// - Parameters:
///   - dictionaries: The objects.
///   - context: The value passed to each model.
///   - allowInvalidElements: Whether to drop the objects that fail to decode.
/// - Returns: The decoded models.
/// - Throws: `UnboxError` with the index of the first object that fails (and is not dropped).
public func unbox<T: UnboxableWithContext>(
    dictionaries: [UnboxableDictionary], context: T.UnboxContext, allowInvalidElements: Bool = false
) throws -> [T] {
    try _DecodingContext._withDictionaryInput { decodingContext in
        try decodingContext._array(any: dictionaries, lossy: allowInvalidElements) { (element) throws(UnboxError) in
            try T._unbox(any: element, context: decodingContext, with: context)
        }
    }
}

/// Decodes the array of `UnboxableWithContext` models at `atKey` or `atKeyPath` of a
/// `[String: Any]`, passing `context` to each.
///
/// ```swift
/// let comments: [Comment] = try unbox(dictionary: json, atKey: "comments", context: post)
/// ```
///
/// - Parameters:
///   - dictionary: The object.
///   - key: The field that holds the array.
///   - keyPath: The path to the array, when `key` is nil.
///   - context: The value passed to each model.
///   - allowInvalidElements: Whether to drop the elements that fail to decode.
/// - Returns: The decoded models.
/// - Throws: `UnboxError` when the array is missing, or an element fails and is not dropped.
public func unbox<T: UnboxableWithContext>(
    dictionary: UnboxableDictionary, atKey key: String? = nil, atKeyPath keyPath: String? = nil,
    context: T.UnboxContext, allowInvalidElements: Bool = false
) throws -> [T] {
    try _withDictionaryRoot(dictionary) { unboxer in
        if let key {
            return try unboxer.unbox(key: key, context: context, allowInvalidElements: allowInvalidElements)
        }
        return try unboxer.unbox(keyPath: keyPath ?? "", context: context, allowInvalidElements: allowInvalidElements)
    }
}

/// Runs `body` with an `Unboxer` over `dictionary`.
func _withDictionaryRoot<R>(_ dictionary: UnboxableDictionary, _ body: (Unboxer) throws -> R) throws -> R {
    try _DecodingContext._withDictionaryInput { context in
        try context._withUnboxer(dictionary: dictionary, body)
    }
}

extension Unboxer {
    /// Decodes a `[String: Any]` with your own closure, for models that cannot conform to
    /// `Unboxable`.
    ///
    /// ```swift
    /// let model: Model = try Unboxer.performCustomUnboxing(dictionary: json) { unboxer in
    ///     var model = Model(dependency: dependency)
    ///     model.name = try? unboxer.unbox(key: "name")
    ///     return model
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - dictionary: The object.
    ///   - closure: Reads the object through the `Unboxer` it is given, which is valid only while
    ///     the closure runs. Returning `nil` fails the decode.
    /// - Returns: What the closure returned.
    /// - Throws: `UnboxError` (`.custom` when the closure returns `nil`) or the closure's error.
    public static func performCustomUnboxing<T>(dictionary: UnboxableDictionary, closure: (Unboxer) throws -> T?)
        throws -> T
    {
        guard let result = try _withDictionaryRoot(dictionary, closure) else {
            throw UnboxError(reason: .custom("the custom unboxing closure returned nil"))
        }
        return result
    }

    /// Decodes each `[String: Any]` of an array with your own closure, dropping the ones that fail
    /// (the closure throws or returns `nil`) when `allowInvalidElements` is true.
    ///
    /// ```swift
    /// let shapes: [Any] = try Unboxer.performCustomUnboxing(array: json) { unboxer in
    ///     switch try unboxer.unbox(key: "type") as String {
    ///     case "circle": return try Circle(radius: unboxer.unbox(key: "radius"))
    ///     default: return nil
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - array: The objects.
    ///   - allowInvalidElements: Whether to drop the objects that fail.
    ///   - closure: Reads one object; the `Unboxer` is valid only while the closure runs.
    /// - Returns: What the closure returned for each object.
    /// - Throws: `UnboxError` with the index of the first object that fails (and is not dropped),
    ///   or the closure's error.
    public static func performCustomUnboxing<T>(
        array: [UnboxableDictionary], allowInvalidElements: Bool = false, closure: (Unboxer) throws -> T?
    ) throws -> [T] {
        try _DecodingContext._withDictionaryInput { context in
            var results: [T] = []
            results.reserveCapacity(array.count)
            for (index, dictionary) in array.enumerated() {
                do throws(UnboxError) {
                    guard let result = try context._withUnboxer(dictionary: dictionary, closure) else {
                        throw UnboxError(reason: .custom("the custom unboxing closure returned nil"))
                    }
                    results.append(result)
                } catch {
                    if !allowInvalidElements { throw context._prepending(.index(index), to: error) }
                }
            }
            return results
        }
    }
}
