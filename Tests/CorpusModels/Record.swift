import Foundation
import SimdUnbox

// The generated records (see the DataGenerator target): a root array of `Record`.

public struct Record: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let id: Int
    public let uuid: String
    public let name: String
    public let active: Bool
    public let score: Double
    public let ratio: Double
    public let city: String
    public let nickname: String?
    public let bio: String
    public let tags: [String]
    public let location: RecordLocation
    public let greeting: String

    public init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        uuid = try unboxer.unbox(key: "uuid")
        name = try unboxer.unbox(key: "name")
        active = try unboxer.unbox(key: "active")
        score = try unboxer.unbox(key: "score")
        ratio = try unboxer.unbox(key: "ratio")
        city = try unboxer.unbox(key: "city")
        nickname = try unboxer.unboxIfPresent(key: "nickname")
        bio = try unboxer.unbox(key: "bio")
        tags = try unboxer.unbox(key: "tags")
        location = try unboxer.unbox(key: "location")
        greeting = try unboxer.unbox(key: "greeting")
    }

    public init(json: JSONObject) throws {
        id = try json.value("id")
        uuid = try json.value("uuid")
        name = try json.value("name")
        active = try json.value("active")
        score = try json.value("score")
        ratio = try json.value("ratio")
        city = try json.value("city")
        nickname = try json.valueIfPresent("nickname")
        bio = try json.value("bio")
        tags = try json.value("tags")
        location = try json.model("location")
        greeting = try json.value("greeting")
    }
}

public struct RecordLocation: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let lat: Double
    public let lon: Double
    public let country: String

    public init(unboxer: Unboxer) throws {
        lat = try unboxer.unbox(key: "lat")
        lon = try unboxer.unbox(key: "lon")
        country = try unboxer.unbox(key: "country")
    }

    public init(json: JSONObject) throws {
        lat = try json.value("lat")
        lon = try json.value("lon")
        country = try json.value("country")
    }
}

/// Three fields of a record: the partial-decode workload.
public struct RecordSummary: Unboxable, Decodable, JSONMappable, Equatable, Sendable {
    public let id: Int
    public let name: String
    public let score: Double

    public init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        name = try unboxer.unbox(key: "name")
        score = try unboxer.unbox(key: "score")
    }

    public init(json: JSONObject) throws {
        id = try json.value("id")
        name = try json.value("name")
        score = try json.value("score")
    }
}
