import Foundation
import SimdUnbox

// twitter.json: a search API response, 100 statuses with nested users, entities and retweets.
// Every model below is decoded three ways: `init(unboxer:)` (SimdUnbox), the synthesized
// `init(from:)` (JSONDecoder) and `init(json:)` (JSONSerialization + mapping); the full models are
// also `Encodable` (synthesized), for the encoding workloads.

/// The root of twitter.json.
public struct TwitterResponse: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let statuses: [Status]
    public let searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }

    public init(unboxer: Unboxer) throws {
        statuses = try unboxer.unbox(key: "statuses")
        searchMetadata = try unboxer.unbox(key: "search_metadata")
    }

    public init(json: JSONObject) throws {
        statuses = try json.models("statuses")
        searchMetadata = try json.model("search_metadata")
    }
}

/// A reference-type box, so that a status can contain the status it retweets.
public final class Box<Value: Equatable & Sendable>: Equatable, Sendable {
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public static func == (lhs: Box, rhs: Box) -> Bool {
        lhs.value == rhs.value
    }
}

extension Box: Decodable where Value: Decodable {
    public convenience init(from decoder: any Decoder) throws {
        self.init(try Value(from: decoder))
    }
}

/// Encodes as its value, as `init(from:)` decodes: a boxed status is written as the status itself.
extension Box: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

public struct Status: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let metadata: StatusMetadata
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
    public let user: TwitterUser
    public let retweetedStatus: Box<Status>?
    public let retweetCount: Int
    public let favoriteCount: Int
    public let entities: Entities
    public let favorited: Bool
    public let retweeted: Bool
    public let possiblySensitive: Bool?
    public let lang: String

    enum CodingKeys: String, CodingKey {
        case metadata
        case createdAt = "created_at"
        case id
        case idStr = "id_str"
        case text, source, truncated
        case inReplyToStatusId = "in_reply_to_status_id"
        case inReplyToStatusIdStr = "in_reply_to_status_id_str"
        case inReplyToUserId = "in_reply_to_user_id"
        case inReplyToUserIdStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case user
        case retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case entities, favorited, retweeted
        case possiblySensitive = "possibly_sensitive"
        case lang
    }

    public init(unboxer: Unboxer) throws {
        metadata = try unboxer.unbox(key: "metadata")
        createdAt = try unboxer.unbox(key: "created_at")
        id = try unboxer.unbox(key: "id")
        idStr = try unboxer.unbox(key: "id_str")
        text = try unboxer.unbox(key: "text")
        source = try unboxer.unbox(key: "source")
        truncated = try unboxer.unbox(key: "truncated")
        inReplyToStatusId = try unboxer.unboxIfPresent(key: "in_reply_to_status_id")
        inReplyToStatusIdStr = try unboxer.unboxIfPresent(key: "in_reply_to_status_id_str")
        inReplyToUserId = try unboxer.unboxIfPresent(key: "in_reply_to_user_id")
        inReplyToUserIdStr = try unboxer.unboxIfPresent(key: "in_reply_to_user_id_str")
        inReplyToScreenName = try unboxer.unboxIfPresent(key: "in_reply_to_screen_name")
        user = try unboxer.unbox(key: "user")
        let retweeted: Status? = try unboxer.unboxIfPresent(key: "retweeted_status")
        retweetedStatus = retweeted.map(Box.init)
        retweetCount = try unboxer.unbox(key: "retweet_count")
        favoriteCount = try unboxer.unbox(key: "favorite_count")
        entities = try unboxer.unbox(key: "entities")
        favorited = try unboxer.unbox(key: "favorited")
        self.retweeted = try unboxer.unbox(key: "retweeted")
        possiblySensitive = try unboxer.unboxIfPresent(key: "possibly_sensitive")
        lang = try unboxer.unbox(key: "lang")
    }

    public init(json: JSONObject) throws {
        metadata = try json.model("metadata")
        createdAt = try json.value("created_at")
        id = try json.value("id")
        idStr = try json.value("id_str")
        text = try json.value("text")
        source = try json.value("source")
        truncated = try json.value("truncated")
        inReplyToStatusId = try json.valueIfPresent("in_reply_to_status_id")
        inReplyToStatusIdStr = try json.valueIfPresent("in_reply_to_status_id_str")
        inReplyToUserId = try json.valueIfPresent("in_reply_to_user_id")
        inReplyToUserIdStr = try json.valueIfPresent("in_reply_to_user_id_str")
        inReplyToScreenName = try json.valueIfPresent("in_reply_to_screen_name")
        user = try json.model("user")
        retweetedStatus = try json.modelIfPresent("retweeted_status", as: Status.self).map(Box.init)
        retweetCount = try json.value("retweet_count")
        favoriteCount = try json.value("favorite_count")
        entities = try json.model("entities")
        favorited = try json.value("favorited")
        retweeted = try json.value("retweeted")
        possiblySensitive = try json.valueIfPresent("possibly_sensitive")
        lang = try json.value("lang")
    }
}

public struct StatusMetadata: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let resultType: String
    public let isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type"
        case isoLanguageCode = "iso_language_code"
    }

    public init(unboxer: Unboxer) throws {
        resultType = try unboxer.unbox(key: "result_type")
        isoLanguageCode = try unboxer.unbox(key: "iso_language_code")
    }

    public init(json: JSONObject) throws {
        resultType = try json.value("result_type")
        isoLanguageCode = try json.value("iso_language_code")
    }
}

public struct TwitterUser: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let id: Int
    public let idStr: String
    public let name: String
    public let screenName: String
    public let location: String
    public let description: String
    public let url: String?
    public let entities: UserEntities
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

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case name
        case screenName = "screen_name"
        case location, description, url, entities, protected
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case listedCount = "listed_count"
        case createdAt = "created_at"
        case favouritesCount = "favourites_count"
        case utcOffset = "utc_offset"
        case timeZone = "time_zone"
        case geoEnabled = "geo_enabled"
        case verified
        case statusesCount = "statuses_count"
        case lang
        case profileBackgroundColor = "profile_background_color"
        case profileImageUrl = "profile_image_url"
        case profileImageUrlHttps = "profile_image_url_https"
        case profileBannerUrl = "profile_banner_url"
        case profileLinkColor = "profile_link_color"
        case defaultProfile = "default_profile"
        case defaultProfileImage = "default_profile_image"
        case following
        case followRequestSent = "follow_request_sent"
        case notifications
    }

    public init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        idStr = try unboxer.unbox(key: "id_str")
        name = try unboxer.unbox(key: "name")
        screenName = try unboxer.unbox(key: "screen_name")
        location = try unboxer.unbox(key: "location")
        description = try unboxer.unbox(key: "description")
        url = try unboxer.unboxIfPresent(key: "url")
        entities = try unboxer.unbox(key: "entities")
        protected = try unboxer.unbox(key: "protected")
        followersCount = try unboxer.unbox(key: "followers_count")
        friendsCount = try unboxer.unbox(key: "friends_count")
        listedCount = try unboxer.unbox(key: "listed_count")
        createdAt = try unboxer.unbox(key: "created_at")
        favouritesCount = try unboxer.unbox(key: "favourites_count")
        utcOffset = try unboxer.unboxIfPresent(key: "utc_offset")
        timeZone = try unboxer.unboxIfPresent(key: "time_zone")
        geoEnabled = try unboxer.unbox(key: "geo_enabled")
        verified = try unboxer.unbox(key: "verified")
        statusesCount = try unboxer.unbox(key: "statuses_count")
        lang = try unboxer.unbox(key: "lang")
        profileBackgroundColor = try unboxer.unbox(key: "profile_background_color")
        profileImageUrl = try unboxer.unbox(key: "profile_image_url")
        profileImageUrlHttps = try unboxer.unbox(key: "profile_image_url_https")
        profileBannerUrl = try unboxer.unboxIfPresent(key: "profile_banner_url")
        profileLinkColor = try unboxer.unbox(key: "profile_link_color")
        defaultProfile = try unboxer.unbox(key: "default_profile")
        defaultProfileImage = try unboxer.unbox(key: "default_profile_image")
        following = try unboxer.unbox(key: "following")
        followRequestSent = try unboxer.unbox(key: "follow_request_sent")
        notifications = try unboxer.unbox(key: "notifications")
    }

    public init(json: JSONObject) throws {
        id = try json.value("id")
        idStr = try json.value("id_str")
        name = try json.value("name")
        screenName = try json.value("screen_name")
        location = try json.value("location")
        description = try json.value("description")
        url = try json.valueIfPresent("url")
        entities = try json.model("entities")
        protected = try json.value("protected")
        followersCount = try json.value("followers_count")
        friendsCount = try json.value("friends_count")
        listedCount = try json.value("listed_count")
        createdAt = try json.value("created_at")
        favouritesCount = try json.value("favourites_count")
        utcOffset = try json.valueIfPresent("utc_offset")
        timeZone = try json.valueIfPresent("time_zone")
        geoEnabled = try json.value("geo_enabled")
        verified = try json.value("verified")
        statusesCount = try json.value("statuses_count")
        lang = try json.value("lang")
        profileBackgroundColor = try json.value("profile_background_color")
        profileImageUrl = try json.value("profile_image_url")
        profileImageUrlHttps = try json.value("profile_image_url_https")
        profileBannerUrl = try json.valueIfPresent("profile_banner_url")
        profileLinkColor = try json.value("profile_link_color")
        defaultProfile = try json.value("default_profile")
        defaultProfileImage = try json.value("default_profile_image")
        following = try json.value("following")
        followRequestSent = try json.value("follow_request_sent")
        notifications = try json.value("notifications")
    }
}

public struct UserEntities: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let url: URLEntities?
    public let description: URLEntities

    public init(unboxer: Unboxer) throws {
        url = try unboxer.unboxIfPresent(key: "url")
        description = try unboxer.unbox(key: "description")
    }

    public init(json: JSONObject) throws {
        url = try json.modelIfPresent("url")
        description = try json.model("description")
    }
}

public struct URLEntities: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let urls: [URLEntity]

    public init(unboxer: Unboxer) throws {
        urls = try unboxer.unbox(key: "urls")
    }

    public init(json: JSONObject) throws {
        urls = try json.models("urls")
    }
}

public struct Entities: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let hashtags: [Hashtag]
    public let symbols: [Hashtag]
    public let urls: [URLEntity]
    public let userMentions: [UserMention]
    public let media: [Media]?

    enum CodingKeys: String, CodingKey {
        case hashtags, symbols, urls
        case userMentions = "user_mentions"
        case media
    }

    public init(unboxer: Unboxer) throws {
        hashtags = try unboxer.unbox(key: "hashtags")
        symbols = try unboxer.unbox(key: "symbols")
        urls = try unboxer.unbox(key: "urls")
        userMentions = try unboxer.unbox(key: "user_mentions")
        media = try unboxer.unboxIfPresent(key: "media")
    }

    public init(json: JSONObject) throws {
        hashtags = try json.models("hashtags")
        symbols = try json.models("symbols")
        urls = try json.models("urls")
        userMentions = try json.models("user_mentions")
        media = try json.modelsIfPresent("media")
    }
}

public struct Hashtag: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let text: String
    public let indices: [Int]

    public init(unboxer: Unboxer) throws {
        text = try unboxer.unbox(key: "text")
        indices = try unboxer.unbox(key: "indices")
    }

    public init(json: JSONObject) throws {
        text = try json.value("text")
        indices = try json.value("indices")
    }
}

public struct URLEntity: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let url: String
    public let expandedUrl: String
    public let displayUrl: String
    public let indices: [Int]

    enum CodingKeys: String, CodingKey {
        case url
        case expandedUrl = "expanded_url"
        case displayUrl = "display_url"
        case indices
    }

    public init(unboxer: Unboxer) throws {
        url = try unboxer.unbox(key: "url")
        expandedUrl = try unboxer.unbox(key: "expanded_url")
        displayUrl = try unboxer.unbox(key: "display_url")
        indices = try unboxer.unbox(key: "indices")
    }

    public init(json: JSONObject) throws {
        url = try json.value("url")
        expandedUrl = try json.value("expanded_url")
        displayUrl = try json.value("display_url")
        indices = try json.value("indices")
    }
}

public struct UserMention: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let screenName: String
    public let name: String
    public let id: Int
    public let idStr: String
    public let indices: [Int]

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case name, id
        case idStr = "id_str"
        case indices
    }

    public init(unboxer: Unboxer) throws {
        screenName = try unboxer.unbox(key: "screen_name")
        name = try unboxer.unbox(key: "name")
        id = try unboxer.unbox(key: "id")
        idStr = try unboxer.unbox(key: "id_str")
        indices = try unboxer.unbox(key: "indices")
    }

    public init(json: JSONObject) throws {
        screenName = try json.value("screen_name")
        name = try json.value("name")
        id = try json.value("id")
        idStr = try json.value("id_str")
        indices = try json.value("indices")
    }
}

public struct Media: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let id: Int
    public let idStr: String
    public let indices: [Int]
    public let mediaUrl: String
    public let mediaUrlHttps: String
    public let url: String
    public let displayUrl: String
    public let expandedUrl: String
    public let type: String
    public let sizes: MediaSizes
    public let sourceStatusId: Int?
    public let sourceStatusIdStr: String?

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case indices
        case mediaUrl = "media_url"
        case mediaUrlHttps = "media_url_https"
        case url
        case displayUrl = "display_url"
        case expandedUrl = "expanded_url"
        case type, sizes
        case sourceStatusId = "source_status_id"
        case sourceStatusIdStr = "source_status_id_str"
    }

    public init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        idStr = try unboxer.unbox(key: "id_str")
        indices = try unboxer.unbox(key: "indices")
        mediaUrl = try unboxer.unbox(key: "media_url")
        mediaUrlHttps = try unboxer.unbox(key: "media_url_https")
        url = try unboxer.unbox(key: "url")
        displayUrl = try unboxer.unbox(key: "display_url")
        expandedUrl = try unboxer.unbox(key: "expanded_url")
        type = try unboxer.unbox(key: "type")
        sizes = try unboxer.unbox(key: "sizes")
        sourceStatusId = try unboxer.unboxIfPresent(key: "source_status_id")
        sourceStatusIdStr = try unboxer.unboxIfPresent(key: "source_status_id_str")
    }

    public init(json: JSONObject) throws {
        id = try json.value("id")
        idStr = try json.value("id_str")
        indices = try json.value("indices")
        mediaUrl = try json.value("media_url")
        mediaUrlHttps = try json.value("media_url_https")
        url = try json.value("url")
        displayUrl = try json.value("display_url")
        expandedUrl = try json.value("expanded_url")
        type = try json.value("type")
        sizes = try json.model("sizes")
        sourceStatusId = try json.valueIfPresent("source_status_id")
        sourceStatusIdStr = try json.valueIfPresent("source_status_id_str")
    }
}

public struct MediaSizes: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let medium: MediaSize
    public let small: MediaSize
    public let thumb: MediaSize
    public let large: MediaSize

    public init(unboxer: Unboxer) throws {
        medium = try unboxer.unbox(key: "medium")
        small = try unboxer.unbox(key: "small")
        thumb = try unboxer.unbox(key: "thumb")
        large = try unboxer.unbox(key: "large")
    }

    public init(json: JSONObject) throws {
        medium = try json.model("medium")
        small = try json.model("small")
        thumb = try json.model("thumb")
        large = try json.model("large")
    }
}

public struct MediaSize: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let w: Int
    public let h: Int
    public let resize: String

    public init(unboxer: Unboxer) throws {
        w = try unboxer.unbox(key: "w")
        h = try unboxer.unbox(key: "h")
        resize = try unboxer.unbox(key: "resize")
    }

    public init(json: JSONObject) throws {
        w = try json.value("w")
        h = try json.value("h")
        resize = try json.value("resize")
    }
}

public struct SearchMetadata: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let completedIn: Double
    public let maxId: Int
    public let maxIdStr: String
    public let nextResults: String
    public let query: String
    public let refreshUrl: String
    public let count: Int
    public let sinceId: Int
    public let sinceIdStr: String

    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in"
        case maxId = "max_id"
        case maxIdStr = "max_id_str"
        case nextResults = "next_results"
        case query
        case refreshUrl = "refresh_url"
        case count
        case sinceId = "since_id"
        case sinceIdStr = "since_id_str"
    }

    public init(unboxer: Unboxer) throws {
        completedIn = try unboxer.unbox(key: "completed_in")
        maxId = try unboxer.unbox(key: "max_id")
        maxIdStr = try unboxer.unbox(key: "max_id_str")
        nextResults = try unboxer.unbox(key: "next_results")
        query = try unboxer.unbox(key: "query")
        refreshUrl = try unboxer.unbox(key: "refresh_url")
        count = try unboxer.unbox(key: "count")
        sinceId = try unboxer.unbox(key: "since_id")
        sinceIdStr = try unboxer.unbox(key: "since_id_str")
    }

    public init(json: JSONObject) throws {
        completedIn = try json.value("completed_in")
        maxId = try json.value("max_id")
        maxIdStr = try json.value("max_id_str")
        nextResults = try json.value("next_results")
        query = try json.value("query")
        refreshUrl = try json.value("refresh_url")
        count = try json.value("count")
        sinceId = try json.value("since_id")
        sinceIdStr = try json.value("since_id_str")
    }
}

// MARK: - Partial decode

/// Three fields of a status, one of them nested: what a timeline cell needs.
public struct PartialStatus: Unboxable, Decodable, JSONMappable, Equatable, Sendable {
    public let id: Int
    public let text: String
    public let screenName: String

    enum CodingKeys: String, CodingKey {
        case id, text, user
    }

    enum UserKeys: String, CodingKey {
        case screenName = "screen_name"
    }

    public init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        text = try unboxer.unbox(key: "text")
        screenName = try unboxer.unbox(keyPath: "user.screen_name")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        text = try container.decode(String.self, forKey: .text)
        let user = try container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
        screenName = try user.decode(String.self, forKey: .screenName)
    }

    public init(json: JSONObject) throws {
        id = try json.value("id")
        text = try json.value("text")
        screenName = try json.value("user", as: JSONObject.self).value("screen_name")
    }
}

/// The root of twitter.json seen by `JSONDecoder` for the partial workload.
public struct PartialTwitterResponse: Decodable, Sendable {
    public let statuses: [PartialStatus]
}
