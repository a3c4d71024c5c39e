import Foundation

/// Any JSON value, decoded through a single-value container that tries each type in turn (the
/// free-form `try?` chain apps write): every value of a document goes through `try?` and a retry.
/// Shared by the Codable, Unicode-input and encoding tests.
indirect enum JSONTree: Codable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONTree]), object([String: JSONTree])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONTree].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}
