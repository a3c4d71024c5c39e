import Foundation
import SimdUnbox

// citm_catalog.json as a ticketing app models it (the user-style family): the performances first,
// then the events and the name tables it looks ids up in; each performance's important fields
// first (the document has them alphabetical), `try?` for the fields that are mostly null, and the
// start time, milliseconds since 1970, turned into a `Date` by an `UnboxFormatter` (the Codable
// twin: `dateDecodingStrategy = .millisecondsSince1970`). The models have no key paths: the
// catalog has little nesting to skip.

/// The root of citm_catalog.json.
public struct TicketCatalog: Unboxable, Decodable, Equatable, Sendable {
    public let performances: [Show]
    public let events: [String: ShowEvent]
    public let venueNames: [String: String]
    public let seatCategoryNames: [String: String]
    public let areaNames: [String: String]
    public let audienceSubCategoryNames: [String: String]
    public let blockNames: [String: String]
    public let topicNames: [String: String]
    public let subTopicNames: [String: String]
    public let subjectNames: [String: String]
    public let topicSubTopics: [String: [Int]]

    public init(unboxer: Unboxer) throws {
        performances = try unboxer.unbox(key: "performances")
        events = try unboxer.unbox(key: "events")
        venueNames = try unboxer.unbox(key: "venueNames")
        seatCategoryNames = try unboxer.unbox(key: "seatCategoryNames")
        areaNames = try unboxer.unbox(key: "areaNames")
        audienceSubCategoryNames = try unboxer.unbox(key: "audienceSubCategoryNames")
        blockNames = try unboxer.unbox(key: "blockNames")
        topicNames = try unboxer.unbox(key: "topicNames")
        subTopicNames = try unboxer.unbox(key: "subTopicNames")
        subjectNames = try unboxer.unbox(key: "subjectNames")
        topicSubTopics = try unboxer.unbox(key: "topicSubTopics")
    }
}

/// A performance of an event.
public struct Show: Unboxable, Decodable, Equatable, Sendable {
    public let id: Int
    public let eventId: Int
    public let start: Date
    public let venueCode: String
    public let name: String?
    public let prices: [ShowPrice]
    public let seatCategories: [ShowSeatCategory]
    public let logo: String?
    public let seatMapImage: String?

    public init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        eventId = try unboxer.unbox(key: "eventId")
        start = try unboxer.unbox(key: "start", formatter: UserStyleFormatters.milliseconds)
        venueCode = try unboxer.unbox(key: "venueCode")
        name = try? unboxer.unbox(key: "name")
        prices = try unboxer.unbox(key: "prices")
        seatCategories = try unboxer.unbox(key: "seatCategories")
        logo = try? unboxer.unbox(key: "logo")
        seatMapImage = try? unboxer.unbox(key: "seatMapImage")
    }
}

public struct ShowPrice: Unboxable, Decodable, Equatable, Sendable {
    public let amount: Int
    public let seatCategoryId: Int
    public let audienceSubCategoryId: Int

    public init(unboxer: Unboxer) throws {
        amount = try unboxer.unbox(key: "amount")
        seatCategoryId = try unboxer.unbox(key: "seatCategoryId")
        audienceSubCategoryId = try unboxer.unbox(key: "audienceSubCategoryId")
    }
}

public struct ShowSeatCategory: Unboxable, Decodable, Equatable, Sendable {
    public let seatCategoryId: Int
    public let areas: [ShowArea]

    public init(unboxer: Unboxer) throws {
        seatCategoryId = try unboxer.unbox(key: "seatCategoryId")
        areas = try unboxer.unbox(key: "areas")
    }
}

public struct ShowArea: Unboxable, Decodable, Equatable, Sendable {
    public let areaId: Int
    public let blockIds: [Int]

    public init(unboxer: Unboxer) throws {
        areaId = try unboxer.unbox(key: "areaId")
        blockIds = try unboxer.unbox(key: "blockIds")
    }
}

/// An event: its name first, then ids, then the mostly null texts.
public struct ShowEvent: Unboxable, Decodable, Equatable, Sendable {
    public let name: String
    public let id: Int
    public let topicIds: [Int]
    public let subTopicIds: [Int]
    public let description: String?
    public let subtitle: String?
    public let logo: String?
    public let subjectCode: String?

    public init(unboxer: Unboxer) throws {
        name = try unboxer.unbox(key: "name")
        id = try unboxer.unbox(key: "id")
        topicIds = try unboxer.unbox(key: "topicIds")
        subTopicIds = try unboxer.unbox(key: "subTopicIds")
        description = try? unboxer.unbox(key: "description")
        subtitle = try? unboxer.unbox(key: "subtitle")
        logo = try? unboxer.unbox(key: "logo")
        subjectCode = try? unboxer.unbox(key: "subjectCode")
    }
}
