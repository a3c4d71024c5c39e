import Foundation
import SimdUnbox
import Testing

/// Containers used after their parent moved on read what Foundation's read: `superDecoder()`
/// taken before a subclass's own fields, sibling containers read out of order, an element's
/// container finished after the next element, a whole array read late. Their errors carry
/// Foundation's coding paths, and the containers they interrupted go on unharmed.
@Suite struct OutOfOrderContainerTests {
    // MARK: Models

    class Animal: Decodable, Equatable, CustomStringConvertible {
        let name: String
        let legs: Int
        enum Keys: String, CodingKey { case name, legs }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decode(String.self, forKey: .name)
            legs = try container.decode(Int.self, forKey: .legs)
        }
        static func == (lhs: Animal, rhs: Animal) -> Bool {
            lhs.name == rhs.name && lhs.legs == rhs.legs && lhs.description == rhs.description
        }
        var description: String { "\(name)/\(legs)" }
    }

    /// The class pattern: the superclass's decoder is taken first, the subclass's fields read,
    /// then the superclass decodes.
    final class Dog: Animal {
        let breed: String
        let tags: [String]
        enum DogKeys: String, CodingKey { case breed, tags }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DogKeys.self)
            let superDecoder = try container.superDecoder()
            breed = try container.decode(String.self, forKey: .breed)
            tags = try container.decode([String].self, forKey: .tags)
            try super.init(from: superDecoder)
        }
        override var description: String { "\(super.description)/\(breed)/\(tags)" }
    }

    /// Sibling nested containers, read in the order the model needs them.
    struct Order: Decodable, Equatable {
        var city: String
        var street: String
        var total: Double
        var items: [String]
        var id: Int
        enum Keys: String, CodingKey { case shipping, billing, items, id }
        enum AddressKeys: String, CodingKey { case city, street }
        enum BillingKeys: String, CodingKey { case total }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let shipping = try container.nestedContainer(keyedBy: AddressKeys.self, forKey: .shipping)
            let billing = try container.nestedContainer(keyedBy: BillingKeys.self, forKey: .billing)
            var items = try container.nestedUnkeyedContainer(forKey: .items)
            id = try container.decode(Int.self, forKey: .id)
            total = try billing.decode(Double.self, forKey: .total)
            city = try shipping.decode(String.self, forKey: .city)
            var names: [String] = []
            while !items.isAtEnd { names.append(try items.decode(String.self)) }
            self.items = names
            street = try shipping.decode(String.self, forKey: .street)
        }
    }

    /// Each element's container is finished after the next element was taken.
    struct Pairs: Decodable, Equatable {
        var sums: [Int]
        enum Keys: String, CodingKey { case a, b }
        init(from decoder: any Decoder) throws {
            var elements = try decoder.unkeyedContainer()
            var sums: [Int] = []
            while !elements.isAtEnd {
                let first = try elements.nestedContainer(keyedBy: Keys.self)
                guard !elements.isAtEnd else {
                    sums.append(try first.decode(Int.self, forKey: .a))
                    break
                }
                let second = try elements.nestedContainer(keyedBy: Keys.self)
                let b = try second.decode(Int.self, forKey: .b)
                sums.append(try first.decode(Int.self, forKey: .a) + b + (try first.decode(Int.self, forKey: .b)))
            }
            self.sums = sums
        }
    }

    // MARK: Values

    /// Values of a dictionary or an array whose `init(from:)` reads, through the root's container
    /// kept from before, another part of the document (so the root's container moves the cursor
    /// while the dictionary or array is being iterated): every entry is decoded, with the values
    /// and errors (coding paths included) of Foundation. (The iteration used to go on from where
    /// that read left the cursor: the later entries were lost, or simdjson's cursor was misused.)
    @Test(arguments: [
        #"{"other": {"o1": 1, "o2": 2}, "entries": {"e1": 1, "e2": 2, "e3": 3}}"#,
        #"{"entries": {"e1": 1, "e2": 2, "e3": 3}, "other": {"o1": 1}}"#,
        #"{"other": {"o1": 1}, "entries": {"e1": 1, "e2": "two", "e3": 3}}"#,
        #"{"other": {"o1": 1}, "entries": [1, 2, 3]}"#,
        #"{"entries": [1, [2], 3], "other": {"o1": 1}}"#,
        #"{"entries": [{"a": 1}, 2, 3], "other": {"o1": 1}}"#,
    ])
    func ancestorsContainerReadDuringAnIteration(_ json: String) throws {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ string: String) { stringValue = string }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        final class Kept: @unchecked Sendable { var root: KeyedDecodingContainer<Key>? }
        struct Value: Decodable, Equatable, CustomStringConvertible {
            var value: Int
            var other: [String: Int]
            var description: String { "\(value) \(other.sorted { $0.key < $1.key })" }
            init(from decoder: any Decoder) throws {
                let root = (decoder.userInfo.first { $0.key.rawValue == "kept" }?.value as? Kept)?.root
                other = try root?.decode([String: Int].self, forKey: Key("other")) ?? [:]
                value = try decoder.singleValueContainer().decode(Int.self)
            }
        }
        struct Root: Decodable, Equatable {
            var entries: [String: Value] = [:]
            var list: [Value] = []
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                (decoder.userInfo.first { $0.key.rawValue == "kept" }?.value as? Kept)?.root = container
                if let list = try? container.decode([Value].self, forKey: Key("entries")) {
                    self.list = list
                } else {
                    entries = try container.decode([String: Value].self, forKey: Key("entries"))
                }
            }
        }
        let keptKey = try #require(CodingUserInfoKey(rawValue: "kept"))
        func outcome(_ decode: () throws -> Root) -> String {
            do {
                let root = try decode()
                return "\(root.entries.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }) \(root.list)"
            } catch let error as DecodingError {
                return summary(of: error)
            } catch {
                return "\(error)"
            }
        }
        let foundation = JSONDecoder()
        foundation.userInfo[keptKey] = Kept()
        let simd = SimdJSONDecoder()
        simd.userInfo[keptKey] = Kept()
        let data = Data(json.utf8)
        let expected = outcome { try foundation.decode(Root.self, from: data) }
        #expect(outcome { try simd.decode(Root.self, from: data) } == expected)
    }

    @Test func superDecoderTakenBeforeTheSubclassFields() throws {
        let json = #"{"breed":"collie","super":{"legs":4,"name":"Lassie"},"tags":["good","loyal"]}"#
        try expectSame([Dog].self, "[\(json),\(json.replacingOccurrences(of: "Lassie", with: "Rex"))]")
    }

    @Test func siblingContainersReadOutOfOrder() throws {
        try expectSame(
            Order.self,
            #"{"shipping":{"street":"1 Main St","city":"Springfield"},"billing":{"total":12.5},"items":["a","b","c"],"id":7}"#
        )
        try expectSame(
            [Order].self,
            "["
                + (0..<50).map {
                    #"{"id":\#($0),"items":["x\#($0)"],"billing":{"total":\#($0).25},"shipping":{"city":"c\#($0)","street":"s"}}"#
                }.joined(separator: ",") + "]")
    }

    @Test func elementContainersFinishedAfterTheNextElement() throws {
        try expectSame(Pairs.self, #"[{"a":1,"b":2},{"a":3,"b":4},{"b":6,"a":5},{"a":7,"b":8},{"a":9}]"#)
        try expectSame(Pairs.self, "[]")
    }

    /// With `convertFromSnakeCase`, containers walk their object's keys: a late one walks again.
    struct SnakeOrder: Decodable, Equatable {
        var firstName: String
        var zipCode: Int
        var orderId: Int
        enum Keys: String, CodingKey { case customer, orderId }
        enum CustomerKeys: String, CodingKey { case firstName, address }
        enum AddressKeys: String, CodingKey { case zipCode }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let customer = try container.nestedContainer(keyedBy: CustomerKeys.self, forKey: .customer)
            let address = try customer.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
            firstName = try customer.decode(String.self, forKey: .firstName)
            orderId = try container.decode(Int.self, forKey: .orderId)
            zipCode = try address.decode(Int.self, forKey: .zipCode)
        }
    }

    @Test func lateContainersUnderKeyStrategies() throws {
        let json =
            #"[{"customer":{"address":{"zip_code":12345},"first_name":"Ann"},"order_id":1},"#
            + #"{"order_id":2,"customer":{"first_name":"Bob","address":{"zip_code":54321}}}]"#
        try expectSame([SnakeOrder].self, json, keys: .convertFromSnakeCase)
        try expectSame(
            Order.self, #"{"Shipping":{"City":"x","Street":"y"},"Billing":{"Total":1},"Items":[],"Id":2}"#,
            keys: .custom { path in
                let name = path.last!.stringValue
                return AnyKey(name.prefix(1).lowercased() + name.dropFirst())
            })
    }

    // MARK: Errors

    /// A model that reads a key the late container does not have: Foundation's `keyNotFound`,
    /// with the path of the late container, not of the one that was live.
    struct LateMiss: Decodable, Equatable {
        enum Keys: String, CodingKey { case left, right }
        enum InnerKeys: String, CodingKey { case x, missing }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let left = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .left)
            let right = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .right)
            _ = try right.decode(Int.self, forKey: .x)
            _ = try left.decode(Int.self, forKey: .missing)
        }
    }

    struct Wrapper<T: Decodable & Equatable>: Decodable, Equatable {
        var list: [[String: T]]
    }

    @Test func lateContainersThrowWithTheirOwnPath() throws {
        let json = #"{"list":[{"k":{"left":{"x":1},"right":{"x":2}}},{"k\u0031":{"right":{"x":3},"left":{"x":4}}}]}"#
        try expectSame(Wrapper<LateMiss>.self, json)
        // The path's keys are read from the document, unescaped.
        try expectSame(Wrapper<LateMiss>.self, #"{"list":[{"k\u0031":{"right":{"x":3},"left":{"x":4}}}]}"#)
        // Type mismatches and errors in the superclass's late decoder.
        try expectSame([Dog].self, #"[{"breed":"x","tags":[],"super":{"name":"y","legs":"four"}}]"#)
        try expectSame([Dog].self, #"[{"breed":"x","tags":[],"super":{"name":"y"}}]"#)
        try expectSame([Dog].self, #"[{"breed":"x","tags":[]}]"#)
        try expectSame(Order.self, #"{"shipping":{"city":"x"},"billing":{"total":1},"items":[],"id":1}"#)
        try expectSame(Order.self, #"{"shipping":{"city":"x","street":"y"},"billing":{"total":1},"items":[1],"id":1}"#)
    }

    /// The same miss, read while the container is live.
    struct InOrderMiss: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: LateMiss.Keys.self)
            let left = try container.nestedContainer(keyedBy: LateMiss.InnerKeys.self, forKey: .left)
            _ = try left.decode(Int.self, forKey: .missing)
        }
    }

    /// Paths under `atKeyPath:` and in stream elements, where the decode does not start at the
    /// document's root: a late container's error has the path the live one's has.
    @Test func lateContainerPathsUnderKeyPathsAndStreams() throws {
        func path(_ body: () throws -> Void) -> String {
            do {
                try body()
                return "no error"
            } catch DecodingError.keyNotFound(_, let context) {
                return pathText(context.codingPath)
            } catch let error as UnboxError {
                return "\(error.path)"
            } catch {
                return "\(error)"
            }
        }
        let json = #"{"data":{"list":[{"left":{"x":1},"right":{"x":2}},{"right":{"x":3},"left":{"x":4}}]}}"#
        let decoder = SimdJSONDecoder()
        for keyPath in ["data.list.1", "/data/list/0"] {
            let live = path { _ = try decoder.decode(InOrderMiss.self, from: json, atKeyPath: keyPath) }
            #expect(live.hasSuffix("left"))
            #expect(path { _ = try decoder.decode(LateMiss.self, from: json, atKeyPath: keyPath) } == live)
        }
        let elements = #"[{"left":{"x":1},"right":{"x":2}},{"right":{"x":3},"left":{"x":4}}]"#
        for format in [JSONStreamFormat.array, .jsonLines] {
            let text =
                format == .array
                ? elements : #"{"left":{"x":1},"right":{"x":2}}"# + "\n" + #"{"left":{"x":4},"right":{"x":3}}"#
            var live = decoder.reader(of: InOrderMiss.self, from: Data(text.utf8), format: format)
            var late = decoder.reader(of: LateMiss.self, from: Data(text.utf8), format: format)
            let liveErrors = path { while try live.next() != nil {} }
            #expect(path { while try late.next() != nil {} } == liveErrors)
        }
    }

    /// A late container reading what the live one had not reached yet, then the live one going on:
    /// both read their own fields.
    struct Interleaved: Decodable, Equatable {
        var values: [Int]
        enum Keys: String, CodingKey { case a, b, c }
        enum InnerKeys: String, CodingKey { case x, y }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let a = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .a)
            let c = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .c)
            let cx = try c.decode(Int.self, forKey: .x)
            let ax = try a.decode(Int.self, forKey: .x)
            let cy = try c.decode(Int.self, forKey: .y)
            let b = try container.decode(Int.self, forKey: .b)
            let ay = try a.decode(Int.self, forKey: .y)
            values = [ax, ay, b, cx, cy]
        }
    }

    @Test func theInterruptedContainerGoesOn() throws {
        try expectSame(Interleaved.self, #"{"a":{"y":2,"x":1},"b":3,"c":{"x":4,"y":5}}"#)
        try expectSame(Interleaved.self, #"{"c":{"y":5,"x":4},"a":{"x":1,"y":2},"b":3}"#)
    }

    /// Malformed JSON met by a late container fails the decode, as anywhere else.
    @Test func malformedJSONInALateContainerFailsTheDecode() {
        let json = #"{"shipping":{"city":"x","street":tru},"billing":{"total":1},"items":[],"id":1}"#
        #expect(throws: (any Error).self) { _ = try SimdJSONDecoder().decode(Order.self, from: Data(json.utf8)) }
        #expect(throws: (any Error).self) { _ = try JSONDecoder().decode(Order.self, from: Data(json.utf8)) }
    }

    /// An element's decoder or container used after `count` failed on a malformed array: the
    /// decode fails with a `DecodingError`, without reading on from where counting stopped.
    struct CountedThenLate: Decodable {
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            let element = try container.superDecoder()
            _ = try container.decodeNil()
            #expect(container.count == nil)
            _ = try element.container(keyedBy: AnyKey.self)
            _ = try container.nestedContainer(keyedBy: AnyKey.self)
        }
    }

    @Test(arguments: [#"[1,]"#, #"["",]"#, #"["" 1]"#, #"["",{""""""]"#, #"[{"a":1},{"b":}"#])
    func lateContainersAfterAFailedCount(_ json: String) {
        #expect(throws: DecodingError.self) {
            _ = try SimdJSONDecoder().decode(CountedThenLate.self, from: Data(json.utf8))
        }
        #expect(throws: (any Error).self) { _ = try JSONDecoder().decode(CountedThenLate.self, from: Data(json.utf8)) }
    }

    /// A late decoder's single-value read that fails: the error carries the decoder's own coding
    /// path, as Foundation's does.
    struct LateSingleValue: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let late = try container.superDecoder(forKey: AnyKey("c"))
            _ = try container.nestedUnkeyedContainer(forKey: AnyKey("b"))
            _ = try late.singleValueContainer().decode(String.self)
        }
    }

    struct LateElementValue: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            let late = try container.superDecoder()
            _ = try container.nestedUnkeyedContainer()
            _ = try late.singleValueContainer().decode(Bool.self)
        }
    }

    @Test func lateSingleValueErrorsCarryTheirOwnPath() throws {
        try expectSame(LateSingleValue.self, #"{"b":[1],"c":true}"#)
        try expectSame(LateSingleValue.self, #"{"c":null,"b":[1]}"#)
        try expectSame(LateElementValue.self, #"[1,[2]]"#)
    }

    /// Two unkeyed containers from one decoder read the array independently, each from its first
    /// element, as Foundation's do (the second one read first, then the first: `[1, 1, ...]`).
    struct TwoUnkeyed: Decodable, Equatable {
        let values: [Int]

        init(from decoder: any Decoder) throws {
            var first = try decoder.unkeyedContainer()
            var second = try decoder.unkeyedContainer()
            var values = [try second.decode(Int.self), try first.decode(Int.self)]
            values.append(try second.decode(Int.self))
            values += [first.currentIndex, second.currentIndex, first.count ?? -1, first.isAtEnd ? 1 : 0]
            values.append(try first.decode(Int.self))
            values.append(second.isAtEnd ? 1 : 0)
            self.values = values
        }
    }

    /// The second container made after the first has read, and nested arrays read by both.
    struct SecondAfterARead: Decodable, Equatable {
        let values: [[Int]]

        init(from decoder: any Decoder) throws {
            var first = try decoder.unkeyedContainer()
            let a = try first.decode([Int].self)
            var second = try decoder.unkeyedContainer()
            var nested = try second.nestedUnkeyedContainer()
            let b = try nested.decode(Int.self)
            let c = try first.decode([Int].self)
            let d = try nested.decode(Int.self)
            let e = try second.decode([Int].self)
            values = [a, [b], c, [d], e, [first.currentIndex, second.currentIndex]]
        }
    }

    /// Reads the decoder of a key that may be missing as `T` (Foundation gives it a `null`).
    struct MissingKeyDecoder<T: Decodable & Equatable>: Decodable, Equatable {
        let value: T

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            value = try container.superDecoder(forKey: AnyKey("missing")).singleValueContainer().decode(T.self)
        }
    }

    @Test func aMissingKeysDecoderReadsAsNull() throws {
        for json in [#"{}"#, #"{"missing":null}"#, #"{"missing":true}"#, #"{"missing":1}"#] {
            try expectSame(MissingKeyDecoder<Bool>.self, json)
            try expectSame(MissingKeyDecoder<Int>.self, json)
            try expectSame(MissingKeyDecoder<String>.self, json)
            try expectSame(MissingKeyDecoder<Double>.self, json)
            try expectSame(MissingKeyDecoder<[Int]>.self, json)
        }
    }

    /// The same through a `superDecoder(forKey:)` (where the second container's read used to leave
    /// the first one reading from the middle of an element: an assertion in debug builds).
    struct TwoUnkeyedInASuperDecoder: Decodable, Equatable {
        let values: [Int]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let inner = try container.superDecoder(forKey: AnyKey("x"))
            var first = try inner.unkeyedContainer()
            var second = try inner.unkeyedContainer()
            values = [try second.decode(Int.self), try first.decode(Int.self), try first.decode(Int.self)]
        }
    }

    /// A late element decoder read while another container's cursor stands where its value starts
    /// (the second container starts at the first element): the read, or the check of a failed
    /// one, moved that cursor, and the second container then read from the wrong place (an
    /// assertion in debug builds; found by the fuzz target).
    struct LateReadAtTheLiveCursor: Decodable, Equatable {
        let values: [String]

        init(from decoder: any Decoder) throws {
            var first = try decoder.unkeyedContainer()
            let element = try first.superDecoder()
            var second = try decoder.unkeyedContainer()
            var values: [String] = []
            values.append((try? element.singleValueContainer().decode(Int.self)).map(String.init) ?? "not an Int")
            values.append(String(try element.singleValueContainer().decodeNil()))
            values.append(try element.singleValueContainer().decode(String.self))
            values.append(try second.decode(String.self))
            values.append(String(try second.decodeNil()))
            values.append(try first.decode(String.self))
            self.values = values
        }
    }

    @Test func twoUnkeyedContainersFromOneDecoder() throws {
        try expectSame(LateReadAtTheLiveCursor.self, #"["a","b","c"]"#)
        try expectSame(LateReadAtTheLiveCursor.self, #"["a",null,"c"]"#)
        try expectSame(TwoUnkeyedInASuperDecoder.self, #"{"x":[1,2]}"#)
        try expectSame(TwoUnkeyedInASuperDecoder.self, #"{"x":[1,2],"y":[3]}"#)
        try expectSame(TwoUnkeyedInASuperDecoder.self, #"{"x":[1]}"#)
        try expectSame(TwoUnkeyed.self, "[1,2,3]")
        try expectSame(TwoUnkeyed.self, "[1,2]")
        try expectSame(TwoUnkeyed.self, "[1]")
        try expectSame(TwoUnkeyed.self, "[[1],2]")
        try expectSame(SecondAfterARead.self, "[[1,2],[3,4],[5]]")
        try expectSame(SecondAfterARead.self, "[[1,2],[3]]")
        let simd = try SimdJSONDecoder().decode(TwoUnkeyed.self, from: Data("[1,2,3]".utf8))
        #expect(simd.values == [1, 1, 2, 1, 2, 3, 0, 2, 0])
    }

    // MARK: Helpers

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func expectSame<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let data = Data(json.utf8)
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = keys
        let simd = SimdJSONDecoder()
        simd.keyDecodingStrategy = keys
        let expected = outcome { try foundation.decode(T.self, from: data) }
        let actual = outcome { try simd.decode(T.self, from: data) }
        #expect(actual.text == expected.text, sourceLocation: sourceLocation)
    }
}

/// Random documents read by a model that takes its containers in a random order and finishes
/// them in another (decisions seeded by the coding path, so that both decoders make the same
/// ones only if they report the same paths), against JSONDecoder.
@Suite struct ShuffledContainerTests {
    /// What a node read, and the coding path each decoder and container reported (`at`).
    indirect enum Tree: Equatable {
        case int(Int), string(String), array([Tree]), object([String: Tree])
        case at(String, Tree)
    }

    struct Seed: Sendable { let value: UInt64 }
    static let seedKey = CodingUserInfoKey(rawValue: "seed")!

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// What a node took and finishes later: a decoder, or a container of the value.
    enum Late {
        case decoder(any Decoder)
        case keyed(KeyedDecodingContainer<AnyKey>)
        case unkeyed(any UnkeyedDecodingContainer)

        func read(_ random: inout SplitMix64) throws -> Tree {
            switch self {
            case .decoder(let decoder):
                return try Node(from: decoder).tree
            case .keyed(let container):
                var fields: [String: Tree] = [:]
                for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }).shuffled(using: &random) {
                    fields[key.stringValue] = try container.decode(Node.self, forKey: key).tree
                }
                return .at(pathText(container.codingPath), .object(fields))
            case .unkeyed(var container):
                var elements: [Tree] = []
                while !container.isAtEnd { elements.append(try container.decode(Node.self).tree) }
                return .at(pathText(container.codingPath), .array(elements))
            }
        }
    }

    /// A value read through containers taken and finished in a shuffled order.
    struct Node: Decodable, Equatable {
        var tree: Tree

        init(from decoder: any Decoder) throws {
            let seed = (decoder.userInfo[ShuffledContainerTests.seedKey] as? Seed)?.value ?? 0
            var path = ""
            for key in decoder.codingPath { path += key.intValue.map { "#\($0)" } ?? "/\(key.stringValue)" }
            var random = SplitMix64(seed: seed ^ UInt64(truncatingIfNeeded: path.hashValueStable))
            if let container = try? decoder.container(keyedBy: AnyKey.self) {
                var fields: [String: Tree] = [:]
                var late: [(String, Late)] = []
                for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }).shuffled(using: &random) {
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: late.append((key.stringValue, .decoder(try container.superDecoder(forKey: key))))
                    case 1:
                        if let nested = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: key) {
                            late.append((key.stringValue, .keyed(nested)))
                        } else if let nested = try? container.nestedUnkeyedContainer(forKey: key) {
                            late.append((key.stringValue, .unkeyed(nested)))
                        } else {
                            fields[key.stringValue] = try container.decode(Node.self, forKey: key).tree
                        }
                    default: fields[key.stringValue] = try container.decode(Node.self, forKey: key).tree
                    }
                    if !late.isEmpty && Int.random(in: 0..<3, using: &random) == 0 {
                        let (name, late) = late.remove(at: Int.random(in: 0..<late.count, using: &random))
                        fields[name] = try late.read(&random)
                    }
                }
                for (name, late) in late.shuffled(using: &random) { fields[name] = try late.read(&random) }
                tree = .at(path, .object(fields))
            } else if var container = try? decoder.unkeyedContainer() {
                var elements: [Int: Tree] = [:]
                var late: [(Int, Late)] = []
                while !container.isAtEnd {
                    let index = container.currentIndex
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: late.append((index, .decoder(try container.superDecoder())))
                    case 1:
                        if let nested = try? container.nestedContainer(keyedBy: AnyKey.self) {
                            late.append((index, .keyed(nested)))
                        } else if let nested = try? container.nestedUnkeyedContainer() {
                            late.append((index, .unkeyed(nested)))
                        } else {
                            elements[index] = try container.decode(Node.self).tree
                        }
                    default: elements[index] = try container.decode(Node.self).tree
                    }
                    if !late.isEmpty && Int.random(in: 0..<3, using: &random) == 0 {
                        let (index, late) = late.remove(at: Int.random(in: 0..<late.count, using: &random))
                        elements[index] = try late.read(&random)
                    }
                }
                for (index, late) in late.shuffled(using: &random) { elements[index] = try late.read(&random) }
                tree = .at(path, .array((0..<elements.count).map { elements[$0]! }))
            } else {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Int.self) {
                    tree = .at(path, .int(number))
                } else {
                    tree = .at(path, .string(try container.decode(String.self)))
                }
            }
        }
    }

    static func document(_ random: inout SplitMix64, depth: Int) -> String {
        let keys = ["a", "b_c", "d", "e_f_g", "h\\u0069", "j"]
        switch depth == 0 ? Int.random(in: 0..<2, using: &random) : Int.random(in: 0..<4, using: &random) {
        case 0: return String(Int.random(in: -99...99, using: &random))
        case 1: return "\"s\(Int.random(in: 0..<10, using: &random))\""
        case 2:
            let count = Int.random(in: 0...4, using: &random)
            return "[" + (0..<count).map { _ in document(&random, depth: depth - 1) }.joined(separator: ",") + "]"
        default:
            let chosen = keys.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random))
            return "{" + chosen.map { "\"\($0)\":" + document(&random, depth: depth - 1) }.joined(separator: ",") + "}"
        }
    }

    @Test(arguments: [false, true])
    func shuffledContainersReadWhatFoundationReads(snakeCase: Bool) throws {
        var random = SplitMix64(seed: snakeCase ? 2 : 1)
        for round in 0..<300 {
            let json = Self.document(&random, depth: 4)
            let data = Data(json.utf8)
            let seed = Seed(value: UInt64(round))
            let foundation = JSONDecoder()
            let simd = SimdJSONDecoder()
            foundation.userInfo[Self.seedKey] = seed
            simd.userInfo[Self.seedKey] = seed
            if snakeCase {
                foundation.keyDecodingStrategy = .convertFromSnakeCase
                simd.keyDecodingStrategy = .convertFromSnakeCase
            }
            let expected = outcome { try foundation.decode(Node.self, from: data) }
            let actual = outcome { try simd.decode(Node.self, from: data) }
            if let expected = expected.value, let actual = actual.value {
                #expect(actual == expected, "\(json)")
            } else {
                #expect(actual.text == expected.text, "\(json)")
            }
        }
    }
}

extension String {
    /// A hash that is the same in every run (`hashValue` is seeded per process).
    fileprivate var hashValueStable: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}
