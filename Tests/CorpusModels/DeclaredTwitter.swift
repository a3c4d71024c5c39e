import SimdUnbox

// twitter.json as declared models (`@Unboxable`): the twins of Twitter.swift's models, the same
// properties in the same order with the same Swift types, their keys derived by the macro
// (`keyStyle: .snakeCase`) instead of written in an `init(unboxer:)`. The tests check that both
// decode the same values; the benchmark's `declared-*` workloads measure them.

/// The root of twitter.json, declared.
@Unboxable(keyStyle: .snakeCase)
public struct DeclaredTwitterResponse: Equatable, Sendable {
    public let statuses: [DeclaredStatus]
    public let searchMetadata: DeclaredSearchMetadata
}

/// A status and the status it retweets (boxed: a struct cannot contain itself).
@Unboxable(keyStyle: .snakeCase)
public struct DeclaredStatus: Equatable, Sendable {
    public let metadata: DeclaredStatusMetadata
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
    public let user: DeclaredTwitterUser
    public let retweetedStatus: Box<DeclaredStatus>?
    public let retweetCount: Int
    public let favoriteCount: Int
    public let entities: DeclaredEntities
    public let favorited: Bool
    public let retweeted: Bool
    public let possiblySensitive: Bool?
    public let lang: String
}

/// A boxed model decodes as the model itself, as `Box`'s `init(from:)` does.
extension Box: UnboxCompatible where Value: UnboxCompatible {
    public static func _unbox(from value: inout _JSONCursor, context: _DecodingContext) throws(UnboxError) -> Box {
        Box(try Value._unbox(from: &value, context: context))
    }
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredStatusMetadata: Equatable, Sendable {
    public let resultType: String
    public let isoLanguageCode: String
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredTwitterUser: Equatable, Sendable {
    public let id: Int
    public let idStr: String
    public let name: String
    public let screenName: String
    public let location: String
    public let description: String
    public let url: String?
    public let entities: DeclaredUserEntities
    public let protected: Bool
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
    public let profileBackgroundColor: String
    public let profileImageUrl: String
    public let profileImageUrlHttps: String
    public let profileBannerUrl: String?
    public let profileLinkColor: String
    public let defaultProfile: Bool
    public let defaultProfileImage: Bool
    public let following: Bool
    public let followRequestSent: Bool
    public let notifications: Bool
}

@Unboxable
public struct DeclaredUserEntities: Equatable, Sendable {
    public let url: DeclaredURLEntities?
    public let description: DeclaredURLEntities
}

@Unboxable
public struct DeclaredURLEntities: Equatable, Sendable {
    public let urls: [DeclaredURLEntity]
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredEntities: Equatable, Sendable {
    public let hashtags: [DeclaredHashtag]
    public let symbols: [DeclaredHashtag]
    public let urls: [DeclaredURLEntity]
    public let userMentions: [DeclaredUserMention]
    public let media: [DeclaredMedia]?
}

@Unboxable
public struct DeclaredHashtag: Equatable, Sendable {
    public let text: String
    public let indices: [Int]
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredURLEntity: Equatable, Sendable {
    public let url: String
    public let expandedUrl: String
    public let displayUrl: String
    public let indices: [Int]
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredUserMention: Equatable, Sendable {
    public let screenName: String
    public let name: String
    public let id: Int
    public let idStr: String
    public let indices: [Int]
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredMedia: Equatable, Sendable {
    public let id: Int
    public let idStr: String
    public let indices: [Int]
    public let mediaUrl: String
    public let mediaUrlHttps: String
    public let url: String
    public let displayUrl: String
    public let expandedUrl: String
    public let type: String
    public let sizes: DeclaredMediaSizes
    public let sourceStatusId: Int?
    public let sourceStatusIdStr: String?
}

@Unboxable
public struct DeclaredMediaSizes: Equatable, Sendable {
    public let medium: DeclaredMediaSize
    public let small: DeclaredMediaSize
    public let thumb: DeclaredMediaSize
    public let large: DeclaredMediaSize
}

@Unboxable
public struct DeclaredMediaSize: Equatable, Sendable {
    public let w: Int
    public let h: Int
    public let resize: String
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredSearchMetadata: Equatable, Sendable {
    public let completedIn: Double
    public let maxId: Int
    public let maxIdStr: String
    public let nextResults: String
    public let query: String
    public let refreshUrl: String
    public let count: Int
    public let sinceId: Int
    public let sinceIdStr: String
}

/// Three fields of a status, one through a key path: the twin of `PartialStatus`
/// (`partial-twitter.json`).
@Unboxable
public struct DeclaredPartialStatus: Equatable, Sendable {
    public let id: Int
    public let text: String
    @UnboxKey("user.screen_name") public let screenName: String
}
