import Foundation
import SimdUnbox
import Testing

/// What goes beyond Foundation, and what differs from it by design.
@Suite("SimdJSONDecoder")
struct SimdJSONDecoderTests {
    struct Point: Decodable, Equatable, Sendable { var x: Int; var y: Int }

    @Test func decodesFromStringAndBytes() throws {
        let decoder = SimdJSONDecoder()
        #expect(try decoder.decode(Point.self, from: #"{"x":1,"y":2}"#) == Point(x: 1, y: 2))
        #expect(try decoder.decode([Int].self, from: Array("[1,2,3]".utf8)) == [1, 2, 3])
    }

    @Test(arguments: [
        ("points.1", Point(x: 3, y: 4)), ("/points/0", Point(x: 1, y: 2)), ("/a.b/p", Point(x: 5, y: 6)),
    ])
    func keyPath(_ path: String, _ expected: Point) throws {
        let json = #"{"points":[{"x":1,"y":2},{"x":3,"y":4}],"a.b":{"p":{"x":5,"y":6}}}"#
        #expect(try SimdJSONDecoder().decode(Point.self, from: json, atKeyPath: path) == expected)
    }

    @Test func keyPathErrors() throws {
        let json = #"{"points":[{"x":1,"y":"2"}]}"#
        do {
            _ = try SimdJSONDecoder().decode(Point.self, from: json, atKeyPath: "points.0")
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(pathText(context.codingPath) == "points/Index 0#0/y")
        }
        do {
            _ = try SimdJSONDecoder().decode(Point.self, from: json, atKeyPath: "points.3")
            Issue.record("expected an error")
        } catch DecodingError.keyNotFound(_, let context) {
            #expect(pathText(context.codingPath) == "points")
        }
    }

    /// A nested container used after its parent moved on reads its own object (see
    /// OutOfOrderContainerTests for the patterns models use).
    struct Interleaved: Decodable, Equatable {
        enum Keys: String, CodingKey { case a, b }
        enum InnerKeys: String, CodingKey { case x }
        var values: [Int]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .a)
            let b = try container.decode(Int.self, forKey: .b)
            values = [b, try inner.decode(Int.self, forKey: .x)]
        }
    }

    @Test func lateNestedContainerReadsItsObject() throws {
        let decoded = try SimdJSONDecoder().decode(Interleaved.self, from: #"{"a":{"x":1},"b":2}"#)
        #expect(decoded.values == [2, 1])
    }

    /// Keyed containers are handed out again once nobody holds them (their standard-library box is
    /// reused): a recursive model nests containers of one key type at many levels, and reads what
    /// Foundation reads.
    struct Tree: Decodable, Equatable {
        var name: String
        var children: [Tree]
        var first: Box<Tree>?
    }

    final class Box<T: Decodable & Equatable>: Decodable, Equatable {
        let value: T
        required init(from decoder: any Decoder) throws { value = try T(from: decoder) }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
    }

    @Test func recursiveModelsReuseContainers() throws {
        func tree(_ depth: Int, _ name: String) -> String {
            guard depth > 0 else { return #"{"name":"\#(name)","children":[]}"# }
            let children = (0..<3).map { tree(depth - 1, "\(name).\($0)") }.joined(separator: ",")
            return #"{"first":\#(tree(depth - 1, name + "f")),"name":"\#(name)","children":[\#(children)]}"#
        }
        let data = Data(tree(5, "r").utf8)
        let decoded = try SimdJSONDecoder().decode(Tree.self, from: data)
        #expect(decoded == (try JSONDecoder().decode(Tree.self, from: data)))
        #expect(decoded.children[2].children[1].name == "r.2.1")
    }

    /// Arrays collect their first elements in scratch space before they are made: every length
    /// around the scratch count (16), errors before and after it (the elements decoded so far are
    /// destroyed), and nesting deep enough to use the scratch space up.
    struct Item: Decodable, Equatable { var a: Int; var b: String }

    struct Chain: Decodable, Equatable {
        var s1, s2, s3, s4, s5, s6, s7, s8: String?
        var next: [Chain]
    }

    @Test func arraysOfEveryLengthAndDepth() throws {
        func items(_ count: Int, badAt bad: Int? = nil) -> String {
            let elements = (0..<count).map { #"{"a":\#($0 == bad ? "\"x\"" : String($0)),"b":"\#($0)"}"# }
            return "[" + elements.joined(separator: ",") + "]"
        }
        let lengths = "[" + (0...40).map { items($0) }.joined(separator: ",") + "]"
        var documents = [lengths, items(5, badAt: 3), items(40, badAt: 30), items(17, badAt: 16)]
        var chain = #"{"s1":"end","next":[]}"#
        // 200 levels of objects in arrays: the first levels' scratch space runs out for the deepest.
        for depth in 0..<200 {
            let sibling = chain.count < 200 ? chain : #"{"next":[]}"#
            chain = #"{"s\#(depth % 8 + 1)":"\#(depth)","next":[\#(chain),\#(sibling)]}"#
        }
        documents.append(chain)
        for document in documents {
            let data = Data(document.utf8)
            if document.hasPrefix("[[") {
                let ours = try SimdJSONDecoder().decode([[Item]].self, from: data)
                #expect(ours == (try JSONDecoder().decode([[Item]].self, from: data)))
                #expect(ours.map(\.count) == Array(0...40))
            } else if document.hasPrefix("[") {
                func outcome(_ decode: () throws -> [Item]) -> String {
                    do { return "\(try decode())" } catch DecodingError.typeMismatch(_, let context) {
                        return "typeMismatch at " + pathText(context.codingPath)
                    } catch { return "\(error)" }
                }
                #expect(
                    outcome { try SimdJSONDecoder().decode([Item].self, from: data) }
                        == outcome { try JSONDecoder().decode([Item].self, from: data) })
            } else {
                let ours = try SimdJSONDecoder().decode(Chain.self, from: data)
                #expect(ours == (try JSONDecoder().decode(Chain.self, from: data)))
            }
        }
    }

    /// A container kept beyond its use is never handed out again: read while the next objects
    /// decode, it reads its own object, as Foundation's does (it would read theirs if it had been
    /// handed out again).
    final class Keeper: Decodable {
        nonisolated(unsafe) static var kept: KeyedDecodingContainer<Keys>?
        nonisolated(unsafe) static var readsThroughKept: [Int?] = []
        enum Keys: String, CodingKey { case x }
        let x: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            x = try container.decode(Int.self, forKey: .x)
            if let kept = Self.kept {
                Self.readsThroughKept.append(try? kept.decode(Int.self, forKey: .x))
            } else {
                Self.kept = container
            }
        }
    }

    @Test func keptContainerReadsItsOwnObject() throws {
        defer { (Keeper.kept, Keeper.readsThroughKept) = (nil, []) }
        let keepers = try SimdJSONDecoder().decode([Keeper].self, from: #"[{"x":1},{"x":2},{"x":3}]"#)
        #expect(keepers.map(\.x) == [1, 2, 3])
        #expect(Keeper.readsThroughKept == [1, 1])
        (Keeper.kept, Keeper.readsThroughKept) = (nil, [])
        _ = try JSONDecoder().decode([Keeper].self, from: Data(#"[{"x":1},{"x":2},{"x":3}]"#.utf8))
        #expect(Keeper.readsThroughKept == [1, 1])
    }

    /// Two containers over one decoder read the same object.
    struct TwoContainers: Decodable, Equatable {
        enum Keys: String, CodingKey { case a, b }
        var a: Int
        var b: Int
        init(from decoder: any Decoder) throws {
            let first = try decoder.container(keyedBy: Keys.self)
            let second = try decoder.container(keyedBy: Keys.self)
            a = try first.decode(Int.self, forKey: .a)
            b = try second.decode(Int.self, forKey: .b)
        }
    }

    @Test func twoContainersOverOneDecoder() throws {
        let json = #"[{"a":1,"b":2},{"b":4,"a":3}]"#
        #expect(
            try SimdJSONDecoder().decode([TwoContainers].self, from: json)
                == (try JSONDecoder().decode([TwoContainers].self, from: Data(json.utf8))))
    }

    @Test func sharedAcrossTasks() async throws {
        let decoder = SimdJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let results = try await withThrowingTaskGroup(of: Point.self) { group in
            for index in 0..<32 {
                group.addTask { try decoder.decode(Point.self, from: #"{"x":\#(index),"y":1}"#) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(results.map(\.x)) == Set(0..<32))
    }

    /// A node of 80 bytes: 60 nested levels of arrays of them use up the parser's 64 KiB gather
    /// stack, so the deepest arrays are made with no room left on it.
    struct WideNode: Decodable, Equatable, Sendable {
        var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0
        var children: [WideNode] = []
    }

    /// Arrays decoded past the gather stack's room, on eight threads at once (threads rather than
    /// tasks, so that decodes surely overlap): the same values as JSONDecoder's, and, under
    /// ThreadSanitizer, no write to storage the threads share (the standard library's empty array
    /// was written when such an array was made with no capacity).
    @Test func arraysBeyondTheGatherStackFromManyThreads() throws {
        let leaf = #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"children":[]}"#
        var json = leaf
        for depth in 0..<60 {
            json = #"{"a":\#(depth),"b":0,"c":0,"d":0,"e":0,"f":0,"g":0,"h":0,"i":0,"children":[\#(json),\#(leaf)]}"#
        }
        let data = Data(json.utf8)
        let expected = try JSONDecoder().decode(WideNode.self, from: data)
        let decoder = SimdJSONDecoder()
        let same = TestLock(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if (try? decoder.decode(WideNode.self, from: data)) == expected { same.withLock { $0 += 1 } }
        }
        #expect(same.withLock { $0 } == 8)
    }

    @Test func userInfo() throws {
        struct Reader: Decodable {
            var value: String?
            init(from decoder: any Decoder) throws { value = decoder.userInfo[.testKey] as? String }
        }
        let decoder = SimdJSONDecoder()
        decoder.userInfo[.testKey] = "hello"
        #expect(try decoder.decode(Reader.self, from: "{}").value == "hello")
    }

    @Test func malformedJSONHasUnderlyingError() {
        #expect {
            _ = try SimdJSONDecoder().decode([Int].self, from: "[1, 2")
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.isEmpty && context.underlyingError is UnboxError
        }
    }
}

extension CodingUserInfoKey {
    static let testKey = CodingUserInfoKey(rawValue: "test")!
}
