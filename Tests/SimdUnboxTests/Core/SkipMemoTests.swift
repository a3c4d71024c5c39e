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

    /// A container left open (the document ends first) is reported when a skip reaches the end,
    /// with or without the memo.
    @Test(arguments: [
        #"[{"k5": 1, "k0": [1, [2, {"a": 3}"#, #"[{"k0": {"k1": [1, 2], "k5": 3}, "k5": [{"a": [}"#,
    ])
    func truncatedContainersAreReported(json: String) {
        #expect(throws: UnboxError.self) { let _: [ShuffledObject] = try unbox(string: json) }
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
