import Foundation
import Testing

@testable import SimdUnbox

/// Key paths that share a prefix with the one read just before go on from the objects it opened
/// (`_KeyPathReuse`), as long as nothing else was read in between. Whatever the order of reads,
/// the values must be those of a full parse (`JSONValue`), over generated documents without
/// duplicate keys and generated sequences of reads that mix key paths, plain keys and misses.
@Suite struct KeyPathReuseTests {
    /// A read of the script: a key path (dot-separated), or a plain key.
    enum Read: Sendable {
        case keyPath(String)
        case key(String)
        case keyPathIfPresent(String)
    }

    static let keys = ["a", "b", "c", "d", "e"]

    /// A random value: integers (each unique), objects of distinct keys, arrays.
    static func value(depth: Int, counter: inout Int, random: inout SplitMix64) -> String {
        let kind = depth >= 4 ? 0 : Int.random(in: 0..<10, using: &random)
        switch kind {
        case 0...3:
            counter += 1
            return String(counter)
        case 4...7:
            let count = Int.random(in: 0...keys.count, using: &random)
            let fields = keys.shuffled(using: &random).prefix(count).map { key in
                "\"\(key)\":" + value(depth: depth + 1, counter: &counter, random: &random)
            }
            return "{" + fields.joined(separator: ",") + "}"
        case 8:
            return "\"text\""
        default:
            let count = Int.random(in: 0...3, using: &random)
            let elements = (0..<count).map { _ in value(depth: depth + 1, counter: &counter, random: &random) }
            return "[" + elements.joined(separator: ",") + "]"
        }
    }

    static func document(random: inout SplitMix64) -> String {
        var counter = 0
        var result = ""
        repeat {
            result = value(depth: 0, counter: &counter, random: &random)
        } while result.first != "{"
        return result
    }

    /// A path of 1 to 4 segments, mostly keys, sometimes an index; biased to share a prefix with
    /// `previous`.
    static func path(after previous: String?, random: inout SplitMix64) -> String {
        var segments: [String] = []
        if let previous, Int.random(in: 0..<3, using: &random) > 0 {
            let parts = previous.split(separator: ".").map(String.init)
            segments = Array(parts.prefix(Int.random(in: 0...parts.count, using: &random)))
        }
        let length = Int.random(in: max(1, segments.count)...max(segments.count + 1, 4), using: &random)
        while segments.count < length {
            segments.append(
                Int.random(in: 0..<6, using: &random) == 0
                    ? String(Int.random(in: 0..<3, using: &random)) : keys.randomElement(using: &random)!)
        }
        return segments.joined(separator: ".")
    }

    static func script(random: inout SplitMix64) -> [Read] {
        var reads: [Read] = []
        var previous: String?
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            switch Int.random(in: 0..<8, using: &random) {
            case 0:
                reads.append(.key(keys.randomElement(using: &random)!))
            case 1:
                let path = path(after: previous, random: &random)
                reads.append(.keyPathIfPresent(path))
                previous = path
            default:
                let path = path(after: previous, random: &random)
                reads.append(.keyPath(path))
                previous = path
            }
        }
        return reads
    }

    /// The integer at `path` in `value`, as a full parse sees it (an index reads an array, a key
    /// an object), or nil.
    static func expected(_ path: String, in value: JSONValue) -> Int? {
        var current = value
        for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .object:
                guard let next = current[String(segment)] else { return nil }
                current = next
            case .array:
                guard let index = Int(segment), let next = current[index] else { return nil }
                current = next
            default:
                return nil
            }
        }
        if case .number(let number) = current { return Int(number.description) }
        return nil
    }

    @Test(arguments: 0..<8)
    func anyOrderOfReadsGivesAFullParsesValues(chunk: Int) throws {
        var random = SplitMix64(seed: 0x5EED_0000 &+ UInt64(chunk))
        for _ in 0..<150 {
            let json = Self.document(random: &random)
            let script = Self.script(random: &random)
            let truth = try JSONValue(string: json)
            let reader: ScriptReader = try SimdUnbox.unbox(string: json, context: script)
            let expected = script.map { read -> Int? in
                switch read {
                case .keyPath(let path), .keyPathIfPresent(let path), .key(let path):
                    Self.expected(path, in: truth)
                }
            }
            #expect(reader.values == expected, "\(json) read as \(script)")
        }
    }

    /// Lines of one shape read by one model: a line's reads must never go on from the objects the
    /// line before opened, wherever its cursor stands.
    @Test func eachDocumentOpensItsOwnObjects() throws {
        var random = SplitMix64(seed: 99)
        var lines: [String] = []
        for index in 0..<200 {
            let c = index * 10
            switch Int.random(in: 0..<3, using: &random) {
            case 0: lines.append(#"{"a":{"b":{"c":\#(c),"d":\#(c + 1)},"x":\#(c + 2)},"e":\#(c + 3)}"#)
            case 1: lines.append(#"{"e":\#(c + 3),"a":{"x":\#(c + 2),"b":{"d":\#(c + 1),"c":\#(c)}}}"#)
            default: lines.append(#"{"a":{"b":{"c":\#(c)}},"e":\#(c + 3)}"#)
            }
        }
        let data = Data(lines.joined(separator: "\n").utf8)
        var reader = JSONStreamReader<LinePaths>(data: data, format: .jsonLines)
        var index = 0
        while let model = try reader.next() {
            let truth = try JSONValue(string: lines[index])
            #expect(model.c == Self.expected("a.b.c", in: truth), "line \(index)")
            #expect(model.d == Self.expected("a.b.d", in: truth), "line \(index)")
            #expect(model.x == Self.expected("a.x", in: truth), "line \(index)")
            #expect(model.e == Self.expected("e", in: truth), "line \(index)")
            #expect(model.cAgain == model.c, "line \(index)")
            index += 1
        }
        #expect(index == lines.count)
    }

    /// A miss under a reused prefix names the whole path, as one without reuse does.
    @Test func errorsUnderAReusedPrefixNameTheWholePath() throws {
        let json = #"{"shipping":{"address":{"street":"Main","city":"Paris"}}}"#
        do {
            let _: Shipment = try SimdUnbox.unbox(string: json)
            Issue.record("decoded a missing field")
        } catch let error as UnboxError {
            #expect(error.reason == .missingKey)
            #expect(error.path == [.key("shipping"), .key("address"), .key("zip")])
        }
    }

    /// A nested model read between two key paths: the second must not reuse the first's objects
    /// on the strength of a cursor that came back to the same place.
    @Test func aNestedModelBetweenTwoPathsIsHonored() throws {
        let json = #"{"a":{"b":{"c":1,"d":2},"f":{"c":3,"d":4}},"z":5}"#
        let model: Interleaved = try SimdUnbox.unbox(string: json)
        #expect(model.first == 1)
        #expect(model.nested == 4)
        #expect(model.second == 2)
        #expect(model.z == 5)
    }
}

extension KeyPathReuseTests {
    /// A key path read in one step (its objects opened on the way or kept from the path before,
    /// its last key found and read in one fused call) fails as the general walk does: same reason,
    /// path and byte offset, for a missing key, a `null`, another type, a bad numeric string, an
    /// out-of-range number and an escaped key, through each scalar type, a missing or non-object
    /// step, and JSON Pointers. The general walk is what a type without a fused read takes.
    @Test func theOneStepReadFailsAsTheGeneralWalkDoes() throws {
        let json = #"""
            {"a": {"first": 1, "int": 7, "null": null, "text": "x", "number": "12", "big": 1e30, "flag": true,
                   "esc\u0061ped": 5, "s~l/ash": 6, "real": 2.5, "list": [1], "b": {"deep": 8}}}
            """#
        let names = [
            "missing", "int", "null", "text", "number", "big", "flag", "escaped", "real", "b.deep", "list.0", "int.x",
            "missing.x", "b.missing",
        ]
        func outcome<T: UnboxCompatible & Equatable>(_: T.Type, _ path: String, afterOpening first: String?)
            throws -> Result<T, UnboxError>
        {
            let reader: PathReader<T> = try SimdUnbox.unbox(string: json, context: (first, path))
            return reader.result
        }
        func check<T: UnboxCompatible & Equatable>(_ type: T.Type, _ path: String, opening first: String) throws {
            let walked = try outcome(Walked<T>.self, path, afterOpening: nil).map(\.value)
            for oneStep in [try outcome(type, path, afterOpening: first), try outcome(type, path, afterOpening: nil)] {
                switch (oneStep, walked) {
                case (.failure(let oneStep), .failure(let walked)) where walked.reason == .missingKey:
                    // A missing key's offset is where the cursor stood in its object, which differs.
                    #expect(oneStep.reason == .missingKey && oneStep.path == walked.path, "\(path) as \(type)")
                    let offset = try #require(oneStep.byteOffset)
                    let objectStart = try #require(TestSupport.offset(of: #"{"first""#, in: json))
                    #expect(offset > objectStart && offset <= json.utf8.count, "\(path) as \(type): \(offset)")
                default:
                    #expect(oneStep == walked, "\(path) as \(type)")
                }
            }
        }
        for name in names {
            try check(Int.self, "a.\(name)", opening: "a.first")
            try check(UInt8.self, "a.\(name)", opening: "a.first")
            try check(Double.self, "a.\(name)", opening: "a.first")
            try check(String.self, "a.\(name)", opening: "a.first")
            try check(Bool.self, "a.\(name)", opening: "a.first")
            try check(Int.self, "/a/" + name.replacingOccurrences(of: ".", with: "/"), opening: "/a/first")
        }
        try check(Int.self, "/a/s~0l~1ash", opening: "/a/first")
        try check(Int.self, "missing.int", opening: "a.first")
        // The one-step read succeeds where it applies.
        #expect(try outcome(Int.self, "a.int", afterOpening: "a.first") == .success(7))
        #expect(try outcome(Int.self, "a.int", afterOpening: nil) == .success(7))
        #expect(try outcome(Int.self, "a.b.deep", afterOpening: "a.first") == .success(8))
        #expect(try outcome(Int.self, "a.number", afterOpening: "a.first") == .success(12))
        #expect(try outcome(Int.self, "a.escaped", afterOpening: "a.first") == .success(5))
        #expect(try outcome(Int.self, "a.list.0", afterOpening: "a.first") == .success(1))
        #expect(try outcome(String.self, "a.text", afterOpening: "a.first") == .success("x"))
        #expect(try outcome(Double.self, "a.real", afterOpening: "a.first") == .success(2.5))
        #expect(try outcome(Int.self, "/a/s~0l~1ash", afterOpening: "/a/first") == .success(6))
    }
}

/// `Value` read without a fused read: through the general key path walk and the value's own read.
private struct Walked<Value: UnboxCompatible & Equatable>: UnboxCompatible, Equatable {
    let value: Value

    static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Self {
        Self(value: try Value._unbox(from: &value, context: context))
    }
}

/// Reads `context.1` as a `Value`, after `context.0` (when there is one) as an `Int`.
private struct PathReader<Value: UnboxCompatible & Equatable>: UnboxableWithContext {
    let result: Result<Value, UnboxError>

    init(unboxer: Unboxer, context: (String?, String)) throws {
        if let first = context.0 { let _: Int = try unboxer.unbox(keyPath: first) }
        do throws(UnboxError) {
            result = .success(try unboxer.unbox(keyPath: context.1))
        } catch {
            result = .failure(error)
        }
    }
}

/// Reads its context's script, each read an `Int?`.
private struct ScriptReader: UnboxableWithContext {
    let values: [Int?]

    init(unboxer: Unboxer, context: [KeyPathReuseTests.Read]) throws {
        values = context.map { read in
            switch read {
            case .keyPath(let path): try? unboxer.unbox(keyPath: path)
            case .key(let key): try? unboxer.unbox(key: key)
            case .keyPathIfPresent(let path): (try? unboxer.unboxIfPresent(keyPath: path) as Int?) ?? nil
            }
        }
    }
}

private struct LinePaths: Unboxable, Sendable {
    let c: Int?, d: Int?, x: Int?, e: Int?, cAgain: Int?

    init(unboxer: Unboxer) throws {
        c = try? unboxer.unbox(keyPath: "a.b.c")
        d = try? unboxer.unbox(keyPath: "a.b.d")
        x = try? unboxer.unbox(keyPath: "a.x")
        e = try? unboxer.unbox(key: "e")
        cAgain = try? unboxer.unbox(keyPath: "a.b.c")
    }
}

private struct Shipment: Unboxable {
    let street: String, city: String, zip: String

    init(unboxer: Unboxer) throws {
        street = try unboxer.unbox(keyPath: "shipping.address.street")
        city = try unboxer.unbox(keyPath: "shipping.address.city")
        zip = try unboxer.unbox(keyPath: "shipping.address.zip")
    }
}

private struct Inner: Unboxable {
    let d: Int
    init(unboxer: Unboxer) throws { d = try unboxer.unbox(key: "d") }
}

private struct Interleaved: Unboxable {
    let first: Int, nested: Int, second: Int, z: Int

    init(unboxer: Unboxer) throws {
        first = try unboxer.unbox(keyPath: "a.b.c")
        let inner: Inner = try unboxer.unbox(keyPath: "a.f")
        nested = inner.d
        second = try unboxer.unbox(keyPath: "a.b.d")
        z = try unboxer.unbox(key: "z")
    }
}
