import Foundation
import SimdUnbox

// Models of citm_catalog.json, canada.json and github_events.json, decodable both with
// Foundation's `JSONDecoder` and with SimdUnbox, for the differential tests.

// MARK: - citm_catalog.json

struct CitmCatalog: Decodable, Unboxable, Equatable {
    let areaNames: [String: String]
    let audienceSubCategoryNames: [String: String]
    let events: [String: CitmEvent]
    let performances: [CitmPerformance]
    let seatCategoryNames: [String: String]
    let subTopicNames: [String: String]
    let topicNames: [String: String]
    let topicSubTopics: [String: [Int]]
    let venueNames: [String: String]

    init(unboxer: Unboxer) throws {
        areaNames = try unboxer.unbox(key: "areaNames")
        audienceSubCategoryNames = try unboxer.unbox(key: "audienceSubCategoryNames")
        events = try unboxer.unbox(key: "events")
        performances = try unboxer.unbox(key: "performances")
        seatCategoryNames = try unboxer.unbox(key: "seatCategoryNames")
        subTopicNames = try unboxer.unbox(key: "subTopicNames")
        topicNames = try unboxer.unbox(key: "topicNames")
        topicSubTopics = try unboxer.unbox(key: "topicSubTopics")
        venueNames = try unboxer.unbox(key: "venueNames")
    }
}

struct CitmEvent: Decodable, Unboxable, Equatable {
    let description: String?
    let id: Int
    let logo: String?
    let name: String
    let subTopicIds: [Int]
    let subjectCode: String?
    let subtitle: String?
    let topicIds: [Int]

    init(unboxer: Unboxer) throws {
        description = try unboxer.unboxIfPresent(key: "description")
        id = try unboxer.unbox(key: "id")
        logo = try unboxer.unboxIfPresent(key: "logo")
        name = try unboxer.unbox(key: "name")
        subTopicIds = try unboxer.unbox(key: "subTopicIds")
        subjectCode = try unboxer.unboxIfPresent(key: "subjectCode")
        subtitle = try unboxer.unboxIfPresent(key: "subtitle")
        topicIds = try unboxer.unbox(key: "topicIds")
    }
}

struct CitmPerformance: Decodable, Unboxable, Equatable {
    let eventId: Int
    let id: Int
    let logo: String?
    let name: String?
    let prices: [CitmPrice]
    let seatCategories: [CitmSeatCategory]
    let seatMapImage: String?
    let start: Int64
    let venueCode: String

    init(unboxer: Unboxer) throws {
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
}

struct CitmPrice: Decodable, Unboxable, Equatable {
    let amount: Int
    let audienceSubCategoryId: Int
    let seatCategoryId: Int

    init(unboxer: Unboxer) throws {
        amount = try unboxer.unbox(key: "amount")
        audienceSubCategoryId = try unboxer.unbox(key: "audienceSubCategoryId")
        seatCategoryId = try unboxer.unbox(key: "seatCategoryId")
    }
}

struct CitmSeatCategory: Decodable, Unboxable, Equatable {
    let areas: [CitmArea]
    let seatCategoryId: Int

    init(unboxer: Unboxer) throws {
        areas = try unboxer.unbox(key: "areas")
        seatCategoryId = try unboxer.unbox(key: "seatCategoryId")
    }
}

struct CitmArea: Decodable, Unboxable, Equatable {
    let areaId: Int
    let blockIds: [Int]

    init(unboxer: Unboxer) throws {
        areaId = try unboxer.unbox(key: "areaId")
        blockIds = try unboxer.unbox(key: "blockIds")
    }
}

// MARK: - canada.json

struct CanadaCollection: Decodable, Unboxable, Equatable {
    let type: String
    let features: [CanadaFeature]

    init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "type")
        features = try unboxer.unbox(key: "features")
    }
}

struct CanadaFeature: Decodable, Unboxable, Equatable {
    let type: String
    let properties: [String: String]
    let geometry: CanadaGeometry

    init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "type")
        properties = try unboxer.unbox(key: "properties")
        geometry = try unboxer.unbox(key: "geometry")
    }
}

struct CanadaGeometry: Decodable, Unboxable, Equatable {
    let type: String
    let coordinates: [[[Double]]]

    init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "type")
        coordinates = try unboxer.unbox(key: "coordinates")
    }

    /// Bitwise equality, so that `-0.0` and `0.0` (or any misrounding) are told apart.
    static func == (lhs: CanadaGeometry, rhs: CanadaGeometry) -> Bool {
        lhs.type == rhs.type
            && lhs.coordinates.map { $0.map { $0.map(\.bitPattern) } }
                == rhs.coordinates.map { $0.map { $0.map(\.bitPattern) } }
    }
}

// MARK: - github_events.json

struct GitHubEvent: Decodable, Unboxable, Equatable {
    let type: String
    let createdAt: String
    let actor: GitHubActor
    let repo: GitHubRepo
    let isPublic: Bool
    let id: String
    let org: GitHubActor?
    let payload: GitHubPayload

    enum CodingKeys: String, CodingKey {
        case type, actor, repo, id, org, payload
        case createdAt = "created_at"
        case isPublic = "public"
    }

    init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "type")
        createdAt = try unboxer.unbox(key: "created_at")
        actor = try unboxer.unbox(key: "actor")
        repo = try unboxer.unbox(key: "repo")
        isPublic = try unboxer.unbox(key: "public")
        id = try unboxer.unbox(key: "id")
        org = try unboxer.unboxIfPresent(key: "org")
        payload = try unboxer.unbox(key: "payload")
    }
}

struct GitHubActor: Decodable, Unboxable, Equatable {
    let gravatarID: String
    let login: String
    let avatarURL: URL
    let url: URL
    let id: Int

    enum CodingKeys: String, CodingKey {
        case login, url, id
        case gravatarID = "gravatar_id"
        case avatarURL = "avatar_url"
    }

    init(unboxer: Unboxer) throws {
        gravatarID = try unboxer.unbox(key: "gravatar_id")
        login = try unboxer.unbox(key: "login")
        avatarURL = try unboxer.unbox(key: "avatar_url")
        url = try unboxer.unbox(key: "url")
        id = try unboxer.unbox(key: "id")
    }
}

struct GitHubRepo: Decodable, Unboxable, Equatable {
    let id: Int
    let name: String
    let url: String

    init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        name = try unboxer.unbox(key: "name")
        url = try unboxer.unbox(key: "url")
    }
}

struct GitHubPayload: Decodable, Unboxable, Equatable {
    let action: String?
    let ref: String?
    let refType: String?
    let head: String?
    let before: String?
    let size: Int?
    let distinctSize: Int?
    let pushID: Int?
    let commits: [GitHubCommit]?

    enum CodingKeys: String, CodingKey {
        case action, ref, head, before, size, commits
        case refType = "ref_type"
        case distinctSize = "distinct_size"
        case pushID = "push_id"
    }

    init(unboxer: Unboxer) throws {
        action = try unboxer.unboxIfPresent(key: "action")
        ref = try unboxer.unboxIfPresent(key: "ref")
        refType = try unboxer.unboxIfPresent(key: "ref_type")
        head = try unboxer.unboxIfPresent(key: "head")
        before = try unboxer.unboxIfPresent(key: "before")
        size = try unboxer.unboxIfPresent(key: "size")
        distinctSize = try unboxer.unboxIfPresent(key: "distinct_size")
        pushID = try unboxer.unboxIfPresent(key: "push_id")
        commits = try unboxer.unboxIfPresent(key: "commits")
    }
}

struct GitHubCommit: Decodable, Unboxable, Equatable {
    let url: String
    let message: String
    let distinct: Bool
    let sha: String
    let author: GitHubAuthor

    init(unboxer: Unboxer) throws {
        url = try unboxer.unbox(key: "url")
        message = try unboxer.unbox(key: "message")
        distinct = try unboxer.unbox(key: "distinct")
        sha = try unboxer.unbox(key: "sha")
        author = try unboxer.unbox(key: "author")
    }
}

struct GitHubAuthor: Decodable, Unboxable, Equatable {
    let email: String
    let name: String

    init(unboxer: Unboxer) throws {
        email = try unboxer.unbox(key: "email")
        name = try unboxer.unbox(key: "name")
    }
}
