import Foundation
import Testing

@testable import SimdUnbox

/// The skip memo: once a document's lookups go out of order, the end of the last object that
/// lookups walked to its end is remembered at each depth, and later skips of it (and the move past
/// an array element read out of order) jump to its end; other containers are skipped by counting
/// brackets. A jump or a count must land exactly where simdjson's walk would, whatever the read
/// order, the nesting and the brackets or quotes inside strings.
@Suite struct SkipMemoTests {
    /// Documents of nested objects, arrays of objects and deep values, read in an order other than
    /// the document's with absent keys and `try?` chains, agree with what was generated.
    @Test(arguments: 0..<40)
    func outOfOrderReadsAgreeWithTheGeneratedValues(seed: Int) throws {
        var generator = DocumentGenerator(seed: UInt64(seed))
        let objects = (0..<8).map { _ in generator.object(depth: 0) }
        let json = "[" + objects.map(\.json).joined(separator: ",") + "]"
        let decoded: [ShuffledObject] = try unbox(string: json)
        #expect(decoded.map(\.fields) == objects.map(\.fields))
    }

    /// The same element read twice in one document (a retry after a type mismatch goes back to the
    /// value): jumps recorded by the first read serve the second.
    @Test func retriesAfterAMismatchJumpCorrectly() throws {
        let json = #"{"list": [{"k1": [1, {"x": "]}"}], "k0": 2}, {"k0": 3}], "k0": [[[[]]]], "k5": 7}"#
        let decoded: ShuffledObject = try unbox(string: json)
        #expect(decoded.fields["k5"] == .int(7))
        #expect(decoded.fields["k0"] == nil)
    }

    /// An array of models iterated to its end, then its parent walked again (the root's fields read
    /// after it, as a map app reads a GeoJSON collection's `type` after its features): the walk
    /// jumps over the array, and so does the document's finish, which still reports what follows
    /// the root. Brackets inside strings and arrays nested in the elements must not move the jump.
    /// (Only arrays of 64 tokens or more are noted: these have over a hundred.)
    @Test(arguments: [("", true), ("  \n", true), (" x", false), ("]", false), (" {}", false)])
    func anArrayReadToItsEndIsJumpedOver(after root: String, valid: Bool) throws {
        let points = (0..<40).map { "[\($0)]" }.joined(separator: ", ")
        let json =
            #"{"type": "T", "features": [{"p": [[1], [2, 5]], "s": "]]"}, {"p": ["# + points
            + #"], "s": "[{"}], "n": 3}"# + root
        guard valid else {
            #expect(throws: UnboxError.self) { let _: FeatureList = try unbox(string: json) }
            return
        }
        let decoded: FeatureList = try unbox(string: json)
        #expect(decoded.type == "T")
        #expect(decoded.count == 3)
        #expect(
            decoded.features == [
                Feature(points: [[1], [2, 5]], label: "]]"), Feature(points: (0..<40).map { [$0] }, label: "[{"),
            ])
    }

    /// The same, read again and again in one process: each document's jumps come from its own
    /// reads, never from the document read before it (whose arrays end at other tokens).
    @Test func eachDocumentJumpsOnlyOverItsOwnArrays() throws {
        for count in 0..<6 {
            let features = (0..<count).map { index in
                #"{"p": ["# + (0..<(10 * index)).map { "[\($0)]" }.joined(separator: ", ") + #"], "s": "f\#(index)"}"#
            }
            let json =
                #"{"type": "T\#(count)", "features": ["# + features.joined(separator: ", ") + #"], "n": \#(count)}"#
            let decoded: FeatureList = try unbox(string: json)
            #expect(decoded.type == "T\(count)")
            #expect(decoded.count == count)
            #expect(decoded.features.map(\.label) == (0..<count).map { "f\($0)" })
            #expect(decoded.features.map(\.points.count) == (0..<count).map { 10 * $0 })
        }
    }

    /// An object read in part after a lookup walked it to its end (a key path's object whose later
    /// field was read first, then an earlier one, as a map app reads `geometry.coordinates` then
    /// `geometry.type`): the parent's next lookup leaves it by a jump to its end, from wherever in
    /// it the read stopped.
    @Test func anObjectReadInPartIsLeftByAJump() throws {
        let shapes = (0..<4).map { index in
            let points = (0..<(20 * index)).map { "[\($0)]" }.joined(separator: ", ")
            return #"{"type": "F\#(index)", "geometry": {"kind": "k}\#(index)", "points": ["# + points
                + #"], "tail": {"x": "]"}}, "properties": {"name": "n\#(index)"}}"#
        }
        let json = "[" + shapes.joined(separator: ", ") + "]"
        let decoded: [Shape] = try unbox(string: json)
        #expect(decoded.map(\.type) == (0..<4).map { "F\($0)" })
        #expect(decoded.map(\.kind) == (0..<4).map { "k}\($0)" })
        #expect(decoded.map(\.name) == (0..<4).map { "n\($0)" })
        #expect(decoded.map(\.points.count) == (0..<4).map { 20 * $0 })
    }

    /// A container left open (the document ends first) is reported when a skip reaches the end,
    /// with or without the memo.
    @Test(arguments: [
        #"[{"k5": 1, "k0": [1, [2, {"a": 3}"#, #"[{"k0": {"k1": [1, 2], "k5": 3}, "k5": [{"a": [}"#,
    ])
    func truncatedContainersAreReported(json: String) {
        #expect(throws: UnboxError.self) { let _: [ShuffledObject] = try unbox(string: json) }
    }
}

/// A collection whose features are read first, then the fields around them.
private struct FeatureList: Unboxable {
    let features: [Feature]
    let type: String
    let count: Int

    init(unboxer: Unboxer) throws {
        features = try unboxer.unbox(key: "features")
        type = try unboxer.unbox(key: "type")
        count = try unboxer.unbox(key: "n")
    }
}

private struct Feature: Unboxable, Equatable {
    let points: [[Int]]
    let label: String

    init(points: [[Int]], label: String) {
        self.points = points
        self.label = label
    }

    init(unboxer: Unboxer) throws {
        label = try unboxer.unbox(key: "s")
        points = try unboxer.unbox(key: "p")
    }
}

/// A feature read through key paths, its geometry's later field first.
private struct Shape: Unboxable {
    let points: [[Int]]
    let kind: String
    let type: String
    let name: String

    init(unboxer: Unboxer) throws {
        points = try unboxer.unbox(keyPath: "geometry.points")
        kind = try unboxer.unbox(keyPath: "geometry.kind")
        type = try unboxer.unbox(key: "type")
        name = try unboxer.unbox(keyPath: "properties.name")
    }
}

/// The keys `ShuffledObject` reads, in its order: reversed, with absent keys and a repeat.
private let readOrder = ["k5", "absent", "k3", "k1", "k4", "zz", "k0", "k2", "k1"]

/// A field's value as `ShuffledObject` reads it.
private indirect enum Node: Equatable {
    case int(Int)
    case string(String)
    case ints([Int])
    case objects([[String: Node]])
    case object([String: Node])
}

/// Reads the keys of `readOrder`, each through a `try?` chain (integer, string, integer array,
/// object array, object); a key that is absent or matches none of them is left out.
private struct ShuffledObject: Unboxable {
    var fields: [String: Node] = [:]

    init(unboxer: Unboxer) throws {
        for key in readOrder where fields[key] == nil {
            if let value: Int = try? unboxer.unbox(key: key) {
                fields[key] = .int(value)
            } else if let value: String = try? unboxer.unbox(key: key) {
                fields[key] = .string(value)
            } else if let value: [Int] = try? unboxer.unbox(key: key) {
                fields[key] = .ints(value)
            } else if let value: [ShuffledObject] = try? unboxer.unbox(key: key) {
                fields[key] = .objects(value.map(\.fields))
            } else if let value: ShuffledObject = try? unboxer.unbox(key: key) {
                fields[key] = .object(value.fields)
            }
        }
    }
}

/// Writes random objects with the keys `k0`...`k5` in random order (some left out), and what
/// `ShuffledObject` reads from each.
private struct DocumentGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func object(depth: Int) -> (json: String, fields: [String: Node]) {
        var parts: [String] = []
        var fields: [String: Node] = [:]
        for index in (0..<6).shuffled(using: &random) where Int.random(in: 0..<5, using: &random) > 0 {
            let key = "k\(index)"
            let (json, node) = value(depth: depth)
            parts.append(#""\#(key)": \#(json)"#)
            fields[key] = node
            // Fields no read asks for, between the others: more to skip.
            if Int.random(in: 0..<3, using: &random) == 0 { parts.append(#""pad\#(index)": \#(unread())"#) }
        }
        return ("{" + parts.joined(separator: ", ") + "}", fields)
    }

    mutating func value(depth: Int) -> (String, Node?) {
        switch Int.random(in: 0..<(depth < 3 ? 7 : 3), using: &random) {
        case 0:
            let value = Int.random(in: -1000...1000, using: &random)
            return ("\(value)", .int(value))
        case 1:
            let text = ["plain", "with [brackets] {and} braces", #"a \"quoted\" ] } string"#, ""].randomElement(
                using: &random)!
            let decoded = text.replacingOccurrences(of: #"\""#, with: #"""#)
            return (#""\#(text)""#, .string(decoded))
        case 2:
            let values = (0..<Int.random(in: 0..<5, using: &random)).map { _ in Int.random(in: 0..<100, using: &random)
            }
            return ("[" + values.map(String.init).joined(separator: ", ") + "]", .ints(values))
        case 3, 4:
            let elements = (0..<Int.random(in: 1..<4, using: &random)).map { _ in object(depth: depth + 1) }
            return ("[" + elements.map(\.json).joined(separator: ", ") + "]", .objects(elements.map(\.fields)))
        case 5:
            let nested = object(depth: depth + 1)
            return (nested.json, .object(nested.fields))
        default:
            // Deeper than the skip memo's stack of open containers, and not any type the chain reads.
            return (unread(), nil)
        }
    }

    /// A value that no read of `ShuffledObject` matches (arrays that start with a number and go on
    /// with objects), nested deeper than 32 levels.
    mutating func unread() -> String {
        let depth = Int.random(in: 30..<45, using: &random)
        return String(repeating: #"[0, {"a": "}]", "b": "#, count: depth) + "null"
            + String(repeating: "}]", count: depth)
    }
}
