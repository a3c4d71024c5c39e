import Foundation

// Plain Codable models as apps write them for a decoder configured with
// `keyDecodingStrategy = .convertFromSnakeCase` and `dateDecodingStrategy = .iso8601` (the
// user-style family): camelCase properties, no `CodingKeys`, everything synthesized, optionals
// where a field may be missing or null. twitter.json's dates are not ISO 8601, so they stay
// strings; github_events.json's free-form `payload` becomes a `Payload`, the enum apps write for
// "any JSON", whose `init(from:)` tries each type in turn.

/// The root of twitter.json.
public struct TwitterSearch: Decodable, Equatable, Sendable {
    public let statuses: [TwitterStatus]
    public let searchMetadata: TwitterSearchMetadata
}

public struct TwitterSearchMetadata: Decodable, Equatable, Sendable {
    public let completedIn: Double
    public let maxId: Int
    public let maxIdStr: String
    public let nextResults: String?
    public let query: String
    public let refreshUrl: String
    public let count: Int
    public let sinceId: Int
    public let sinceIdStr: String
}

public struct TwitterStatus: Decodable, Equatable, Sendable {
    public let createdAt: String
    public let id: Int
    public let idStr: String
    public let text: String
    public let source: String
    public let truncated: Bool
    public let inReplyToStatusId: Int?
    public let inReplyToStatusIdStr: String?
    public let inReplyToUserId: Int?
    public let inReplyToUserIdStr: String?
    public let inReplyToScreenName: String?
    public let user: TwitterAccount
    public let coordinates: TwitterPoint?
    public let place: TwitterPlace?
    public let retweetedStatus: TwitterRetweet?
    public let retweetCount: Int
    public let favoriteCount: Int
    public let entities: TwitterEntities
    public let favorited: Bool
    public let retweeted: Bool
    public let possiblySensitive: Bool?
    public let lang: String
}

/// The retweeted status: a status without a retweet of its own.
public struct TwitterRetweet: Decodable, Equatable, Sendable {
    public let createdAt: String
    public let id: Int
    public let text: String
    public let user: TwitterAccount
    public let retweetCount: Int
    public let favoriteCount: Int
    public let entities: TwitterEntities
    public let lang: String
}

public struct TwitterAccount: Decodable, Equatable, Sendable {
    public let id: Int
    public let idStr: String
    public let name: String
    public let screenName: String
    public let location: String
    public let description: String
    public let url: String?
    public let followersCount: Int
    public let friendsCount: Int
    public let listedCount: Int
    public let createdAt: String
    public let favouritesCount: Int
    public let utcOffset: Int?
    public let timeZone: String?
    public let geoEnabled: Bool
    public let verified: Bool
    public let statusesCount: Int
    public let lang: String
    public let profileImageUrlHttps: String
    public let profileBannerUrl: String?
    public let defaultProfile: Bool
    public let following: Bool
    public let notifications: Bool
}

public struct TwitterEntities: Decodable, Equatable, Sendable {
    public let hashtags: [TwitterHashtag]
    public let urls: [TwitterURL]
    public let userMentions: [TwitterMention]
    public let media: [TwitterMedia]?
}

public struct TwitterHashtag: Decodable, Equatable, Sendable {
    public let text: String
    public let indices: [Int]
}

public struct TwitterURL: Decodable, Equatable, Sendable {
    public let url: String
    public let expandedUrl: String
    public let displayUrl: String
    public let indices: [Int]
}

public struct TwitterMention: Decodable, Equatable, Sendable {
    public let screenName: String
    public let name: String
    public let id: Int
    public let idStr: String
    public let indices: [Int]
}

public struct TwitterMedia: Decodable, Equatable, Sendable {
    public let id: Int
    public let idStr: String
    public let mediaUrlHttps: String
    public let url: String
    public let displayUrl: String
    public let expandedUrl: String
    public let type: String
    public let sizes: [String: TwitterMediaSize]
}

public struct TwitterMediaSize: Decodable, Equatable, Sendable {
    public let w: Int
    public let h: Int
    public let resize: String
}

public struct TwitterPoint: Decodable, Equatable, Sendable {
    public let type: String
    public let coordinates: [Double]
}

public struct TwitterPlace: Decodable, Equatable, Sendable {
    public let id: String
    public let fullName: String
    public let country: String
    public let countryCode: String
}

/// An event of github_events.json.
public struct GitHubActivityEvent: Decodable, Equatable, Sendable {
    public let id: String
    public let type: String
    public let actor: GitHubAccount
    public let repo: GitHubRepository
    public let payload: Payload
    public let `public`: Bool
    public let createdAt: Date
    public let org: GitHubAccount?
}

public struct GitHubAccount: Decodable, Equatable, Sendable {
    public let id: Int
    public let login: String
    public let gravatarId: String
    public let url: String
    public let avatarUrl: String
}

public struct GitHubRepository: Decodable, Equatable, Sendable {
    public let id: Int
    public let name: String
    public let url: String
}

/// Any JSON value, decoded the way apps write it: try each type in turn.
public enum Payload: Decodable, Equatable, Sendable {
    case string(String), number(Double), bool(Bool), null, array([Payload]), object([String: Payload])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([Payload].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: Payload].self))
        }
    }
}
