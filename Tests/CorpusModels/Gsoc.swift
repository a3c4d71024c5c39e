import Foundation
import SimdUnbox

// gsoc-2018.json: an object of 1,264 project objects keyed by id, with long descriptions.
// The root decodes as `[String: GsocProject]`.

public struct GsocProject: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let context: String
    public let type: String
    public let name: String
    public let description: String
    public let sponsor: GsocSponsor
    public let author: GsocAuthor

    enum CodingKeys: String, CodingKey {
        case context = "@context"
        case type = "@type"
        case name, description, sponsor, author
    }

    public init(unboxer: Unboxer) throws {
        context = try unboxer.unbox(key: "@context")
        type = try unboxer.unbox(key: "@type")
        name = try unboxer.unbox(key: "name")
        description = try unboxer.unbox(key: "description")
        sponsor = try unboxer.unbox(key: "sponsor")
        author = try unboxer.unbox(key: "author")
    }

    public init(json: JSONObject) throws {
        context = try json.value("@context")
        type = try json.value("@type")
        name = try json.value("name")
        description = try json.value("description")
        sponsor = try json.model("sponsor")
        author = try json.model("author")
    }
}

public struct GsocSponsor: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let type: String
    public let name: String
    public let disambiguatingDescription: String
    public let description: String
    public let url: String
    public let logo: String

    enum CodingKeys: String, CodingKey {
        case type = "@type"
        case name, disambiguatingDescription, description, url, logo
    }

    public init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "@type")
        name = try unboxer.unbox(key: "name")
        disambiguatingDescription = try unboxer.unbox(key: "disambiguatingDescription")
        description = try unboxer.unbox(key: "description")
        url = try unboxer.unbox(key: "url")
        logo = try unboxer.unbox(key: "logo")
    }

    public init(json: JSONObject) throws {
        type = try json.value("@type")
        name = try json.value("name")
        disambiguatingDescription = try json.value("disambiguatingDescription")
        description = try json.value("description")
        url = try json.value("url")
        logo = try json.value("logo")
    }
}

public struct GsocAuthor: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let type: String
    public let name: String

    enum CodingKeys: String, CodingKey {
        case type = "@type"
        case name
    }

    public init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "@type")
        name = try unboxer.unbox(key: "name")
    }

    public init(json: JSONObject) throws {
        type = try json.value("@type")
        name = try json.value("name")
    }
}
