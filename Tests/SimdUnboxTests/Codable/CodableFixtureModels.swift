import Foundation

/// Small models that exercise each container operation, for the differential tests.
enum CodableFixtures {
    struct Pair: Decodable, Equatable { var a: Int; var b: String }
    /// A value of size zero.
    struct Nothing: Decodable, Equatable {}
    struct Wrapper: Decodable, Equatable { var items: [Pair] }
    struct Optionals: Decodable, Equatable { var a: Int?; var b: String?; var c: [Int]?; var d: Pair? }
    struct NestedOptional: Decodable, Equatable { var a: Int?? }
    struct Numbers: Decodable, Equatable {
        var i8: Int8?; var i16: Int16?; var i32: Int32?; var i64: Int64?; var u: UInt?; var u8: UInt8?
        var u16: UInt16?; var u32: UInt32?; var u64: UInt64?; var f: Float?; var d: Double?; var i: Int?
    }
    struct Big: Decodable, Equatable { var i: Int128?; var u: UInt128? }
    struct Specials: Decodable, Equatable { var url: URL?; var decimal: Decimal?; var date: Date?; var data: Data? }
    struct SnakeModel: Decodable, Equatable { var fooBar: Int; var aURL: Int?; var dict: [String: Int]? }
    struct Flags: Decodable, Equatable { var on: Bool; var name: String; var ratio: Double; var count: Int }
    enum Shape: Decodable, Equatable { case circle(radius: Double), square(Double), empty }
    enum Kind: String, Decodable, Equatable { case a, b }
    struct Kinds: Decodable, Equatable { var kinds: [Kind] }

    /// Keys of a struct holding their names (not a one-byte plain value, as `CodingKeys` enums are):
    /// the coding path holds them by value, at the level of each step.
    struct NamedKeys: Decodable, Equatable {
        var pair: Pair
        var list: [Int]
        var count: Int
        var inner: Int
        var siblings: [String: Pair]
        struct Key: CodingKey {
            let stringValue: String
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.init(stringValue) }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            pair = try container.decode(Pair.self, forKey: Key("pair"))
            list = try container.decode([Int].self, forKey: Key("a key too long to be stored inline"))
            count = try container.decode(Int.self, forKey: Key("count"))
            let nested = try container.nestedContainer(keyedBy: Key.self, forKey: Key("nested"))
            inner = try nested.decode(Int.self, forKey: Key("inner"))
            siblings = try container.decode([String: Pair].self, forKey: Key("siblings"))
        }
    }

    /// A `NamedKeys` document, each part valid unless given.
    static func namedKeys(
        pair: String = #"{"a":1,"b":"x"}"#, list: String = "[1,2]", count: String = "3",
        inner: String = #"{"inner":4}"#,
        siblings: String = #"{"s":{"a":5,"b":"y"}}"#
    ) -> String {
        #"{"pair":\#(pair),"a key too long to be stored inline":\#(list),"count":\#(count),"nested":\#(inner),"siblings":\#(siblings)}"#
    }

    /// Uses `nestedContainer`, `nestedUnkeyedContainer`, `decodeNil`, `contains` and `allKeys`.
    struct Manual: Decodable, Equatable {
        var x: Int
        var list: [Int]
        var hasMissing: Bool
        var isNull: Bool
        var keys: [String]
        enum Keys: String, CodingKey { case inner, list, missing, nothing, x }
        enum InnerKeys: String, CodingKey { case x }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            keys = container.allKeys.map(\.stringValue).sorted()
            let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            x = try inner.decode(Int.self, forKey: .x)
            var unkeyed = try container.nestedUnkeyedContainer(forKey: .list)
            list = []
            while !unkeyed.isAtEnd { list.append(try unkeyed.decode(Int.self)) }
            hasMissing = container.contains(.missing)
            isNull = try container.decodeNil(forKey: .nothing)
        }
    }

    /// Reads an unkeyed container element by element with `decodeNil`, then past its end.
    struct Elements: Decodable, Equatable {
        var values: [Int?]
        var extra: Int?
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            values = []
            while !container.isAtEnd {
                if try container.decodeNil() {
                    values.append(nil)
                } else {
                    values.append(try container.decode(Int.self))
                }
            }
            extra = try container.decodeIfPresent(Int.self)
        }
    }

    /// Takes exactly two elements of an unkeyed container.
    struct Two: Decodable, Equatable {
        var first: Int
        var second: Int
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            first = try container.decode(Int.self)
            second = try container.decode(Int.self)
        }
    }

    /// Nested containers inside an unkeyed container.
    struct Mixed: Decodable, Equatable {
        var x: Int
        var y: Int
        enum Keys: String, CodingKey { case y }
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var inner = try container.nestedUnkeyedContainer()
            x = try inner.decode(Int.self)
            let keyed = try container.nestedContainer(keyedBy: Keys.self)
            y = try keyed.decode(Int.self, forKey: .y)
        }
    }

    /// `superDecoder()` and `superDecoder(forKey:)`.
    class Base: Decodable, Equatable {
        var id: Int
        enum Keys: String, CodingKey { case id }
        required init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .id)
        }
        static func == (lhs: Base, rhs: Base) -> Bool { lhs.id == rhs.id && type(of: lhs) == type(of: rhs) }
    }

    final class Derived: Base {
        var name: String = ""
        var parent: Pair?
        enum DerivedKeys: String, CodingKey { case name, parent }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DerivedKeys.self)
            name = try container.decode(String.self, forKey: .name)
            parent = try Pair(from: container.superDecoder(forKey: .parent))
            try super.init(from: container.superDecoder())
        }
    }

    /// A single-value container with a fallback on failure (`try?` then retry).
    enum Flexible: Decodable, Equatable {
        case number(Int), text(String), pair(Pair), list([Int])
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let pair = try? container.decode(Pair.self) {
                self = .pair(pair)
            } else {
                self = .list(try container.decode([Int].self))
            }
        }
    }

    /// Lossy array: drops elements that fail, retrying each as a placeholder.
    struct Lossy<Element: Decodable & Equatable>: Decodable, Equatable {
        var elements: [Element]
        private struct Skip: Decodable {}
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            elements = []
            while !container.isAtEnd {
                if let element = try? container.decode(Element.self) {
                    elements.append(element)
                } else {
                    _ = try container.decode(Skip.self)
                }
            }
        }
    }

    /// Asks for `count` before reading.
    struct Counted: Decodable, Equatable {
        var count: Int?
        var values: [Int]
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            count = container.count
            values = []
            while !container.isAtEnd { values.append(try container.decode(Int.self)) }
        }
    }

    /// Reads its fields in reverse document order.
    struct Reversed: Decodable, Equatable {
        var c: Int; var b: Int; var a: Int
        enum CodingKeys: String, CodingKey { case c, b, a }
    }

    /// A dictionary keyed by ints.
    struct IntKeyed: Decodable, Equatable { var map: [Int: String] }
}
