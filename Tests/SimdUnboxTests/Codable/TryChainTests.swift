import Foundation
import SimdUnbox
import Testing

/// Free-form values decoded by `try?` chains, as users write them, against Foundation's
/// `JSONDecoder`: the same values, and the same errors (case and coding path) thrown and
/// discarded on the way.
@Suite("try? chains match JSONDecoder")
struct TryChainTests {
    /// The errors a decode's `try?` attempts threw, as `summary(of:)` spells them.
    final class ErrorLog: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []

        func record(_ error: any Error) {
            let text = (error as? DecodingError).map(summary(of:)) ?? "error \(type(of: error))"
            lock.withLock { entries.append(text) }
        }

        var recorded: [String] { lock.withLock { entries } }
    }

    /// A free-form value: `decodeNil`, then `Bool`, `Double`, `String`, an array, else an object.
    indirect enum Payload: Decodable, Equatable {
        case null, bool(Bool), number(Double), string(String), array([Payload]), object([String: Payload])

        init(from decoder: any Decoder) throws {
            let log = decoder.userInfo.first { $0.key.rawValue == "log" }?.value as? ErrorLog
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
                return
            }
            do {
                self = .bool(try container.decode(Bool.self))
                return
            } catch { log?.record(error) }
            do {
                self = .number(try container.decode(Double.self))
                return
            } catch { log?.record(error) }
            do {
                self = .string(try container.decode(String.self))
                return
            } catch { log?.record(error) }
            do {
                self = .array(try container.decode([Payload].self))
                return
            } catch { log?.record(error) }
            self = .object(try container.decode([String: Payload].self))
        }
    }

    /// An event of github_events.json with free-form parts.
    struct Event: Decodable, Equatable {
        var id: String
        var type: String
        var actor: Payload
        var repo: Payload
        var payload: Payload
        var `public`: Bool
        var created_at: String
        var org: Payload?
    }

    @Test func githubEvents() throws {
        let data = try TestSupport.corpus("github_events.json")
        let (expected, expectedLog) = try decode([Event].self, data, foundation: true)
        let (actual, actualLog) = try decode([Event].self, data, foundation: false)
        #expect(actual == expected)
        expectSameErrors(actualLog, expectedLog)
        #expect(expectedLog.count > 1000)
    }

    @Test func wholeDocumentAsPayload() throws {
        let data = try TestSupport.corpus("github_events.json")
        let (expected, expectedLog) = try decode(Payload.self, data, foundation: true)
        let (actual, actualLog) = try decode(Payload.self, data, foundation: false)
        #expect(actual == expected)
        expectSameErrors(actualLog, expectedLog)
    }

    static let documents = [
        #"{"a": 1, "b": [true, null, "x", 2.5, {"c": []}], "d": {"e": {"f": "g"}}}"#,
        #"[[], {}, [[1]], {"k": {"k": [null]}}, "", 0, -0.0, 1e300, false]"#,
        #"{"nested": [{"x": [1, "two", {"three": [3]}]}, {"y": null}]}"#,
        #"[{"a": "\u00e9"}, {"a\u00e9": 1}]"#,
    ]

    @Test(arguments: documents)
    func document(_ json: String) throws {
        let data = Data(json.utf8)
        let (expected, expectedLog) = try decode(Payload.self, data, foundation: true)
        let (actual, actualLog) = try decode(Payload.self, data, foundation: false)
        #expect(actual == expected)
        expectSameErrors(actualLog, expectedLog)
    }

    /// Failed attempts on an object or array leave it whole for the next.
    struct Attempts: Decodable, Equatable {
        var value: Payload
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            _ = try? container.decode(Bool.self)
            _ = try? container.decode(Double.self)
            _ = try? container.decode(String.self)
            _ = try? container.decode(Int.self)
            _ = container.decodeNil()
            value = try container.decode(Payload.self)
        }
    }

    @Test(arguments: [#"{"a": [1, {"b": "c"}]}"#, #"[1, [2, "three"], {"four": 4}]"#, "[]", "{}"])
    func attemptsLeaveValueWhole(_ json: String) throws {
        let data = Data(json.utf8)
        let expected = try JSONDecoder().decode([Attempts].self, from: Data("[\(json), \(json)]".utf8))
        let actual = try SimdJSONDecoder().decode([Attempts].self, from: Data("[\(json), \(json)]".utf8))
        #expect(actual == expected)
        let single = try JSONDecoder().decode(Attempts.self, from: data)
        #expect(try SimdJSONDecoder().decode(Attempts.self, from: data) == single)
    }

    /// The same errors, whatever the order (Foundation decodes a dictionary's entries in the order
    /// of its own dictionary, SimdJSONDecoder in the document's).
    func expectSameErrors(
        _ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        let actualSorted = actual.sorted()
        let expectedSorted = expected.sorted()
        let difference = zip(actualSorted, expectedSorted).first { $0 != $1 }
        #expect(
            difference == nil, "first difference: \(String(describing: difference))", sourceLocation: sourceLocation)
    }

    func decode<T: Decodable>(_: T.Type, _ data: Data, foundation: Bool) throws -> (T, [String]) {
        let log = ErrorLog()
        let key = try #require(CodingUserInfoKey(rawValue: "log"))
        if foundation {
            let decoder = JSONDecoder()
            decoder.userInfo[key] = log
            return (try decoder.decode(T.self, from: data), log.recorded)
        }
        let decoder = SimdJSONDecoder()
        decoder.userInfo[key] = log
        return (try decoder.decode(T.self, from: data), log.recorded)
    }
}
