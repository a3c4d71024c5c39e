import Foundation

extension Unboxer {
    /// Decodes the root object of `data` with your own closure, for models that cannot conform to
    /// `Unboxable` (injected dependencies, Core Data objects, values from several sources).
    ///
    /// ```swift
    /// let model: Model = try Unboxer.performCustomUnboxing(data: data) { unboxer in
    ///     var model = Model(dependency: dependency)
    ///     model.name = try? unboxer.unbox(key: "name")
    ///     model.count = try? unboxer.unbox(key: "count")
    ///     return model
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - data: A JSON document whose root is an object.
    ///   - closure: Reads the object through the `Unboxer` it is given, which is valid only while
    ///     the closure runs. Returning `nil` fails the decode.
    /// - Returns: What the closure returned.
    /// - Throws: `UnboxError` (`.custom` when the closure returns `nil`) or the closure's error.
    public static func performCustomUnboxing<T>(data: Data, closure: (Unboxer) throws -> T?) throws -> T {
        try _withDocument(data: data) { v, c in try customUnboxing(from: &v, context: c, closure) }
    }

    /// Decodes the root object of a JSON string with your own closure. See
    /// `performCustomUnboxing(data:closure:)`.
    public static func performCustomUnboxing<T>(string: String, closure: (Unboxer) throws -> T?) throws -> T {
        try _withDocument(string: string) { v, c in try customUnboxing(from: &v, context: c, closure) }
    }

    /// Decodes the root object of JSON bytes with your own closure. See
    /// `performCustomUnboxing(data:closure:)`.
    public static func performCustomUnboxing<T>(bytes: some ContiguousBytes, closure: (Unboxer) throws -> T?) throws
        -> T
    {
        try _withDocument(bytes: bytes) { v, c in try customUnboxing(from: &v, context: c, closure) }
    }

    private static func customUnboxing<T>(
        from value: inout _JSONCursor, context: _DecodingContext, _ closure: (Unboxer) throws -> T?
    ) throws(UnboxError) -> T {
        let object = try context._object(from: &value)
        guard let result = try context._withUnboxer(object, closure) else {
            throw UnboxError(reason: .custom("the custom unboxing closure returned nil"))
        }
        return result
    }
}
