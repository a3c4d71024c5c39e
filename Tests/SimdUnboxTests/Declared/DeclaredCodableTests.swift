import Foundation
import SimdUnbox
import Testing

@Unboxable
struct CodablePoint: Codable, Equatable {
    let x: Double
    let y: Double
}

@Unboxable(keyStyle: .snakeCase)
struct CodableEvent: Codable, Equatable {
    let eventId: Int
    @UnboxKey("place.name") let placeName: String
    @UnboxKey("place.city") let city: String?
    @UnboxKey("title", "name") let title: String
    var count: Int = 3
    let note: String?
    @UnboxDate(.iso8601) let start: Date
    @UnboxDate(.secondsSince1970) let updated: Date?
    let points: [CodablePoint]
    @UnboxIgnored var cache: Int = 0
}

@Unboxable
final class CodableNode: Decodable {
    let value: Int
    var label: String = "none"
}

@Suite("Declared models as Codable")
struct DeclaredCodableTests {
    static let documents = [
        #"{"event_id":1,"place":{"name":"Hall","city":"Lyon"},"title":"T","count":9,"note":null,"start":"2024-03-01T12:00:00Z","updated":1700000000,"points":[{"x":1,"y":2}]}"#,
        #"{"points":[],"start":"2024-03-01T12:00:00Z","name":"N","place":{"name":"Hall"},"event_id":2}"#,
        #"{"event_id":3,"place":{"name":"H","extra":[1]},"name":"N","start":"2024-03-01T12:00:00Z","points":[{"y":2,"x":1}],"count":null}"#,
        #"{"event_id":4,"title":"T","start":"2024-03-01T12:00:00Z","points":[]}"#,
        #"{"event_id":5,"place":{"name":[7]},"title":"T","start":"2024-03-01T12:00:00Z","points":[]}"#,
        #"{"event_id":6,"place":{"name":"P"},"title":"T","start":"yesterday","points":[]}"#,
    ]

    // (Of several spellings, the one-pass decoder takes the first in the document and the Codable
    // conformance the first in the declaration: the documents hold one spelling each.)
    @Test(arguments: documents)
    func decodesAsJSONDecoderDoes(json: String) throws {
        let foundation = try? JSONDecoder().decode(CodableEvent.self, from: Data(json.utf8))
        let declared: CodableEvent? = try? unbox(string: json)
        #expect(foundation == declared)
    }

    @Test func decodesTheFirstDocument() throws {
        let event = try JSONDecoder().decode(CodableEvent.self, from: Data(Self.documents[0].utf8))
        #expect(event.placeName == "Hall")
        #expect(event.city == "Lyon")
        #expect(event.count == 9)
        #expect(event.updated == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func encodesWithTheSameMapping() throws {
        let event: CodableEvent = try unbox(string: Self.documents[0])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(event)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""place":{"city":"Lyon","name":"Hall"}"#))
        #expect(text.contains(#""event_id":1"#))
        #expect(text.contains(#""start":"2024-03-01T12:00:00Z""#))
        let again: CodableEvent = try unbox(data: data)
        #expect(again == event)
        let foundation = try JSONDecoder().decode(CodableEvent.self, from: data)
        #expect(foundation == event)
    }

    @Test func decodesFinalClassesWithJSONDecoder() throws {
        let node = try JSONDecoder().decode(CodableNode.self, from: Data(#"{"value":2}"#.utf8))
        #expect(node.value == 2)
        #expect(node.label == "none")
        let point = try JSONDecoder().decode(CodablePoint.self, from: Data(#"{"y":2,"x":1}"#.utf8))
        #expect(point == CodablePoint(x: 1, y: 2))
    }
}
