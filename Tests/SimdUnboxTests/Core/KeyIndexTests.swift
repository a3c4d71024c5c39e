import Foundation
import Testing

@testable import SimdUnbox

/// The key index: once a lookup in an object wraps around or misses, the object's fields are
/// recorded (key and value position) and every later lookup in it is answered from the record.
/// Small objects are searched linearly, larger ones through a seeded hash table, and objects with
/// more fields than an index keeps fall back to scanning. Every path must agree with a full parse.
@Suite struct KeyIndexTests {
    /// An object of `count` fields `f0`... holding their own index, in a shuffled order, with
    /// values of every kind between them (nested objects repeat the outer keys).
    static func object(count: Int, seed: UInt64) -> (json: String, keys: [String]) {
        var random = SplitMix64(seed: seed)
        let keys = (0..<count).map { "f\($0)" }
        let fields = keys.indices.shuffled(using: &random).map { index -> String in
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return #""f\#(index)": \#(index)"#
            case 1: return #""f\#(index)" : \#(index) "#
            case 2: return #""f\#(index)":\#(index),"n\#(index)":{"f\#(index)":-1,"f0":[-2,{"f1":-3}]}"#
            default: return #""f\#(index)":\#(index),"s\#(index)":"a \"quoted\" f\#(index)""#
            }
        }
        return ("{" + fields.joined(separator: ",") + "}", keys)
    }

    @Test(arguments: [3, 16, 17, 40, 64, 65, 300])
    func anyReadOrderFindsEveryField(count: Int) throws {
        let (json, keys) = Self.object(count: count, seed: UInt64(count))
        var random = SplitMix64(seed: 7)
        let orders = [keys, keys.reversed(), keys.shuffled(using: &random)]
        for order in orders {
            let probe = try unbox(string: json, as: order + ["absent", "f0", "absent2"])
            #expect(probe.values == order.map { Int($0.dropFirst()) } + [nil, 0, nil])
        }
    }

    /// Keys of one length that agree on their first and last eight bytes: a hash that reads only
    /// those would put them all in one slot.
    @Test func keysDifferingOnlyInTheMiddle() throws {
        let keys = (0..<200).map { index -> String in
            let bits = String(index, radix: 2)
            return "prefix--" + String(repeating: "0", count: 8 - bits.count) + bits + "--suffix"
        }
        let json = "{" + keys.enumerated().map { #""\#($1)":\#($0)"# }.joined(separator: ",") + "}"
        let probe = try unbox(string: json, as: keys.reversed() + ["prefix--00000000--suffiy"])
        #expect(probe.values == Array((0..<200).reversed()) + [nil])
    }

    @Test func longKeysAndKeysWithEscapes() throws {
        let long = String(repeating: "k", count: 100)
        let json = #"{"a\"b": 1, "\#(long)1": 2, "\#(long)": 3, "x\\": 4, "na\u006de": 5, "z": 6}"#
            .replacingOccurrences(of: "{", with: "{" + (0..<70).map { #""pad\#($0)": 0"# }.joined(separator: ",") + ",")
        // Read backwards, so that the index (hashed: more than 64 fields) answers.
        let probe = try unbox(string: json, as: ["z", long, long + "1", "a", "x", "name", "a\"b"])
        // Escaped keys are found by their unescaped value, as before; keys with quotes never match
        // by their raw bytes.
        #expect(probe.values == [6, 3, 2, nil, nil, 5, 1])
    }

    /// Duplicate keys: the index keeps the first occurrence.
    @Test func duplicatesInAnIndexedObject() throws {
        let json = #"{"a": 1, "b": 2, "a": 3, "c": 4, "b": 5}"#
        let probe = try unbox(string: json, as: ["c", "a", "b", "absent", "a"])
        #expect(probe.values == [4, 1, 2, nil, 1])
        // A million copies of one key: each is compared once as the index is built.
        let many = "{" + String(repeating: #""d":1,"#, count: 1_000_000) + #""e":2}"#
        let manyProbe = try unbox(string: many, as: ["e", "d", "absent"])
        #expect(manyProbe.values == [2, 1, nil])
    }

    /// The small memo's search compares heads (a key's first four bytes) four fields at a time: keys
    /// that share their head land in one group of four and in the group after it, and a duplicate
    /// whose first copy shares its group with other candidates must still be the one found.
    @Test(arguments: [5, 8, 9, 23, 64])
    func keysSharingTheirHeadInOneSearch(count: Int) throws {
        let keys = (0..<count).map { "same\($0)" }
        // The last key comes first, so that the first lookup wraps around and the memo answers.
        var fields = keys.enumerated().map { #""\#($1)": \#($0)"# }
        fields.insert(#""same2": -1"#, at: min(6, fields.count))  // a later copy of a key
        let json = "{" + fields.joined(separator: ",") + "}"
        let order = [keys[count - 1]] + keys.reversed() + ["same", "same\(count)", "sam", "same2"]
        let probe = try unbox(string: json, as: order)
        #expect(probe.values == [count - 1] + Array((0..<count).reversed()) + [nil, nil, nil, 2])
    }

    /// More fields than an index keeps (65,536): lookups scan, and still find every field.
    @Test func objectsTooLargeForAnIndex() throws {
        let count = 70_000
        let json = "{" + (0..<count).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        let probe = try unbox(string: json, as: ["k69999", "k3", "absent", "k40000", "k0", "k69999"])
        #expect(probe.values == [69999, 3, nil, 40000, 0, 69999])
    }

    /// After an index answered, the parent keeps reading correctly, in the same document and in
    /// sibling objects at the same depth.
    @Test func parentsAndSiblingsAfterAnIndexedChild() throws {
        let json = #"[{"x": {"b": 2, "a": 1, "c": {"d": 4}}, "y": 9}, {"x": {"a": 10, "b": 20}, "y": 90}]"#
        let pairs: [Pair] = try SimdUnbox.unbox(string: json)
        #expect(pairs.map(\.a) == [1, 10])
        #expect(pairs.map(\.b) == [2, 20])
        #expect(pairs.map(\.y) == [9, 90])
        #expect(pairs.map(\.d) == [4, nil])
    }

    /// A broken field separator met while indexing an object is reported, never skipped (a malformed
    /// value inside a field nobody reads is not noticed, as the README says).
    @Test(arguments: [#"{"a": 1 "c": 3}"#, #"{"a": 1, "b" 2, "c": 3}"#, #"{"a": 1, "b": 2, 3: 4}"#])
    func malformedFieldsWhileIndexing(json: String) {
        #expect(throws: UnboxError.self) { _ = try unbox(string: json, as: ["c", "a", "zz"]) }
    }

    /// Key paths are read in place from their UTF-8: indices as `Int(_:)` reads them, JSON Pointer
    /// escapes, long paths, and error paths rebuilt from the text.
    @Test(arguments: [
        ("list.+1", 20), ("list.-0", 10), ("list.01", 20), ("/a~01", 7), ("/a~1b/c", 8), ("a/b.c", 8),
        ("deep" + String(repeating: ".x", count: 40), 9), ("/deep" + String(repeating: "/x", count: 40), 9),
    ])
    func keyPathsReadInPlace(path: String, expected: Int) throws {
        let deep = String(repeating: #"{"x":"#, count: 40) + "9" + String(repeating: "}", count: 40)
        let json = #"{"list": [10, 20], "a~1": 7, "a/b": {"c": 8}, "deep": \#(deep)}"#
        let nested = path.hasPrefix("/") ? "/inner" + path : "inner." + path
        let reader: PathReader = try SimdUnbox.unbox(string: #"{"inner": \#(json)}"#, context: nested)
        #expect(reader.value == expected)
        let direct: Int = try SimdUnbox.unbox(string: json, atKeyPath: path)
        #expect(direct == expected)
    }

    @Test(arguments: [
        ("inner.list.-1", [UnboxPathComponent.key("inner"), .key("list"), .key("-1")]),
        ("inner.list.99999999999999999999", [.key("inner"), .key("list"), .key("99999999999999999999")]),
        ("inner.list.5", [.key("inner"), .key("list"), .index(5)]),
        (
            "inner.deep" + String(repeating: ".x", count: 40) + ".y",
            [.key("inner"), .key("deep")] + Array(repeating: .key("x"), count: 40) + [.key("y")]
        ),
    ])
    func keyPathErrorsNameThePath(path: String, expected: [UnboxPathComponent]) throws {
        let deep = String(repeating: #"{"x":"#, count: 40) + "{}" + String(repeating: "}", count: 40)
        let json = #"{"inner": {"list": [10, 20], "deep": \#(deep)}}"#
        do {
            let reader: PathReader = try SimdUnbox.unbox(string: json, context: path)
            Issue.record("decoded \(reader.value)")
        } catch let error as UnboxError {
            #expect(error.path == expected, "\(error)")
        }
    }

    private func unbox(string: String, as order: [String]) throws -> Probe {
        try SimdUnbox.unbox(string: string, context: order)
    }
}

/// Reads the integer fields named by its context, in that order, each missing one as nil.
private struct Probe: UnboxableWithContext {
    let values: [Int?]

    init(unboxer: Unboxer, context: [String]) throws {
        values = context.map { try? unboxer.unbox(key: $0) }
    }
}

/// Reads the integer at the key path its context names.
private struct PathReader: UnboxableWithContext {
    let value: Int

    init(unboxer: Unboxer, context: String) throws {
        value = try unboxer.unbox(keyPath: context)
    }
}

private struct Pair: Unboxable {
    let a: Int
    let b: Int
    let y: Int
    let d: Int?

    init(unboxer: Unboxer) throws {
        y = try unboxer.unbox(key: "y")
        d = try? unboxer.unbox(keyPath: "x.c.d")
        b = try unboxer.unbox(keyPath: "x.b")
        a = try unboxer.unbox(keyPath: "x.a")
    }
}
