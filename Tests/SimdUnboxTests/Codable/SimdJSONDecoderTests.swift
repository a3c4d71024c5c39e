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

    /// Using a nested container after its parent moved on throws instead of reading a cursor that
    /// has moved.
    struct Interleaved: Decodable {
        enum Keys: String, CodingKey { case a, b }
        enum InnerKeys: String, CodingKey { case x }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let inner = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .a)
            _ = try container.decode(Int.self, forKey: .b)
            _ = try inner.decode(Int.self, forKey: .x)
        }
    }

    @Test func staleNestedContainerThrows() {
        #expect {
            _ = try SimdJSONDecoder().decode(Interleaved.self, from: #"{"a":{"x":1},"b":2}"#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("moved on")
        }
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
