import Foundation

/// Any JSON value, for free-form parts of a document (metadata, extensions, payloads whose shape
/// varies) and for validating whole documents.
///
/// ```swift
/// struct Event: Unboxable {
///     let type: String
///     let payload: JSONValue            // whatever the event carries
///
///     init(unboxer: Unboxer) throws(UnboxError) {
///         type = try unboxer.unbox(key: "type")
///         payload = try unboxer.unbox(key: "payload")
///     }
/// }
///
/// let document = try JSONValue(data: data)      // parses and fully validates
/// if case .string(let name)? = document["user"]?["name"] { print(name) }
/// ```
///
/// Numbers keep their exact text (`JSONNumber`), so nothing is rounded: `1e400`, `2^64` and
/// `0.1` come back as written. In an object, when a key appears twice, the last value wins.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a JSON document and validates all of it: structure, literals, numbers, strings,
    /// escapes, UTF-8, nothing after the root value.
    ///
    /// - Parameters:
    ///   - data: The document.
    ///   - maximumDepth: How deeply arrays and objects may nest.
    /// - Throws: `UnboxError` with `.malformedJSON` (or `.depthLimitExceeded`) and the byte offset.
    public init(data: Data, maximumDepth: Int = defaultUnboxMaximumDepth) throws {
        self = try data.withUnsafeBytes { try JSONValue(buffer: $0, maximumDepth: maximumDepth) }
    }

    /// Parses and fully validates a JSON document given as text. See `init(data:maximumDepth:)`.
    public init(string: String, maximumDepth: Int = defaultUnboxMaximumDepth) throws {
        var string = string
        self = try string.withUTF8 { try JSONValue(buffer: UnsafeRawBufferPointer($0), maximumDepth: maximumDepth) }
    }

    /// Parses and fully validates a JSON document given as bytes. See `init(data:maximumDepth:)`.
    public init(bytes: some ContiguousBytes, maximumDepth: Int = defaultUnboxMaximumDepth) throws {
        self = try bytes.withUnsafeBytes { try JSONValue(buffer: $0, maximumDepth: maximumDepth) }
    }

    init(buffer bytes: UnsafeRawBufferPointer, maximumDepth: Int) throws {
        self = try _withDocument(bytes, maxDepth: maximumDepth) { v, c in try c._jsonValue(from: &v) }
    }

    /// Checks that `data` is one valid JSON document, without building anything.
    ///
    /// ```swift
    /// try JSONValue.validate(data)   // throws UnboxError(.malformedJSON) with the byte offset
    /// ```
    ///
    /// - Throws: `UnboxError` with `.malformedJSON` (or `.depthLimitExceeded`) and the byte offset.
    public static func validate(_ data: Data, maximumDepth: Int = defaultUnboxMaximumDepth) throws {
        try validate(bytes: data, maximumDepth: maximumDepth)
    }

    /// Checks that `bytes` (`[UInt8]`, a buffer pointer, ...) are one valid JSON document, without
    /// building anything. See `validate(_:maximumDepth:)`.
    ///
    /// ```swift
    /// try JSONValue.validate(bytes: body)
    /// ```
    public static func validate(bytes: some ContiguousBytes, maximumDepth: Int = defaultUnboxMaximumDepth) throws {
        try bytes.withUnsafeBytes { bytes in
            try _withDocument(bytes, maxDepth: maximumDepth) { v, c in try c.validateValue(&v) }
        }
    }

    /// The value of `key` if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` if this is an array that long.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The kind of this value.
    public var type: JSONType {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}

extension JSONValue: UnboxCompatible {
    @inlinable
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError)
        -> JSONValue
    {
        try context._jsonValue(from: &value)
    }
}

/// Encodes the value as the JSON it holds.
///
/// ```swift
/// let value: JSONValue = ["id": 1, "price": .number(JSONNumber("10.50")!)]
/// try SimdJSONEncoder().encode(value)   // {"id":1,"price":10.50}: numbers exactly as their text
/// ```
///
/// `SimdJSONEncoder` writes each number exactly as its text. Other encoders (Foundation's
/// `JSONEncoder`) get whole numbers that fit 64 bits as integers and any other number as the
/// nearest `Double`. Object keys are written as they are under every key strategy.
extension JSONValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .number(let number):
            var container = encoder.singleValueContainer()
            let isWhole = !number.text.contains(where: { ".eE".contains($0) })
            if isWhole, let integer = Int64(number.text) {
                try container.encode(integer)
            } else if isWhole, let integer = UInt64(number.text) {
                try container.encode(integer)
            } else {
                try container.encode(number.doubleValue)
            }
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let elements):
            var container = encoder.singleValueContainer()
            try container.encode(elements)
        case .object(let fields):
            var container = encoder.singleValueContainer()
            try container.encode(fields)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension _DecodingContext {
    /// Builds a `JSONValue` from `value`, validating everything in it.
    @usableFromInline
    func _jsonValue(from value: inout _JSONCursor) throws(UnboxError) -> JSONValue {
        switch try _type(of: &value) {
        case .null:
            guard try _isNull(&value) else {
                throw _malformedError(.nullAtomError, offset: _offset(of: &value))
            }
            return .null
        case .bool:
            return .bool(try _bool(from: &value))
        case .number:
            return .number(JSONNumber(validated: try _numberText(from: &value)))
        case .string:
            return .string(try _string(from: &value))
        case .array:
            return .array(try _array(from: &value) { (v) throws(UnboxError) in try _jsonValue(from: &v) })
        case .object:
            var object: [String: JSONValue] = [:]
            try _fields(from: &value) { (key, element) throws(UnboxError) in
                object[key] = try _jsonValue(from: &element)
            }
            return .object(object)
        }
    }

    /// Validates everything in `value` without building anything.
    func validateValue(_ value: inout _JSONCursor) throws(UnboxError) {
        switch try _type(of: &value) {
        case .null:
            guard try _isNull(&value) else {
                throw _malformedError(.nullAtomError, offset: _offset(of: &value))
            }
        case .bool:
            _ = try _bool(from: &value)
        case .number:
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            let code = value.getNumberText(&bytes, &count)
            guard code == .success else { throw _valueError(code, value: &value, expected: .number) }
        case .string:
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            let code = value.getString(_parser.handle, &bytes, &count)
            guard code == .success else { throw _valueError(code, value: &value, expected: .string) }
        case .array:
            _ = try _array(from: &value) { (v) throws(UnboxError) in try validateValue(&v) }
        case .object:
            try _fields(from: &value) { (_, element) throws(UnboxError) in try validateValue(&element) }
        }
    }
}
