import Foundation
import SimdUnbox
import Testing

/// The usage examples of the project's README, run on small inputs, so that the README cannot
/// drift from the API.
@Suite struct ReadmeUsageTests {
    struct User: Unboxable, Decodable, Equatable {
        let name: String
        let age: Int
        let website: URL?
        let runningDistance: Int
        let primaryDevice: String

        init(unboxer: Unboxer) throws {
            name = try unboxer.unbox(key: "name")
            age = try unboxer.unbox(key: "age")
            website = try? unboxer.unbox(key: "website")
            runningDistance = try unboxer.unbox(keyPath: "activities.running.distance")
            primaryDevice = try unboxer.unbox(keyPath: "devices.0")
        }
    }

    static let user = #"""
        {"name": "John", "age": 27, "website": "https://example.com", "activities": {"running": {"distance": 300}},
         "devices": ["Macbook Pro", "iPhone"]}
        """#

    @Test func unboxableUsage() throws {
        let user: User = try unbox(string: Self.user)
        #expect(user.name == "John" && user.runningDistance == 300 && user.primaryDevice == "Macbook Pro")
        let users: [User] = try unbox(string: "[\(Self.user), \(Self.user)]")
        #expect(users.count == 2)
        let byID: [String: User] = try unbox(string: #"{"a": \#(Self.user)}"#)
        #expect(byID["a"] == user)
        let first: User = try unbox(string: #"{"results": [\#(Self.user)]}"#, atKeyPath: "results.0")
        #expect(first == user)
    }

    struct Timeline: Unboxable, Codable, Equatable {
        struct Status: Unboxable, Codable, Equatable {
            struct Author: Unboxable, Codable, Equatable {
                let screenName: String
                init(unboxer: Unboxer) throws { screenName = try unboxer.unbox(key: "screen_name") }
            }
            let user: Author
            init(unboxer: Unboxer) throws { user = try unboxer.unbox(key: "user") }
        }
        let statuses: [Status]
        init(unboxer: Unboxer) throws { statuses = try unboxer.unbox(key: "statuses") }
    }

    @Test func errorSaysWhatAndWhere() throws {
        let json = #"{"statuses": [{"user": {"screen_name": "a"}}, {"user": {"screen_name": true}}]}"#
        do {
            let _: Timeline = try unbox(string: json)
            Issue.record("decoding should have failed")
        } catch let error as UnboxError {
            let offset = try #require(json.range(of: "true"))
            let byte = json.utf8.distance(from: json.utf8.startIndex, to: offset.lowerBound)
            #expect(
                error.description == "statuses[1].user.screen_name: expected a string, found a boolean (byte \(byte))")
        }
    }

    @Test func codableUsage() throws {
        let data = Data(#"{"statuses": [{"user": {"screen_name": "a"}}], "data": {"user": {"screen_name": "b"}}}"#.utf8)
        let decoder = SimdJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let timeline = try decoder.decode(Timeline.self, from: data)
        #expect(timeline.statuses.map(\.user.screenName) == ["a"])
        let author = try decoder.decode(Timeline.Status.Author.self, from: data, atKeyPath: "data.user")
        #expect(author.screenName == "b")

        let encoder = SimdJSONEncoder()
        let body = try encoder.encode(timeline)
        #expect(try SimdJSONDecoder().decode(Timeline.self, from: body) == timeline)
    }

    struct Event: Unboxable, Codable, Sendable, Equatable {
        let id: Int
        init(id: Int) { self.id = id }
        init(unboxer: Unboxer) throws { id = try unboxer.unbox(key: "id") }
    }

    /// A JSON Lines log and a JSON array export, as temporary files removed when the test ends.
    final class LogAndExport {
        let logURL: URL
        let exportURL: URL

        init(log: String, export: String) throws {
            let directory = FileManager.default.temporaryDirectory
            logURL = directory.appendingPathComponent("readme-\(UUID().uuidString).jsonl")
            exportURL = directory.appendingPathComponent("readme-\(UUID().uuidString).json")
            try Data(log.utf8).write(to: logURL)
            try Data(export.utf8).write(to: exportURL)
        }

        deinit {
            try? FileManager.default.removeItem(at: logURL)
            try? FileManager.default.removeItem(at: exportURL)
        }
    }

    @Test func streamingUsage() async throws {
        let files = try LogAndExport(log: "{\"id\": 1}\n{\"id\": 2}\n", export: "[{\"id\": 3}, {\"id\": 4}]")
        defer { withExtendedLifetime(files) {} }
        let (logURL, exportURL) = (files.logURL, files.exportURL)

        var handled: [Int] = []
        var reader = try JSONStreamReader<Event>(contentsOf: logURL, format: .jsonLines)
        while let event = try reader.next() { handled.append(event.id) }
        #expect(handled == [1, 2])

        var stored: [Int] = []
        for try await record in JSONFileStream<Event>(contentsOf: exportURL) { stored.append(record.id) }
        #expect(stored == [3, 4])
        stored = []
        for try await record in JSONFileStream<Event>(contentsOf: exportURL, parallelism: 2) {
            stored.append(record.id)
        }
        #expect(stored == [3, 4])

        let outURL = files.exportURL.appendingPathExtension("out")
        defer { try? FileManager.default.removeItem(at: outURL) }
        let writer = try SimdJSONStreamWriter(writingTo: outURL, format: .jsonLines)
        for event in [Event(id: 7), Event(id: 8)] { try writer.write(event) }
        try writer.finish()
        #expect(try String(contentsOf: outURL, encoding: .utf8) == "{\"id\":7}\n{\"id\":8}\n")

        let httpBody = AsyncStream<Data> { continuation in
            continuation.yield(Data("[{\"id\": 5}, {\"i".utf8))
            continuation.yield(Data("d\": 6}, {\"id\": \"x\"}]".utf8))
            continuation.finish()
        }
        let skipped = TestLock<[UnboxError]>([])
        var shown: [Int] = []
        for try await item in JSONStream<Event, _>(
            chunks: httpBody, onError: .skip { error in skipped.withLock { $0.append(error) } })
        {
            shown.append(item.id)
        }
        #expect(shown == [5, 6])
        #expect(skipped.withLock { $0.count } == 1)
    }

    struct LoggedEvent: Decodable {
        let eventId: Int
    }

    struct Person: Decodable {
        let name: String
    }

    @Test func decodableStreamingUsage() async throws {
        let files = try LogAndExport(
            log: "{\"event_id\": 1}\n{\"event_id\": 2}\n", export: "[{\"event_id\": 3}, {\"event_id\": 4}]")
        defer { withExtendedLifetime(files) {} }
        let (logURL, exportURL) = (files.logURL, files.exportURL)
        let data = Data(#"{"data": {"users": [{"name": "Ann", "age": 30}, {"name": "Bo", "age": 4}]}}"#.utf8)

        let decoder = SimdJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var handled: [Int] = []
        var reader = try decoder.reader(of: LoggedEvent.self, contentsOf: logURL, format: .jsonLines)
        while let event = try reader.next() { handled.append(event.eventId) }
        #expect(handled == [1, 2])
        var stored: [Int] = []
        for try await order in decoder.stream(of: LoggedEvent.self, contentsOf: exportURL) {
            stored.append(order.eventId)
        }
        #expect(stored == [3, 4])
        var names: Set<String> = []
        try decoder.decodeEach(Person.self, from: data, atKeyPath: "data.users") { names.insert($0.name) }
        #expect(names == ["Ann", "Bo"])
    }
}
