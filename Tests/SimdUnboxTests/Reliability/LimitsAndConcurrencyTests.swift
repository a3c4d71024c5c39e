import Foundation
import SimdUnbox
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Limits (size, depth, huge values) and concurrent use. The suite runs under ThreadSanitizer and
/// AddressSanitizer in CI.
@Suite struct LimitsAndConcurrencyTests {
    // MARK: Size

    /// A document over simdjson's 4 GiB limit throws a clear error before a byte is copied or read.
    /// The input is 4 GiB + 1 of unbacked, read-only address space, so the test uses no memory.
    @Test func documentOverFourGiBThrowsCapacityError() throws {
        let length = Int(SimdUnboxDiagnostics.maximumDocumentSize) + 1
        let pointer = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        let base = try #require(pointer == MAP_FAILED ? nil : pointer)
        defer { munmap(base, length) }
        let bytes = UnsafeRawBufferPointer(start: base, count: length)

        let limit = "may be at most \(SimdUnboxDiagnostics.maximumDocumentSize) bytes"
        func expectCapacityError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
            do {
                try body()
                Issue.record("a document over 4 GiB was accepted", sourceLocation: sourceLocation)
            } catch let error as UnboxError {
                #expect(error.reason.kind == "malformedJSON", "\(error)", sourceLocation: sourceLocation)
                #expect("\(error)".contains(limit), "\(error)", sourceLocation: sourceLocation)
            } catch let DecodingError.dataCorrupted(context) {
                #expect(
                    "\(context.underlyingError.map { "\($0)" } ?? "")".contains(limit), sourceLocation: sourceLocation)
            } catch {
                Issue.record("threw \(type(of: error)): \(error)", sourceLocation: sourceLocation)
            }
        }
        expectCapacityError { _ = try unbox(bytes: bytes) as JSONValue }
        expectCapacityError { _ = try unbox(bytes: bytes, atKeyPath: "a.b") as Int }
        expectCapacityError { _ = try JSONValue(bytes: bytes) }
        expectCapacityError { try JSONValue.validate(bytes: bytes) }
        expectCapacityError { _ = try SimdJSONDecoder().decode([Int].self, from: bytes) }
        // A stream has no size limit: it reads from the start, and these bytes are not JSON.
        var reader = JSONStreamReader<Int>(bytes: bytes)
        #expect(throws: UnboxError.self) { _ = try reader.next() }
    }

    // MARK: Huge values

    @Test func hugeStringsAndKeys() throws {
        let long = String(repeating: "a\u{E9}\u{6771}", count: 1 << 20)  // 6 MiB of UTF-8
        let escaped = String(repeating: #"\n\u00e9\ud83d\ude00"#, count: 1 << 16)
        let json = #"{"\#(long)": "\#(long)", "escaped": "\#(escaped)"}"#
        let value = try JSONValue(data: Data(json.utf8))
        guard case .object(let fields) = value else { Issue.record("not an object"); return }
        #expect(fields[long] == .string(long))
        #expect(fields["escaped"] == .string(String(repeating: "\n\u{E9}\u{1F600}", count: 1 << 16)))
        let model: [String: String] = try unbox(string: json)
        #expect(model[long] == long)
        let decoded = try SimdJSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(decoded == model)
    }

    @Test func hugeArrayOfSmallValues() throws {
        let count = 1_000_000
        let json = "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]"
        let numbers: [Int] = try unbox(string: json)
        #expect(numbers.count == count && numbers.allSatisfy { $0 == 1 })
        let codable = try SimdJSONDecoder().decode([Int8].self, from: Data(json.utf8))
        #expect(codable.count == count)
    }

    // MARK: Depth

    @Test func depthLimitIsConfigurable() throws {
        let depth = 40
        let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try unbox(string: json, maximumDepth: depth) as JSONValue != .null)
        let error = try #require(throws: UnboxError.self) {
            try unbox(string: json, maximumDepth: depth - 1) as JSONValue
        }
        #expect(error.reason == .depthLimitExceeded(limit: depth - 1))
        #expect(throws: UnboxError.self) { try unbox(data: Data(json.utf8), maximumDepth: 1) as JSONValue }
        #expect(throws: UnboxError.self) { try unbox(bytes: Array(json.utf8), maximumDepth: 1) as JSONValue }
        #expect(throws: UnboxError.self) { try JSONValue(data: Data(json.utf8), maximumDepth: depth - 1) }
        try JSONValue.validate(Data(json.utf8), maximumDepth: depth)

        // Deeper than the default needs asking for.
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: UnboxError.self) { try unbox(string: deep) as JSONValue }
        _ = try unbox(string: deep, maximumDepth: 1000) as JSONValue
        // The Codable decoder keeps Foundation's limit of 512, whatever the input.
        #expect(throws: DecodingError.self) { try SimdJSONDecoder().decode(JSONValueBox.self, from: Data(deep.utf8)) }
    }

    // MARK: Concurrency

    /// One `SimdJSONDecoder`, the `unbox` entry points, `JSONValue` and stream readers, all used from
    /// many tasks at once on the same documents: every task gets the sequential result.
    /// Threads that set a decoder's options while others decode with it: each decode sees the
    /// options as they were when it began. Threads, not tasks, so that they meet at the options'
    /// lock, which ThreadSanitizer must see taken and released (a lock it cannot see makes such
    /// meetings races).
    @Test func optionsChangedWhileOtherThreadsDecode() throws {
        struct Name: Decodable { let screenName: String }
        let decoder = SimdJSONDecoder()
        let json = Data(#"{"screen_name":"snake","screenName":"camel"}"#.utf8)
        let expectedWithSnakeCase = try JSONDecoder.snakeCase.decode(Name.self, from: json).screenName
        let tally = ThreadTally()
        let threads = (0..<4).map { index in
            Thread {
                var names: [String: Int] = [:]
                for round in 0..<10_000 {
                    if round % 2 == 0 {
                        decoder.keyDecodingStrategy = (round + index) % 4 == 0 ? .convertFromSnakeCase : .useDefaultKeys
                        decoder.userInfo[.round] = round
                    } else {
                        names[(try? decoder.decode(Name.self, from: json))?.screenName ?? "error", default: 0] += 1
                    }
                }
                tally.finish(names)
            }
        }
        threads.forEach { $0.start() }
        while tally.finished < threads.count { usleep(1_000) }
        #expect(Set(tally.names.keys).isSubset(of: ["camel", expectedWithSnakeCase]))
        #expect(tally.names.values.reduce(0, +) == 20_000)
    }

    @Test func oneDecoderAndTheEntryPointsFromManyTasks() async throws {
        let twitter = try TestSupport.corpus("twitter.json")
        let events = try TestSupport.corpus("github_events.json")
        let decoder = SimdJSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let expectedValue = try JSONValue(data: twitter)
        let expectedEvents = try JSONValue(data: events)
        let expectedIDs = try (unbox(data: events) as [EventID]).map(\.id)
        let expectedStatuses = try decoder.decode(Statuses.self, from: twitter)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for round in 0..<4 {
                        switch (task + round) % 4 {
                        case 0:
                            #expect(try JSONValue(data: twitter) == expectedValue)
                        case 1:
                            #expect(try decoder.decode(Statuses.self, from: twitter) == expectedStatuses)
                        case 2:
                            let ids: [EventID] = try unbox(data: events)
                            #expect(ids.map(\.id) == expectedIDs)
                            #expect(try unbox(data: events) as JSONValue == expectedEvents)
                        default:
                            var reader = JSONStreamReader<EventID>(data: events)
                            var ids: [String] = []
                            while let event = try reader.next() { ids.append(event.id) }
                            #expect(ids == expectedIDs)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

private struct EventID: Unboxable, Sendable {
    let id: String
    init(unboxer: Unboxer) throws { id = try unboxer.unbox(key: "id") }
}

private struct Statuses: Decodable, Equatable, Sendable {
    struct Status: Decodable, Equatable, Sendable {
        struct User: Decodable, Equatable, Sendable {
            var id: Int
            var screen_name: String
            var followers_count: Int
        }
        var id: Int
        var text: String
        var user: User
        var retweet_count: Int
    }
    var statuses: [Status]
}

/// Decodes any JSON through nested unkeyed containers, to reach the Codable depth limit.
private struct JSONValueBox: Decodable {
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd { _ = try container.decode(JSONValueBox.self) }
    }
}

/// What the threads of `optionsChangedWhileOtherThreadsDecode` decoded, behind a pthread mutex.
private final class ThreadTally: @unchecked Sendable {
    private let lock = NSLock()
    private var _names: [String: Int] = [:]
    private var _finished = 0
    var names: [String: Int] { lock.withLock { _names } }
    var finished: Int { lock.withLock { _finished } }
    func finish(_ names: [String: Int]) {
        lock.withLock {
            _names.merge(names, uniquingKeysWith: +)
            _finished += 1
        }
    }
}

private extension CodingUserInfoKey {
    static let round = CodingUserInfoKey(rawValue: "round")!
}

private extension JSONDecoder {
    static var snakeCase: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
