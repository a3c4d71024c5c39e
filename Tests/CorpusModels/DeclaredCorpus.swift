import SimdUnbox

// citm_catalog.json, canada.json, gsoc-2018.json and github_events.json as declared models
// (`@Unboxable`): the twins of CitmCatalog.swift, Canada.swift, Gsoc.swift and GitHubEvents.swift,
// the same properties in the same order with the same Swift types. Keys are the property names
// unless a key style or `@UnboxKey` says otherwise.

// MARK: - citm_catalog.json

/// The root of citm_catalog.json, declared (its keys are camelCase: the property names).
@Unboxable
public struct DeclaredCitmCatalog: Equatable, Sendable {
    public let areaNames: [String: String]
    public let audienceSubCategoryNames: [String: String]
    public let blockNames: [String: String]
    public let events: [String: DeclaredCitmEvent]
    public let performances: [DeclaredPerformance]
    public let seatCategoryNames: [String: String]
    public let subTopicNames: [String: String]
    public let subjectNames: [String: String]
    public let topicNames: [String: String]
    public let topicSubTopics: [String: [Int]]
    public let venueNames: [String: String]
}

@Unboxable
public struct DeclaredCitmEvent: Equatable, Sendable {
    public let description: String?
    public let id: Int
    public let logo: String?
    public let name: String
    public let subTopicIds: [Int]
    public let subjectCode: String?
    public let subtitle: String?
    public let topicIds: [Int]
}

@Unboxable
public struct DeclaredPerformance: Equatable, Sendable {
    public let eventId: Int
    public let id: Int
    public let logo: String?
    public let name: String?
    public let prices: [DeclaredPrice]
    public let seatCategories: [DeclaredSeatCategory]
    public let seatMapImage: String?
    public let start: Int
    public let venueCode: String
}

@Unboxable
public struct DeclaredPrice: Equatable, Sendable {
    public let amount: Int
    public let audienceSubCategoryId: Int
    public let seatCategoryId: Int
}

@Unboxable
public struct DeclaredSeatCategory: Equatable, Sendable {
    public let areas: [DeclaredArea]
    public let seatCategoryId: Int
}

@Unboxable
public struct DeclaredArea: Equatable, Sendable {
    public let areaId: Int
    public let blockIds: [Int]
}

// MARK: - canada.json

/// The root of canada.json, declared.
@Unboxable
public struct DeclaredFeatureCollection: Equatable, Sendable {
    public let type: String
    public let features: [DeclaredFeature]
}

@Unboxable
public struct DeclaredFeature: Equatable, Sendable {
    public let type: String
    public let properties: [String: String]
    public let geometry: DeclaredGeometry
}

@Unboxable
public struct DeclaredGeometry: Equatable, Sendable {
    public let type: String
    /// Polygons → rings → `[longitude, latitude]` pairs.
    public let coordinates: [[[Double]]]
}

// MARK: - gsoc-2018.json

/// A project of gsoc-2018.json (whose root is `[String: DeclaredGsocProject]`), declared.
@Unboxable
public struct DeclaredGsocProject: Equatable, Sendable {
    @UnboxKey("@context") public let context: String
    @UnboxKey("@type") public let type: String
    public let name: String
    public let description: String
    public let sponsor: DeclaredGsocSponsor
    public let author: DeclaredGsocAuthor
}

@Unboxable
public struct DeclaredGsocSponsor: Equatable, Sendable {
    @UnboxKey("@type") public let type: String
    public let name: String
    public let disambiguatingDescription: String
    public let description: String
    public let url: String
    public let logo: String
}

@Unboxable
public struct DeclaredGsocAuthor: Equatable, Sendable {
    @UnboxKey("@type") public let type: String
    public let name: String
}

// MARK: - github_events.json

/// An event of github_events.json (whose root is an array of them), declared.
@Unboxable(keyStyle: .snakeCase)
public struct DeclaredGitHubEvent: Equatable, Sendable {
    public let type: String
    public let createdAt: String
    public let actor: DeclaredGitHubActor
    public let repo: DeclaredGitHubRepo
    @UnboxKey("public") public let isPublic: Bool
    public let payload: DeclaredGitHubPayload
    public let id: String
    public let org: DeclaredGitHubActor?
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredGitHubActor: Equatable, Sendable {
    public let gravatarId: String
    public let login: String
    public let avatarUrl: String
    public let url: String
    public let id: Int
}

@Unboxable
public struct DeclaredGitHubRepo: Equatable, Sendable {
    public let url: String
    public let id: Int
    public let name: String
}

/// The payload's fields that some event types have: every one optional.
@Unboxable(keyStyle: .snakeCase)
public struct DeclaredGitHubPayload: Equatable, Sendable {
    public let action: String?
    public let ref: String?
    public let refType: String?
    public let masterBranch: String?
    public let description: String?
    public let pushId: Int?
    public let size: Int?
    public let distinctSize: Int?
    public let head: String?
    public let before: String?
    public let commits: [DeclaredGitHubCommit]?
}

@Unboxable
public struct DeclaredGitHubCommit: Equatable, Sendable {
    public let url: String
    public let message: String
    public let distinct: Bool
    public let sha: String
    public let author: DeclaredGitHubCommitAuthor
}

@Unboxable
public struct DeclaredGitHubCommitAuthor: Equatable, Sendable {
    public let email: String
    public let name: String
}
