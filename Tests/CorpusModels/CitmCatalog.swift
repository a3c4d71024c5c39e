import Foundation
import SimdUnbox

// citm_catalog.json: a ticketing catalog. Dictionaries keyed by id (names, events), and an array of
// performances with nested prices and seat categories.

/// The root of citm_catalog.json.
public struct CitmCatalog: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let areaNames: [String: String]
    public let audienceSubCategoryNames: [String: String]
    public let blockNames: [String: String]
    public let events: [String: CitmEvent]
    public let performances: [Performance]
    public let seatCategoryNames: [String: String]
    public let subTopicNames: [String: String]
    public let subjectNames: [String: String]
    public let topicNames: [String: String]
    public let topicSubTopics: [String: [Int]]
    public let venueNames: [String: String]

    public init(unboxer: Unboxer) throws {
        areaNames = try unboxer.unbox(key: "areaNames")
        audienceSubCategoryNames = try unboxer.unbox(key: "audienceSubCategoryNames")
        blockNames = try unboxer.unbox(key: "blockNames")
        events = try unboxer.unbox(key: "events")
        performances = try unboxer.unbox(key: "performances")
        seatCategoryNames = try unboxer.unbox(key: "seatCategoryNames")
        subTopicNames = try unboxer.unbox(key: "subTopicNames")
        subjectNames = try unboxer.unbox(key: "subjectNames")
        topicNames = try unboxer.unbox(key: "topicNames")
        topicSubTopics = try unboxer.unbox(key: "topicSubTopics")
        venueNames = try unboxer.unbox(key: "venueNames")
    }

    public init(json: JSONObject) throws {
        areaNames = try json.value("areaNames")
        audienceSubCategoryNames = try json.value("audienceSubCategoryNames")
        blockNames = try json.value("blockNames")
        events = try json.modelDictionary("events")
        performances = try json.models("performances")
        seatCategoryNames = try json.value("seatCategoryNames")
        subTopicNames = try json.value("subTopicNames")
        subjectNames = try json.value("subjectNames")
        topicNames = try json.value("topicNames")
        topicSubTopics = try json.value("topicSubTopics")
        venueNames = try json.value("venueNames")
    }
}

public struct CitmEvent: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let description: String?
    public let id: Int
    public let logo: String?
    public let name: String
    public let subTopicIds: [Int]
    public let subjectCode: String?
    public let subtitle: String?
    public let topicIds: [Int]

    public init(unboxer: Unboxer) throws {
        description = try unboxer.unboxIfPresent(key: "description")
        id = try unboxer.unbox(key: "id")
        logo = try unboxer.unboxIfPresent(key: "logo")
        name = try unboxer.unbox(key: "name")
        subTopicIds = try unboxer.unbox(key: "subTopicIds")
        subjectCode = try unboxer.unboxIfPresent(key: "subjectCode")
        subtitle = try unboxer.unboxIfPresent(key: "subtitle")
        topicIds = try unboxer.unbox(key: "topicIds")
    }

    public init(json: JSONObject) throws {
        description = try json.valueIfPresent("description")
        id = try json.value("id")
        logo = try json.valueIfPresent("logo")
        name = try json.value("name")
        subTopicIds = try json.value("subTopicIds")
        subjectCode = try json.valueIfPresent("subjectCode")
        subtitle = try json.valueIfPresent("subtitle")
        topicIds = try json.value("topicIds")
    }
}

public struct Performance: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let eventId: Int
    public let id: Int
    public let logo: String?
    public let name: String?
    public let prices: [Price]
    public let seatCategories: [SeatCategory]
    public let seatMapImage: String?
    public let start: Int
    public let venueCode: String

    public init(unboxer: Unboxer) throws {
        eventId = try unboxer.unbox(key: "eventId")
        id = try unboxer.unbox(key: "id")
        logo = try unboxer.unboxIfPresent(key: "logo")
        name = try unboxer.unboxIfPresent(key: "name")
        prices = try unboxer.unbox(key: "prices")
        seatCategories = try unboxer.unbox(key: "seatCategories")
        seatMapImage = try unboxer.unboxIfPresent(key: "seatMapImage")
        start = try unboxer.unbox(key: "start")
        venueCode = try unboxer.unbox(key: "venueCode")
    }

    public init(json: JSONObject) throws {
        eventId = try json.value("eventId")
        id = try json.value("id")
        logo = try json.valueIfPresent("logo")
        name = try json.valueIfPresent("name")
        prices = try json.models("prices")
        seatCategories = try json.models("seatCategories")
        seatMapImage = try json.valueIfPresent("seatMapImage")
        start = try json.value("start")
        venueCode = try json.value("venueCode")
    }
}

public struct Price: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let amount: Int
    public let audienceSubCategoryId: Int
    public let seatCategoryId: Int

    public init(unboxer: Unboxer) throws {
        amount = try unboxer.unbox(key: "amount")
        audienceSubCategoryId = try unboxer.unbox(key: "audienceSubCategoryId")
        seatCategoryId = try unboxer.unbox(key: "seatCategoryId")
    }

    public init(json: JSONObject) throws {
        amount = try json.value("amount")
        audienceSubCategoryId = try json.value("audienceSubCategoryId")
        seatCategoryId = try json.value("seatCategoryId")
    }
}

public struct SeatCategory: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let areas: [Area]
    public let seatCategoryId: Int

    public init(unboxer: Unboxer) throws {
        areas = try unboxer.unbox(key: "areas")
        seatCategoryId = try unboxer.unbox(key: "seatCategoryId")
    }

    public init(json: JSONObject) throws {
        areas = try json.models("areas")
        seatCategoryId = try json.value("seatCategoryId")
    }
}

public struct Area: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let areaId: Int
    public let blockIds: [Int]

    public init(unboxer: Unboxer) throws {
        areaId = try unboxer.unbox(key: "areaId")
        blockIds = try unboxer.unbox(key: "blockIds")
    }

    public init(json: JSONObject) throws {
        areaId = try json.value("areaId")
        blockIds = try json.value("blockIds")
    }
}
