import CSimdJSON
import Foundation
import Testing

@testable import SimdUnbox

/// Lookups in any order, repeated and missing, over many objects: what one lookup learns about an
/// object's keys (the shim remembers them once a lookup has passed them all) must never answer a
/// later lookup wrongly, in the same object, a sibling, a nested object or the next document.
@Suite struct KeyLookupTests {
    /// Objects holding a random subset of `k0`...`k9` in random order, with `escapes` some keys
    /// written with an escape (`k\u0035` is `k5`, which only an unescaped search finds), some with
    /// nested objects whose keys repeat the outer ones.
    static func objects(count: Int, seed: UInt64, escapes: Bool) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            var fields: [String] = []
            for key in (0..<10).shuffled(using: &random) where Int.random(in: 0..<3, using: &random) > 0 {
                let name = escapes && Int.random(in: 0..<6, using: &random) == 0 ? #"k\u003\#(key)"# : "k\(key)"
                fields.append(#""\#(name)": \#(index * 100 + key)"#)
            }
            if Bool.random(using: &random) {
                let position = Int.random(in: 0...fields.count, using: &random)
                fields.insert(#""nested": {"k1": -1, "x": -2, "k7": {"k3": -3}}"#, at: position)
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
    }

    /// What `Probe` should read from `object`.
    static func expected(_ object: String) throws -> [Int?] {
        guard case .object(let fields) = try JSONValue(string: object) else { throw NotAnObject() }
        return Probe.order.map { key in
            if case .number(let number)? = fields[key] { return number.integerValue(Int.self) }
            return nil
        }
    }

    @Test(arguments: [(1, false), (2, false), (3, true), (4, true)])
    func lookupsInAnyOrderAgreeWithTheDocument(seed: UInt64, escapes: Bool) throws {
        let objects = Self.objects(count: 120, seed: seed, escapes: escapes)
        let expected = try objects.map(Self.expected)
        let array = "[" + objects.joined(separator: ",\n") + "]"
        // Twice: the second decode reuses the parser and what it kept.
        for _ in 0..<2 {
            let probes: [Probe] = try unbox(string: array)
            #expect(probes.map(\.values) == expected)
        }
        // Objects one level deeper, with a sibling read between lookups of each.
        let pairs = "[" + objects.map { #"{"a": \#($0), "b": \#($0)}"# }.joined(separator: ",") + "]"
        let interleaved: [Interleaved] = try unbox(string: pairs)
        #expect(interleaved.map(\.a) == expected)
        #expect(interleaved.map(\.b) == expected)
        // Each object its own document, in stream windows.
        var reader = JSONStreamReader<Probe>(string: objects.joined(separator: "\n"), format: .jsonLines)
        var streamed: [[Int?]] = []
        while let probe = try reader.next() { streamed.append(probe.values) }
        #expect(streamed == expected)
    }

    /// At the shim: an iteration over some of an object's fields, between lookups, must not leave
    /// the lookups believing they have seen every key.
    @Test func lookupsAfterAPartialIterationOfTheSameObject() throws {
        let parser = try #require(csimdjson_parser_create())
        defer { csimdjson_parser_destroy(parser) }
        var root = try iterate(parser, #"{"a": 1, "b": 2, "c": 3, "d": 4}"#)
        var object = csimdjson_object()
        try #require(csimdjson_value_get_object(&root, &object) == CSIMDJSON_SUCCESS)
        #expect(find("zz", in: &object) == nil)  // a second pass: from now on objects at this depth keep a memo
        #expect(find("a", in: &object) == 1)
        var hasFields = false
        try #require(csimdjson_object_reset(&object, &hasFields) == CSIMDJSON_SUCCESS && hasFields)
        var iterator = csimdjson_object_iterator()
        try #require(csimdjson_object_iterate(&object, &iterator) == CSIMDJSON_SUCCESS)
        for expected in ["a", "b", "c"] {
            var hasField = false
            var key: UnsafePointer<UInt8>?
            var keyLength = 0
            var value = csimdjson_value()
            try #require(
                csimdjson_object_iterator_next(parser, &iterator, &hasField, &key, &keyLength, &value)
                    == CSIMDJSON_SUCCESS)
            #expect(
                hasField
                    && String(decoding: UnsafeBufferPointer(start: key, count: keyLength), as: UTF8.self) == expected)
        }
        #expect(find("d", in: &object) == 4)
        #expect(find("zz", in: &object) == nil)
        #expect(find("b", in: &object) == 2)
        #expect(find("c", in: &object) == 3)
        #expect(find("a", in: &object) == 1)
    }

    /// At the shim: what a parser learned of an object's keys in one document must not answer
    /// for the object at the same position in the next one.
    @Test func keysOfAnEarlierDocumentAtTheSamePosition() throws {
        let parser = try #require(csimdjson_parser_create())
        defer { csimdjson_parser_destroy(parser) }
        // The second object of each document starts at the same token; in the first, its keys are
        // all seen (the first object's miss made its depth keep them).
        try forEachObject(in: try iterate(parser, #"[{"kA": 1, "kB": 2}, {"kA": 1, "kB": 2}]"#)) { index, object in
            if index == 0 { #expect(find("zz", in: &object) == nil) }
            if index == 1 {
                #expect(find("kA", in: &object) == 1)
                #expect(find("zz", in: &object) == nil)
            }
        }
        // In the second, its first miss comes after a lookup, so its keys were never recorded.
        try forEachObject(in: try iterate(parser, #"[[0, 0, 0, 0], {"kC": 1, "kB": 2}]"#)) { index, object in
            #expect(index == 1)
            #expect(find("kB", in: &object) == 2)
            #expect(find("zz", in: &object) == nil)
            #expect(find("kC", in: &object) == 1)
        }
    }

    /// Parses `json` with `parser`: its root value.
    private func iterate(_ parser: OpaquePointer, _ json: String) throws -> csimdjson_value {
        let bytes = Array(json.utf8)
        var buffer: UnsafeMutablePointer<UInt8>?
        try #require(csimdjson_parser_reserve_input(parser, bytes.count, &buffer) == CSIMDJSON_SUCCESS)
        try #require(buffer != nil)
        buffer?.update(from: bytes, count: bytes.count)
        var root = csimdjson_value()
        try #require(csimdjson_parser_iterate_input(parser, bytes.count, &root) == CSIMDJSON_SUCCESS)
        return root
    }

    /// Calls `body` with each object element of the root array, in turn (other elements are
    /// skipped), as On-Demand reads them: an element is done with before the next is reached.
    private func forEachObject(
        in root: csimdjson_value, _ body: (Int, inout csimdjson_object) throws -> Void
    ) throws {
        var root = root
        var array = csimdjson_array()
        try #require(csimdjson_value_get_array(&root, &array) == CSIMDJSON_SUCCESS)
        var iterator = csimdjson_array_iterator()
        try #require(csimdjson_array_iterate(&array, &iterator) == CSIMDJSON_SUCCESS)
        var index = 0
        while true {
            var hasElement = false
            var element = csimdjson_value()
            try #require(csimdjson_array_iterator_next(&iterator, &hasElement, &element) == CSIMDJSON_SUCCESS)
            guard hasElement else { return }
            var object = csimdjson_object()
            if csimdjson_value_get_object(&element, &object) == CSIMDJSON_SUCCESS { try body(index, &object) }
            index += 1
        }
    }

    /// The integer at `key` in `object`, nil when the key is missing, -1 on any other outcome.
    private func find(_ key: String, in object: inout csimdjson_object) -> Int64? {
        var value = csimdjson_value()
        let bytes = Array(key.utf8)
        let code = csimdjson_object_find_field(&object, bytes, bytes.count, &value)
        if code == CSIMDJSON_NO_SUCH_FIELD { return nil }
        var number: Int64 = 0
        guard code == CSIMDJSON_SUCCESS, csimdjson_value_get_int64(&value, &number) == CSIMDJSON_SUCCESS else {
            return -1
        }
        return number
    }

    @Test func codableLookupsAroundAllKeysAgreeWithJSONDecoder() throws {
        let objects = Self.objects(count: 120, seed: 9, escapes: false)
        let array = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let foundation = try JSONDecoder().decode([KeysAndLookups].self, from: array)
        let simd = try SimdJSONDecoder().decode([KeysAndLookups].self, from: array)
        #expect(simd == foundation)
    }

    /// A key written with an escape is found by every scalar's fused read, `Bool` included.
    @Test func escapedKeysOfEveryScalar() throws {
        let json = #"{"fl\u0061g": true, "c\u006funt": 3, "r\u0061te": 0.5, "n\u0061me": "n"}"#
        let model: EveryScalar = try unbox(string: json)
        #expect(model.flag && model.count == 3 && model.rate == 0.5 && model.name == "n")
    }
}

private struct NotAnObject: Error {}

/// Reads `order` one key at a time, each missing key as nil.
private struct Probe: Unboxable {
    static let order = ["k3", "x", "k0", "k9", "k5", "zz", "k1", "k7", "k3", "k2", "y", "k8", "k4", "k6", "k0", "k5"]
    let values: [Int?]

    init(unboxer: Unboxer) throws {
        values = try Self.order.map { try unboxer.unboxIfPresent(key: $0) }
    }
}

/// Two objects at the same depth, their lookups interleaved.
private struct Interleaved: Unboxable {
    let a: [Int?]
    let b: [Int?]

    init(unboxer: Unboxer) throws {
        var a: [Int?] = []
        var b: [Int?] = []
        for key in Probe.order {
            a.append(try unboxer.unboxIfPresent(keyPath: "a." + key))
            b.append(try unboxer.unboxIfPresent(keyPath: "b." + key))
        }
        self.a = a
        self.b = b
    }
}

/// Lookups before and after listing the keys, and `contains` between them.
private struct KeysAndLookups: Decodable, Equatable {
    let before: [Int?]
    let keys: [String]
    let after: [Int?]
    let contained: [Bool]

    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        before = try ["k4", "x", "k1"].map { try container.decodeIfPresent(Int.self, forKey: Key(stringValue: $0)) }
        keys = container.allKeys.map(\.stringValue).sorted()
        after = try Probe.order.map { try container.decodeIfPresent(Int.self, forKey: Key(stringValue: $0)) }
        contained = Probe.order.map { container.contains(Key(stringValue: $0)) }
    }
}

private struct EveryScalar: Unboxable {
    let flag: Bool, count: Int, rate: Double, name: String

    init(unboxer: Unboxer) throws {
        flag = try unboxer.unbox(key: "flag")
        count = try unboxer.unbox(key: "count")
        rate = try unboxer.unbox(key: "rate")
        name = try unboxer.unbox(key: "name")
    }
}
