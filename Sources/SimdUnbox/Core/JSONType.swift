import CSimdJSON

/// The six kinds of JSON value.
public enum JSONType: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool
    case number
    case string
    case array
    case object

    @usableFromInline
    init?(_ type: csimdjson_type) {
        switch type {
        case CSIMDJSON_TYPE_NULL: self = .null
        case CSIMDJSON_TYPE_BOOLEAN: self = .bool
        case CSIMDJSON_TYPE_NUMBER: self = .number
        case CSIMDJSON_TYPE_STRING: self = .string
        case CSIMDJSON_TYPE_ARRAY: self = .array
        case CSIMDJSON_TYPE_OBJECT: self = .object
        default: return nil
        }
    }

    /// The kind with its article, as error messages use it ("a string", "an object", "null").
    public var description: String {
        _staticDescription.description
    }

    /// `description`, as a string that costs nothing to keep (see `UnboxError._light`).
    @usableFromInline
    var _staticDescription: StaticString {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
