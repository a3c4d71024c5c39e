import Foundation

/// A JSON object as `JSONSerialization` returns it.
public typealias JSONObject = [String: Any]

/// A model that can be built from `JSONSerialization`'s output, the way Unbox, Argo and hand-written
/// mappers did: look each key up in a `[String: Any]` and cast the value with `as?`.
public protocol JSONMappable {
    /// Builds the model from one JSON object.
    ///
    /// - Throws: ``MappingError`` when a key is missing or holds a value of another type.
    init(json: JSONObject) throws
}

/// Why mapping a `[String: Any]` into a model failed.
public struct MappingError: Error, CustomStringConvertible {
    /// The key that was looked up.
    public var key: String
    /// What went wrong with it.
    public var reason: String

    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    public var description: String { "\(key): \(reason)" }
}

extension Dictionary where Key == String, Value == Any {
    /// The value at `key`, cast to `T`; throws if it is missing, `null` or of another type.
    @inlinable
    public func value<T>(_ key: String, as type: T.Type = T.self) throws -> T {
        guard let raw = self[key] else { throw MappingError(key: key, reason: "missing") }
        guard let value = raw as? T else { throw Self.mismatch(key, raw, T.self) }
        return value
    }

    /// The value at `key`, cast to `T`, or `nil` if it is missing or `null`; throws if it has another type.
    @inlinable
    public func valueIfPresent<T>(_ key: String, as type: T.Type = T.self) throws -> T? {
        guard let raw = self[key], !(raw is NSNull) else { return nil }
        guard let value = raw as? T else { throw Self.mismatch(key, raw, T.self) }
        return value
    }

    /// The nested object at `key`, mapped into `T`.
    @inlinable
    public func model<T: JSONMappable>(_ key: String, as type: T.Type = T.self) throws -> T {
        try T(json: value(key, as: JSONObject.self))
    }

    /// The nested object at `key` mapped into `T`, or `nil` if it is missing or `null`.
    @inlinable
    public func modelIfPresent<T: JSONMappable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        try valueIfPresent(key, as: JSONObject.self).map(T.init(json:))
    }

    /// The array of objects at `key`, each mapped into `T`.
    @inlinable
    public func models<T: JSONMappable>(_ key: String, as type: T.Type = T.self) throws -> [T] {
        try mapModels(value(key, as: [Any].self), key: key)
    }

    /// The array of objects at `key` mapped into `T`, or `nil` if it is missing or `null`.
    @inlinable
    public func modelsIfPresent<T: JSONMappable>(_ key: String, as type: T.Type = T.self) throws -> [T]? {
        try valueIfPresent(key, as: [Any].self).map { try mapModels($0, key: key) }
    }

    /// The object at `key` whose values are objects, each mapped into `T`.
    @inlinable
    public func modelDictionary<T: JSONMappable>(_ key: String, as type: T.Type = T.self) throws -> [String: T] {
        try value(key, as: JSONObject.self).mapModelValues()
    }

    /// Maps every value of this object (each itself an object) into `T`.
    @inlinable
    public func mapModelValues<T: JSONMappable>(as type: T.Type = T.self) throws -> [String: T] {
        try mapValues { element in
            guard let object = element as? JSONObject else { throw Self.mismatch("<value>", element, JSONObject.self) }
            return try T(json: object)
        }
    }

    @inlinable
    func mapModels<T: JSONMappable>(_ array: [Any], key: String) throws -> [T] {
        try array.map { element in
            guard let object = element as? JSONObject else { throw Self.mismatch(key, element, JSONObject.self) }
            return try T(json: object)
        }
    }

    @usableFromInline
    @inline(never)
    static func mismatch(_ key: String, _ raw: Any, _ expected: Any.Type) -> MappingError {
        MappingError(key: key, reason: "expected \(expected), found \(type(of: raw))")
    }
}

/// Maps a root array of objects into models.
public func mapModels<T: JSONMappable>(_ root: Any, as type: T.Type = T.self) throws -> [T] {
    guard let array = root as? [Any] else { throw MappingError(key: "<root>", reason: "expected an array") }
    return try [String: Any]().mapModels(array, key: "<root>")
}

/// Maps a root object into a model.
public func mapModel<T: JSONMappable>(_ root: Any, as type: T.Type = T.self) throws -> T {
    guard let object = root as? JSONObject else { throw MappingError(key: "<root>", reason: "expected an object") }
    return try T(json: object)
}

/// Maps a root object whose values are objects into a dictionary of models.
public func mapModelDictionary<T: JSONMappable>(_ root: Any, as type: T.Type = T.self) throws -> [String: T] {
    guard let object = root as? JSONObject else { throw MappingError(key: "<root>", reason: "expected an object") }
    return try object.mapModelValues()
}
