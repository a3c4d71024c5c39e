import Foundation
import SimdUnbox

/// Small models exercising each container operation, for the encoder's differential tests.
enum EncodingFixtures {
    struct Integers: Codable, Equatable {
        var i8: Int8, i16: Int16, i32: Int32, i64: Int64, i: Int
        var u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64, u: UInt

        static let min = Integers(
            i8: .min, i16: .min, i32: .min, i64: .min, i: .min, u8: .min, u16: .min, u32: .min, u64: .min, u: .min)
        static let max = Integers(
            i8: .max, i16: .max, i32: .max, i64: .max, i: .max, u8: .max, u16: .max, u32: .max, u64: .max, u: .max)
        static let small = Integers(
            i8: -1, i16: 10, i32: -100, i64: 99, i: 0, u8: 9, u16: 10, u32: 100, u64: 1000, u: 7)
    }

    struct Wide: Codable, Equatable {
        var i: Int128
        var u: UInt128
    }

    struct Floats: Codable, Equatable {
        var d: Double
        var f: Float
    }

    struct Strings: Codable, Equatable {
        var text: String
        var list: [String]
        var dictionary: [String: String]
    }

    struct Optionals: Codable, Equatable {
        var a: Int?
        var b: String?
        var c: [Int?]
        var d: Pair?
        var e: [String: Int?]
    }

    struct Pair: Codable, Equatable, Hashable {
        var a: Int
        var b: String
    }

    struct Specials: Codable, Equatable {
        var url: URL
        var decimal: Decimal
        var date: Date
        var data: Data
        var dates: [Date]
        var optionalDate: Date?
    }

    struct SnakeModel: Codable, Equatable {
        var fooBar: Int
        var myURLProperty: Int
        var aURL: Int
        var _leading: Int
        var trailing_: Int
        var already_snake: Int
        var ÉtéFooBar: Int
        var dictionary: [String: Int]
        var nested: Pair
    }

    enum Color: String, Codable, CodingKeyRepresentable { case red, darkBlue }
    enum Plain: String, Codable { case one, twoThree }

    struct Dictionaries: Codable, Equatable {
        var strings: [String: Int]
        var ints: [Int: String]
        var colors: [Color: Int]
        var plains: [Plain: Int]
        var doubles: [Double: Int]
        var nested: [String: [String: [Int]]]
    }

    /// Writes with nested containers and `superEncoder`s, in the orders Codable models use.
    struct Manual: Encodable {
        enum Keys: String, CodingKey { case x, inner, list, nothing, base, custom }
        enum InnerKeys: String, CodingKey { case y, deeper }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .x)
            var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            try inner.encode("y", forKey: .y)
            var deeper = inner.nestedUnkeyedContainer(forKey: .deeper)
            try deeper.encode(true)
            try deeper.encodeNil()
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1.5)
            var element = list.nestedContainer(keyedBy: InnerKeys.self)
            try element.encode(2, forKey: .y)
            try Pair(a: 1, b: "super").encode(to: list.superEncoder())
            try container.encodeNil(forKey: .nothing)
            try Pair(a: 2, b: "base").encode(to: container.superEncoder())
            try Pair(a: 3, b: "custom").encode(to: container.superEncoder(forKey: .custom))
        }
    }

    class Base: Codable {
        var x = 1
    }

    final class Derived: Base {
        var y = 2
        enum Keys: String, CodingKey { case y }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(y, forKey: .y)
            try super.encode(to: container.superEncoder())
            try super.encode(to: encoder)
        }
    }

    /// Encodes nothing.
    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    /// Writes the same key twice.
    struct Duplicate: Encodable {
        enum Keys: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            try container.encode(2, forKey: .b)
            try container.encode(3, forKey: .a)
        }
    }

    /// Goes back to a nested container after writing to its parent, and uses an array's
    /// `superEncoder` after writing past it (Foundation inserts it at its index).
    struct Interleaved: Encodable {
        enum Keys: String, CodingKey { case a, b, c }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.nestedUnkeyedContainer(forKey: .a)
            try nested.encode(1)
            try container.encode(2, forKey: .b)
            try nested.encode(3)
            var list = container.nestedUnkeyedContainer(forKey: .c)
            try list.encode(1)
            let later = list.superEncoder()
            try list.encode(2)
            var single = later.singleValueContainer()
            try single.encode(9)
        }
    }

    /// Keeps its container after its `encode(to:)` returns (an encoder reuses a slot's keyed
    /// container only when nobody holds it).
    final class KeptContainer: @unchecked Sendable {
        var container: KeyedEncodingContainer<Escaping.Keys>?
    }

    /// Writes one field and leaves its container in `kept`.
    struct Escaping: Encodable {
        enum Keys: String, CodingKey { case a, b }
        let kept: KeptContainer
        let value: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(value, forKey: .a)
            kept.container = container
        }
    }

    /// Elements of one type at the same depth, whose containers are kept; the last kept one is
    /// written to after its element is done (Foundation puts the field in that element).
    struct KeepsContainers: Encodable {
        let kept = KeptContainer()
        func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            for value in 1...3 { try list.encode(Escaping(kept: kept, value: value)) }
            try kept.container?.encode(9, forKey: .b)
            for value in 4...5 { try list.encode(Escaping(kept: KeptContainer(), value: value)) }
        }
    }

    /// Keys that need escapes, or an escape under one option only, or are long: written from an
    /// encoder's table of keys only when their bytes do not depend on the options.
    struct OddKeys: Encodable {
        enum CodingKeys: String, CodingKey {
            case plain
            case slash = "a/b"
            case quote = "q\""
            case accented = "ünï"
            case long = "a_key_longer_than_thirty_one_bytes"
        }
        var plain = 1
        var slash = 2
        var quote = 3
        var accented = 4
        var long = 5
    }

    /// Nests arrays `depth` deep.
    struct Deep: Encodable {
        var depth: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            if depth > 1 { try container.encode(Deep(depth: depth - 1)) }
        }
    }

    /// Throws from inside a nested value, caught by the model, which goes on.
    struct CatchesErrors: Encodable {
        enum Keys: String, CodingKey { case a, b, c, d }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            try? container.encode(Floats(d: 1, f: .nan), forKey: .b)
            try? container.encode(Double.infinity, forKey: .c)
            try container.encode("tail", forKey: .d)
            // (After a nested value threw, Foundation's next nested container stops with a
            // precondition failure: its shared encoder keeps the failed value's state. So only
            // scalars follow here.)
        }
    }

    /// A recursive value of every JSON kind.
    typealias Tree = JSONTree
}
