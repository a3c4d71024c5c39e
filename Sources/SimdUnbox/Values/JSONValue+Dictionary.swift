// JSON values met in `[String: Any]` input (Unbox API): a dictionary's value read as a
// `JSONValue`, and a document read as a dictionary. Here, in the Values layer, because the Unbox
// layer below it does not name `JSONValue`.

import Foundation

extension _DecodingContext {
    /// A `[String: Any]`'s value converted to a `JSONValue`, recursively.
    @usableFromInline
    func _jsonValue(any value: Any) throws(UnboxError) -> JSONValue {
        switch _AnyValue(value) {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .string(let value): return .string(value)
        case .integer(let value): return .number(JSONNumber(value))
        case .unsignedInteger(let value): return .number(JSONNumber(value))
        case .double(let value):
            guard value.isFinite else {
                throw UnboxError(reason: .invalidValue("\(value) is not a JSON number"))
            }
            return .number(JSONNumber(value))
        case .decimal(let value):
            guard let number = JSONNumber("\(value)") else {
                throw UnboxError(reason: .invalidValue("\(value) is not a JSON number"))
            }
            return .number(number)
        case .array(let array):
            try _enter()
            defer { _leave() }
            var result: [JSONValue] = []
            result.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                do throws(UnboxError) {
                    result.append(try _jsonValue(any: element))
                } catch {
                    throw _prepending(.index(index), to: error)
                }
            }
            return .array(result)
        case .object(let object):
            try _enter()
            defer { _leave() }
            var result: [String: JSONValue] = [:]
            result.reserveCapacity(object.count)
            for (key, element) in object {
                do throws(UnboxError) {
                    result[key] = try _jsonValue(any: element)
                } catch {
                    throw _prepending(.key(key), to: error)
                }
            }
            return .object(result)
        case .other(let description):
            throw UnboxError(reason: .invalidValue("found \(description), which is not a JSON value"))
        }
    }
}

extension JSONValue {
    /// The value as `JSONSerialization` would have made it: `NSNull`, `Bool` (an `NSNumber`
    /// boolean), `Int`, `UInt64` or `Double` numbers, `String`, `[Any]`, `[String: Any]`.
    @usableFromInline
    var _foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .number(let number):
            if let value = number.int64Value, let integer = Int(exactly: value) { return integer }
            if let value = number.uint64Value { return value }
            return number.doubleValue
        case .string(let value): return value
        case .array(let values): return values.map(\._foundationValue)
        case .object(let fields): return fields.mapValues(\._foundationValue)
        }
    }
}

extension JSONValue {
    /// Converts a `[String: Any]`'s value, checking that it holds JSON values only.
    public static func _unbox(any value: Any, context: _DecodingContext, lossy: Bool) throws(UnboxError)
        -> JSONValue
    {
        try context._jsonValue(any: value)
    }
}

extension Unboxer {
    /// Makes an unboxer over a JSON document whose root is an object, for reading its values with
    /// the `unbox` methods outside any model's initializer (Unbox's `Unboxer(data:)`).
    ///
    /// ```swift
    /// let unboxer = try Unboxer(data: data)
    /// let name: String = try unboxer.unbox(key: "name")
    /// ```
    ///
    /// The document is parsed and checked whole, then read as ``init(dictionary:)`` reads a
    /// dictionary. To decode a model, ``unbox(data:maximumDepth:)`` is much faster.
    ///
    /// - Parameter data: A JSON document whose root is an object.
    /// - Throws: `UnboxError`: malformed JSON, or a root that is not an object.
    public init(data: Data) throws {
        let value = try JSONValue(data: data)
        guard case .object = value, let object = value._foundationValue as? [String: Any] else {
            throw UnboxError(reason: .typeMismatch(expected: JSONType.object.description, found: value.type))
        }
        self.init(dictionary: object)
    }
}
