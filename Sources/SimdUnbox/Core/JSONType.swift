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
        _Expected(self).description
    }

    /// The kind as a small number (0 to 5), as `UnboxError` packs it and `SimdJSONDecoder`'s error
    /// descriptions are cached.
    @usableFromInline
    var _code: UInt8 {
        switch self {
        case .null: 0
        case .bool: 1
        case .number: 2
        case .string: 3
        case .array: 4
        case .object: 5
        }
    }

    /// The kind `_code` stands for.
    @usableFromInline
    init(_code code: UInt8) {
        switch code {
        case 0: self = .null
        case 1: self = .bool
        case 2: self = .number
        case 3: self = .string
        case 4: self = .array
        default: self = .object
        }
    }
}
