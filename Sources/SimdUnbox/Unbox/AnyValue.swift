import Foundation

// Values of a `[String: Any]`, as `JSONSerialization` or a networking library hands them over.
//
// Such a dictionary can hold what JSON cannot: `NSNull`, `NSNumber` booleans beside numbers,
// dictionaries with keys that are not strings, `Date`s, `Data`, objects of any class. Every value
// is sorted once into `_AnyValue` (its native Swift type checked first, by metatype, so that a
// Swift `Int` is never bridged to an `NSNumber` to be looked at) and each type reads it from
// there. A value that is no JSON value is an `UnboxError` that names it, never a crash.

/// One value of a `[String: Any]`, sorted by what it holds.
@usableFromInline
enum _AnyValue {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case double(Double)
    case decimal(Decimal)
    case object([String: Any])
    case array([Any])
    case null
    /// A value JSON cannot hold: a `Date`, `Data`, a dictionary whose keys are not strings, an
    /// object of another class. Its description, for the error.
    case other(String)

    /// Sorts `value`.
    @usableFromInline
    init(_ value: Any) {
        let type = Swift.type(of: value)
        if type == String.self, let string = value as? String {
            self = .string(string)
        } else if type == Int.self, let integer = value as? Int {
            self = .integer(Int64(integer))
        } else if type == Double.self, let double = value as? Double {
            self = .double(double)
        } else if type == Bool.self, let bool = value as? Bool {
            self = .bool(bool)
        } else if type == [String: Any].self, let object = value as? [String: Any] {
            self = .object(object)
        } else if type == [Any].self, let array = value as? [Any] {
            self = .array(array)
        } else {
            self = Self.sortOther(value)
        }
    }

    /// The values that are not of the common native types: `NSNumber`s (what `JSONSerialization`
    /// makes), `NSNull`, the other integer and floating-point types, `Decimal`, bridged strings,
    /// arrays and dictionaries of other element types.
    @usableFromInline
    static func sortOther(_ value: Any) -> _AnyValue {
        if value is NSNull { return .null }
        if let number = value as? NSNumber, Swift.type(of: value) is NSNumber.Type {
            return Self(number: number)
        }
        if let decimal = value as? Decimal { return .decimal(decimal) }
        if let double = value as? Float { return .double(Double(double)) }
        if let double = value as? CGFloat { return .double(Double(double)) }
        if let integer = value as? any BinaryInteger {
            if let exact = Int64(exactly: integer) { return .integer(exact) }
            if let exact = UInt64(exactly: integer) { return .unsignedInteger(exact) }
            return .other("\(integer), an integer beyond 64 bits")
        }
        if let string = value as? String { return .string(string) }
        if let object = value as? [String: Any] { return .object(object) }
        if let array = value as? [Any] { return .array(array) }
        if value is [AnyHashable: Any] || value is NSDictionary {
            return .other("a dictionary whose keys are not all strings")
        }
        if let optional = value as? any _OptionalValue, optional._isNone { return .null }
        return .other("a value of type \(Swift.type(of: value))")
    }

    /// Sorts an `NSNumber` by the type it was made from: `JSONSerialization` makes its booleans
    /// with `NSNumber(value: Bool)`, whose type encoding is `c` (`char`) on every platform.
    @usableFromInline
    init(number: NSNumber) {
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"):
            let value = number.int64Value
            self = value == 0 || value == 1 ? .bool(value == 1) : .integer(value)
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            self = .double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            self = .unsignedInteger(number.uint64Value)
        default:
            self = .integer(number.int64Value)
        }
    }

    /// The JSON type this value stands for, for type mismatches; nil for a value JSON cannot hold.
    @usableFromInline
    var jsonType: JSONType? {
        switch self {
        case .string: .string
        case .bool: .bool
        case .integer, .unsignedInteger, .double, .decimal: .number
        case .object: .object
        case .array: .array
        case .null: .null
        case .other: nil
        }
    }

    /// The error for this value where `expected` (a JSON type's description, or a type's name)
    /// was wanted: a type mismatch, or an invalid value for what JSON cannot hold.
    @inline(never)
    @usableFromInline
    func mismatch(expected: String) -> UnboxError {
        if case .other(let description) = self {
            return UnboxError(
                reason: .invalidValue("found \(description), which is not a JSON value, where \(expected) was expected")
            )
        }
        return UnboxError(reason: .typeMismatch(expected: expected, found: jsonType ?? .null))
    }

    /// The number as an integer of type `Integer`, exactly; nil for a fraction or one out of range.
    /// A numeric string counts, as it does in JSON input.
    @usableFromInline
    func integer<Integer: FixedWidthInteger>(_: Integer.Type) throws(UnboxError) -> Integer {
        switch self {
        case .integer(let value):
            if let exact = Integer(exactly: value) { return exact }
        case .unsignedInteger(let value):
            if let exact = Integer(exactly: value) { return exact }
        case .double(let value):
            if let exact = Integer(exactly: value) { return exact }
            if value.rounded(.towardZero) != value || !value.isFinite {
                throw UnboxError(reason: .typeMismatch(expected: "an integer", found: .number))
            }
        case .decimal(let value):
            if let exact = Integer(exactly: NSDecimalNumber(decimal: value).doubleValue),
                Decimal(string: "\(exact)") == value
            {
                return exact
            }
        case .string(let text):
            if let exact = Integer(text) { return exact }
            throw UnboxError(reason: .invalidValue("\"\(text)\" is not \(Integer.self)"))
        default:
            throw mismatch(expected: "an integer")
        }
        throw UnboxError(reason: .numberOutOfRange("\(self.text) does not fit in \(Integer.self)"))
    }

    /// The number as a `Double`; a numeric string counts.
    @usableFromInline
    func double() throws(UnboxError) -> Double {
        switch self {
        case .integer(let value): return Double(value)
        case .unsignedInteger(let value): return Double(value)
        case .double(let value): return value
        case .decimal(let value): return NSDecimalNumber(decimal: value).doubleValue
        case .string(let text):
            if let value = Double(text) { return value }
            throw UnboxError(reason: .invalidValue("\"\(text)\" is not a number"))
        default:
            throw mismatch(expected: JSONType.number.description)
        }
    }

    /// A number's text, as `NSNumber.stringValue` writes it (Unbox's conversion of a number to a
    /// `String`).
    @usableFromInline
    var text: String {
        switch self {
        case .integer(let value): "\(value)"
        case .unsignedInteger(let value): "\(value)"
        case .double(let value): NSNumber(value: value).stringValue
        case .decimal(let value): "\(value)"
        case .string(let value): value
        case .bool(let value): value ? "true" : "false"
        case .object, .array, .null: "\(jsonType ?? .null)"
        case .other(let description): description
        }
    }
}

/// An `Optional` of any wrapped type, to tell a `nil` stored in an `Any`.
@usableFromInline
protocol _OptionalValue {
    var _isNone: Bool { get }
}

extension Optional: _OptionalValue {
    @usableFromInline
    var _isNone: Bool { self == nil }
}
