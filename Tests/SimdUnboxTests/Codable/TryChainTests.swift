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

    /// Tries its value as each scalar and container type in turn, twice, and keeps every error
    /// whole: case, type, coding path and description.
    struct Probes: Decodable {
        var errors: [String] = []
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            for _ in 0..<2 {
                let attempts: [() throws -> Void] = [
                    { _ = try container.decode(Bool.self) }, { _ = try container.decode(Double.self) },
                    { _ = try container.decode(String.self) }, { _ = try container.decode(Int8.self) },
                    { _ = try container.decode(UInt.self) }, { _ = try container.decode([Int].self) },
                    { _ = try container.decode([String: Int].self) },
                ]
                for attempt in attempts {
                    do { try attempt() } catch let error as DecodingError {
                        errors.append(whole(error))
                    }
                }
            }
        }

        func whole(_ error: DecodingError) -> String {
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                .dataCorrupted(let context):
                "\(summary(of: error)): \(context.debugDescription)"
            @unknown default: "unknown"
            }
        }
    }

    /// One value tried as one type after another: the second and later failures on it (which
    /// reuse what the first found out about the value) are JSONDecoder's, description included,
    /// and so are the failures on the next values, whatever their type.
    @Test func repeatedFailuresOnOneValueMatchJSONDecoder() throws {
        // Numbers that fit every type tried: one that does not (300 as `Int8`) is invalid JSON to
        // Foundation, whatever catches it.
        let json = #"{"v": ["text", 7, true, null, [1], {"a": 1}, "\u00e9", [], {}, "", 0]}"#
        struct Values: Decodable { var v: [Probes] }
        let expected = try JSONDecoder().decode(Values.self, from: Data(json.utf8)).v.map(\.errors)
        let actual = try SimdJSONDecoder().decode(Values.self, from: Data(json.utf8)).v.map(\.errors)
        #expect(actual == expected)
        #expect(expected.allSatisfy { !$0.isEmpty })
    }

    /// Errors a model keeps (rather than drops) stay as they were thrown while the decode goes on
    /// throwing others, dropped and kept: an error is written into the box of an earlier one only
    /// once nothing holds that one.
    @Test func keptErrorsStayAsThrown() throws {
        struct Keeper: Decodable {
            var kept: [any Error] = []
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                _ = try? container.decode(Bool.self)
                do { _ = try container.decode(Int.self) } catch { kept.append(error) }
                _ = try? container.decode(Double.self)
                do { _ = try container.decode([Int].self) } catch { kept.append(error) }
                _ = try? container.decode([String: Int].self)
                do { _ = try container.decode(Bool.self) } catch { kept.append(error) }
            }
        }
        // Read after the decode, when every error has been thrown.
        func described(_ decoded: [String: [Keeper]]) -> [String] {
            decoded.sorted { $0.key < $1.key }.flatMap { entry in
                entry.value.flatMap { keeper in
                    keeper.kept.map { error in
                        switch error as? DecodingError {
                        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
                            "\(summary(of: error as! DecodingError)): \(context.debugDescription)"
                        default: "\(error)"
                        }
                    }
                }
            }
        }
        let json = Data(#"{"a": ["x", "y"], "b": [true, 1, null]}"#.utf8)
        let expected = described(try JSONDecoder().decode([String: [Keeper]].self, from: json))
        let actual = described(try SimdJSONDecoder().decode([String: [Keeper]].self, from: json))
        #expect(actual == expected)
        #expect(expected.count == 13)
    }

    /// Absent keys read with `try?`, the errors kept: JSONDecoder's errors, description included,
    /// for each object (the description is made once per key and shared).
    @Test func absentKeysThrowJSONDecodersErrors() throws {
        struct Item: Decodable {
            var errors: [String] = []
            enum CodingKeys: String, CodingKey { case id, note, extra }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                for key in [CodingKeys.note, .extra, .note] {
                    do { _ = try container.decode(String.self, forKey: key) } catch let error as DecodingError {
                        if case .keyNotFound(_, let context) = error {
                            errors.append("\(summary(of: error)): \(context.debugDescription)")
                        }
                    }
                }
            }
        }
        /// The same with keys made at run time (not an enum's).
        struct DynamicItem: Decodable {
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            var errors: [String] = []
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                for name in ["note", "extra", "note", "id"] {
                    do { _ = try container.decode(String.self, forKey: Key(stringValue: name)) } catch let error
                        as DecodingError
                    {
                        if case .keyNotFound(_, let context) = error {
                            errors.append("\(summary(of: error)): \(context.debugDescription)")
                        }
                    }
                }
            }
        }
        let json = Data(#"[{"id": 1}, {"id": 2, "note": "n"}, {"extra": "e"}, {}]"#.utf8)
        let expected = try JSONDecoder().decode([Item].self, from: json).map(\.errors)
        let actual = try SimdJSONDecoder().decode([Item].self, from: json).map(\.errors)
        #expect(actual == expected)
        #expect(expected.joined().count > 0 && expected[0].count == 3)
        let expectedDynamic = try JSONDecoder().decode([DynamicItem].self, from: json).map(\.errors)
        let actualDynamic = try SimdJSONDecoder().decode([DynamicItem].self, from: json).map(\.errors)
        #expect(actualDynamic == expectedDynamic)
        #expect(expectedDynamic[3].count == 4)
    }

    /// Elements of a stream that put values of other types where the element before had its
    /// value: a failure on one element says nothing of the next.
    @Test func failuresDoNotCarryOverToTheNextElement() throws {
        let lines = [#"{"v":"a"}"#, #"{"v":1}"#, #"{"v":[]}"#, #"{"v":"b"}"#, #"{"v":{}}"#, #"{"v":true}"#]
        struct Line: Decodable { var v: Probes }
        let expected = try lines.map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)).v.errors }
        var reader = SimdJSONDecoder().reader(
            of: Line.self, from: Data(lines.joined(separator: "\n").utf8), format: .jsonLines)
        var actual: [[String]] = []
        while let line = try reader.next() { actual.append(line.v.errors) }
        #expect(actual == expected)
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
