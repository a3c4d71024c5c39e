import Foundation
import SimdUnbox
import Testing

// Declared models against Foundation's JSONDecoder on a hand-written Codable twin with the same
// mapping, over generated objects: random field order, missing keys, nulls, duplicates, escaped
// keys, wrong types and unknown fields.

@Unboxable
struct DiffModel: Equatable {
    let id: Int
    let name: String
    let ratio: Double?
    let tags: [Int]
    var active: Bool = true
    @UnboxKey("inner.count") let innerCount: Int
    @UnboxKey("inner.label") let innerLabel: String?
    let child: DiffChild?
}

@Unboxable
struct DiffChild: Equatable, Decodable {
    let x: Int
    var y: String = "none"

    init(x: Int, y: String) {
        self.x = x
        self.y = y
    }

    enum CodingKeys: String, CodingKey { case x, y }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        x = try container.decode(Int.self, forKey: .x)
        y = try container.decodeIfPresent(String.self, forKey: .y) ?? "none"
    }
}

/// `DiffModel` as `Decodable`, written by hand the way the declaration reads.
struct DiffTwin: Decodable {
    let model: DiffModel

    enum CodingKeys: String, CodingKey { case id, name, ratio, tags, active, inner, child }
    enum InnerKeys: String, CodingKey { case count, label }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
        model = DiffModel(
            id: try container.decode(Int.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            ratio: try container.decodeIfPresent(Double.self, forKey: .ratio),
            tags: try container.decode([Int].self, forKey: .tags),
            active: try container.decodeIfPresent(Bool.self, forKey: .active) ?? true,
            innerCount: try inner.decode(Int.self, forKey: .count),
            innerLabel: try inner.decodeIfPresent(String.self, forKey: .label),
            child: try container.decodeIfPresent(DiffChild.self, forKey: .child))
    }
}

/// A small deterministic generator (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes random objects for `DiffModel`.
struct DiffDocuments {
    var random: SeededGenerator

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// A key as written, sometimes with an escape sequence for its first letter.
    mutating func key(_ name: String) -> String {
        guard chance(10), let first = name.unicodeScalars.first else { return "\"\(name)\"" }
        let escaped = String(format: "\\u%04x", first.value)
        return "\"\(escaped)\(name.dropFirst())\""
    }

    /// A value of a type no field accepts in either decoder. (A number is no wrong type for a
    /// `String` or `Bool` field here: declared models take Unbox's conversions, which JSONDecoder
    /// does not have; `UnboxCompatibilityTests` covers those.)
    mutating func wrongValue() -> String {
        ["{}", "[\"a\"]", "{\"k\":1.5}", "[true]", "[]"].randomElement(using: &random)!
    }

    mutating func value(_ good: String) -> String {
        if chance(4) { return "null" }
        if chance(4) { return wrongValue() }
        return good
    }

    mutating func object(_ fields: [(String, String)], unknown: Bool) -> String {
        var entries: [String] = []
        for (name, good) in fields where !chance(8) {
            entries.append("\(key(name)):\(value(good))")
            if chance(5) { entries.append("\(key(name)):\(value(good))") }
        }
        if unknown {
            for index in 0..<Int.random(in: 0..<3, using: &random) {
                entries.append("\"extra\(index)\":{\"a\":[1,{\"b\":null}],\"id\":\"x\"}")
            }
        }
        entries.shuffle(using: &random)
        return "{" + entries.joined(separator: ",") + "}"
    }

    mutating func document() -> String {
        let id = Int.random(in: -1000...1000, using: &random)
        let inner = object([("count", "\(id * 2)"), ("label", "\"l\(id)\"")], unknown: true)
        let child = object([("x", "\(id + 1)"), ("y", "\"why\"")], unknown: true)
        return object(
            [
                ("id", "\(id)"), ("name", "\"n\\\"\(id)\""), ("ratio", "\(Double(id) / 8)"), ("tags", "[1,2,\(id)]"),
                ("active", chance(50) ? "false" : "true"), ("inner", inner), ("child", child),
            ], unknown: true)
    }
}

@Suite("Declared models against JSONDecoder")
struct DeclaredDifferentialTests {
    @Test(arguments: 0..<8)
    func generatedObjects(seed: UInt64) throws {
        var documents = DiffDocuments(random: SeededGenerator(state: seed))
        var decodedBoth = 0
        for _ in 0..<250 {
            let json = documents.document()
            let foundation = try? JSONDecoder().decode(DiffTwin.self, from: Data(json.utf8)).model
            let declared: DiffModel? = try? unbox(string: json)
            var failure = ""
            if declared == nil { do { let _: DiffModel = try unbox(string: json) } catch { failure = "\(error)" } }
            #expect(declared == foundation, "\(json) \(failure)")
            if declared != nil { decodedBoth += 1 }
        }
        // The generator must give both outcomes.
        #expect(decodedBoth > 5)
        #expect(decodedBoth < 245)
    }

    @Test func firstDuplicateWinsAsInJSONDecoder() throws {
        let json = #"{"x":1,"x":2,"y":"a","y":"b"}"#
        let foundation = try JSONDecoder().decode(DiffChild.self, from: Data(json.utf8))
        let declared: DiffChild = try unbox(string: json)
        #expect(declared == foundation)
        #expect(declared == DiffChild(x: 1, y: "a"))
    }
}

@Suite("Declared models on large objects")
struct DeclaredLargeObjectTests {
    /// An object of `count` unknown keys around the model's: each is skipped once, without
    /// unescaping or hashing it.
    @Test func hundredThousandKeys() throws {
        var json = "{"
        for index in 0..<100_000 { json += "\"k\(index)\":\(index)," }
        json += "\"x\":7}"
        let child: DiffChild = try unbox(string: json)
        #expect(child == DiffChild(x: 7, y: "none"))
    }

    /// 10,000 duplicates of one key: the first wins, the others are skipped (one test each).
    @Test func tenThousandDuplicates() throws {
        var json = "{"
        for index in 0..<10_000 { json += "\"x\":\(index)," }
        json += "\"y\":\"end\"}"
        let child: DiffChild = try unbox(string: json)
        #expect(child == DiffChild(x: 0, y: "end"))
        let error = try #require(
            unboxError(DeclaredPayment.self, "{" + String(repeating: "\"amount\":1,", count: 10_000) + "\"z\":0}"))
        #expect(error.path == [.key("amount")])
    }

    /// 10,000 unknown keys kept: each is added once to the dictionary.
    @Test func tenThousandUnknownKeysKept() throws {
        var json = "{\"name\":\"n\""
        for index in 0..<10_000 { json += ",\"k\(index)\":\(index)" }
        json += "}"
        let extras: DeclaredExtras = try unbox(string: json)
        #expect(extras.extras.count == 10_000)
        #expect(extras.extras["k9999"] == 9999)
    }
}
