import Foundation
import SimdUnbox

// Models of twitter.json, decodable both with Foundation's `JSONDecoder` and with SimdUnbox, for
// the differential tests.

struct TwitterFeed: Decodable, Unboxable, Equatable {
    let statuses: [TwitterStatus]
    let searchMetadata: TwitterSearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }

    init(unboxer: Unboxer) throws {
        statuses = try unboxer.unbox(key: "statuses")
        searchMetadata = try unboxer.unbox(key: "search_metadata")
    }
}

struct TwitterSearchMetadata: Decodable, Unboxable, Equatable {
    let completedIn: Double
    let maxID: UInt64
    let maxIDString: String
    let nextResults: String
    let query: String
    let refreshURL: String
    let count: Int
    let sinceID: Int
    let sinceIDString: String

    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in"
        case maxID = "max_id"
        case maxIDString = "max_id_str"
        case nextResults = "next_results"
        case query
        case refreshURL = "refresh_url"
        case count
        case sinceID = "since_id"
        case sinceIDString = "since_id_str"
    }

    init(unboxer: Unboxer) throws {
        completedIn = try unboxer.unbox(key: "completed_in")
        maxID = try unboxer.unbox(key: "max_id")
        maxIDString = try unboxer.unbox(key: "max_id_str")
        nextResults = try unboxer.unbox(key: "next_results")
        query = try unboxer.unbox(key: "query")
        refreshURL = try unboxer.unbox(key: "refresh_url")
        count = try unboxer.unbox(key: "count")
        sinceID = try unboxer.unbox(key: "since_id")
        sinceIDString = try unboxer.unbox(key: "since_id_str")
    }
}

final class TwitterStatus: Decodable, Unboxable, Equatable {
    let metadata: TwitterStatusMetadata
    let createdAt: String
    let id: UInt64
    let idString: String
    let text: String
    let source: String
    let truncated: Bool
    let inReplyToStatusID: UInt64?
    let inReplyToStatusIDString: String?
    let inReplyToUserID: UInt64?
    let inReplyToUserIDString: String?
    let inReplyToScreenName: String?
    let user: TwitterUser
    let retweetedStatus: TwitterStatus?
    let retweetCount: Int
    let favoriteCount: Int
    let entities: TwitterEntities
    let favorited: Bool
    let retweeted: Bool
    let possiblySensitive: Bool?
    let lang: String

    enum CodingKeys: String, CodingKey {
        case metadata
        case createdAt = "created_at"
        case id
        case idString = "id_str"
        case text, source, truncated
        case inReplyToStatusID = "in_reply_to_status_id"
        case inReplyToStatusIDString = "in_reply_to_status_id_str"
        case inReplyToUserID = "in_reply_to_user_id"
        case inReplyToUserIDString = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case user
        case retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case entities, favorited, retweeted
        case possiblySensitive = "possibly_sensitive"
        case lang
    }

    init(unboxer: Unboxer) throws {
        metadata = try unboxer.unbox(key: "metadata")
        createdAt = try unboxer.unbox(key: "created_at")
        id = try unboxer.unbox(key: "id")
        idString = try unboxer.unbox(key: "id_str")
        text = try unboxer.unbox(key: "text")
        source = try unboxer.unbox(key: "source")
        truncated = try unboxer.unbox(key: "truncated")
        inReplyToStatusID = try unboxer.unboxIfPresent(key: "in_reply_to_status_id")
        inReplyToStatusIDString = try unboxer.unboxIfPresent(key: "in_reply_to_status_id_str")
        inReplyToUserID = try unboxer.unboxIfPresent(key: "in_reply_to_user_id")
        inReplyToUserIDString = try unboxer.unboxIfPresent(key: "in_reply_to_user_id_str")
        inReplyToScreenName = try unboxer.unboxIfPresent(key: "in_reply_to_screen_name")
        user = try unboxer.unbox(key: "user")
        retweetedStatus = try unboxer.unboxIfPresent(key: "retweeted_status")
        retweetCount = try unboxer.unbox(key: "retweet_count")
        favoriteCount = try unboxer.unbox(key: "favorite_count")
        entities = try unboxer.unbox(key: "entities")
        favorited = try unboxer.unbox(key: "favorited")
        retweeted = try unboxer.unbox(key: "retweeted")
        possiblySensitive = try unboxer.unboxIfPresent(key: "possibly_sensitive")
        lang = try unboxer.unbox(key: "lang")
    }

    static func == (lhs: TwitterStatus, rhs: TwitterStatus) -> Bool {
        lhs.metadata == rhs.metadata && lhs.createdAt == rhs.createdAt && lhs.id == rhs.id
            && lhs.idString == rhs.idString && lhs.text == rhs.text && lhs.source == rhs.source
            && lhs.truncated == rhs.truncated && lhs.inReplyToStatusID == rhs.inReplyToStatusID
            && lhs.inReplyToStatusIDString == rhs.inReplyToStatusIDString
            && lhs.inReplyToUserID == rhs.inReplyToUserID && lhs.inReplyToUserIDString == rhs.inReplyToUserIDString
            && lhs.inReplyToScreenName == rhs.inReplyToScreenName && lhs.user == rhs.user
            && lhs.retweetedStatus == rhs.retweetedStatus && lhs.retweetCount == rhs.retweetCount
            && lhs.favoriteCount == rhs.favoriteCount && lhs.entities == rhs.entities
            && lhs.favorited == rhs.favorited && lhs.retweeted == rhs.retweeted
            && lhs.possiblySensitive == rhs.possiblySensitive && lhs.lang == rhs.lang
    }
}

struct TwitterStatusMetadata: Decodable, Unboxable, Equatable {
    let resultType: String
    let isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type"
        case isoLanguageCode = "iso_language_code"
    }

    init(unboxer: Unboxer) throws {
        resultType = try unboxer.unbox(key: "result_type")
        isoLanguageCode = try unboxer.unbox(key: "iso_language_code")
    }
}

struct TwitterUser: Decodable, Unboxable, Equatable {
    let id: UInt64
    let idString: String
    let name: String
    let screenName: String
    let location: String
    let description: String
    let url: String?
    let entities: TwitterUserEntities
    let protected: Bool
    let followersCount: Int
    let friendsCount: Int
    let listedCount: Int
    let createdAt: String
    let favouritesCount: Int
    let utcOffset: Int?
    let timeZone: String?
    let geoEnabled: Bool
    let verified: Bool
    let statusesCount: Int
    let lang: String
    let profileBackgroundColor: String
    let profileImageURLHTTPS: String
    let profileBannerURL: String?
    let profileUseBackgroundImage: Bool
    let defaultProfile: Bool
    let following: Bool
    let notifications: Bool

    enum CodingKeys: String, CodingKey {
        case id
        case idString = "id_str"
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
        case profileImageURLHTTPS = "profile_image_url_https"
        case profileBannerURL = "profile_banner_url"
        case profileUseBackgroundImage = "profile_use_background_image"
        case defaultProfile = "default_profile"
        case following, notifications
    }

    init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        idString = try unboxer.unbox(key: "id_str")
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
        profileImageURLHTTPS = try unboxer.unbox(key: "profile_image_url_https")
        profileBannerURL = try unboxer.unboxIfPresent(key: "profile_banner_url")
        profileUseBackgroundImage = try unboxer.unbox(key: "profile_use_background_image")
        defaultProfile = try unboxer.unbox(key: "default_profile")
        following = try unboxer.unbox(key: "following")
        notifications = try unboxer.unbox(key: "notifications")
    }
}

struct TwitterUserEntities: Decodable, Unboxable, Equatable {
    let url: TwitterURLList?
    let description: TwitterURLList

    init(unboxer: Unboxer) throws {
        url = try unboxer.unboxIfPresent(key: "url")
        description = try unboxer.unbox(key: "description")
    }
}

struct TwitterURLList: Decodable, Unboxable, Equatable {
    let urls: [TwitterURL]

    init(unboxer: Unboxer) throws {
        urls = try unboxer.unbox(key: "urls")
    }
}

struct TwitterEntities: Decodable, Unboxable, Equatable {
    let hashtags: [TwitterHashtag]
    let urls: [TwitterURL]
    let userMentions: [TwitterUserMention]
    let media: [TwitterMedia]?

    enum CodingKeys: String, CodingKey {
        case hashtags, urls, media
        case userMentions = "user_mentions"
    }

    init(unboxer: Unboxer) throws {
        hashtags = try unboxer.unbox(key: "hashtags")
        urls = try unboxer.unbox(key: "urls")
        userMentions = try unboxer.unbox(key: "user_mentions")
        media = try unboxer.unboxIfPresent(key: "media")
    }
}

struct TwitterHashtag: Decodable, Unboxable, Equatable {
    let text: String
    let indices: [Int]

    init(unboxer: Unboxer) throws {
        text = try unboxer.unbox(key: "text")
        indices = try unboxer.unbox(key: "indices")
    }
}

struct TwitterURL: Decodable, Unboxable, Equatable {
    let url: String
    let expandedURL: String
    let displayURL: String
    let indices: [Int]

    enum CodingKeys: String, CodingKey {
        case url, indices
        case expandedURL = "expanded_url"
        case displayURL = "display_url"
    }

    init(unboxer: Unboxer) throws {
        url = try unboxer.unbox(key: "url")
        expandedURL = try unboxer.unbox(key: "expanded_url")
        displayURL = try unboxer.unbox(key: "display_url")
        indices = try unboxer.unbox(key: "indices")
    }
}

struct TwitterUserMention: Decodable, Unboxable, Equatable {
    let screenName: String
    let name: String
    let id: UInt64
    let idString: String
    let indices: [Int]

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case name, id, indices
        case idString = "id_str"
    }

    init(unboxer: Unboxer) throws {
        screenName = try unboxer.unbox(key: "screen_name")
        name = try unboxer.unbox(key: "name")
        id = try unboxer.unbox(key: "id")
        idString = try unboxer.unbox(key: "id_str")
        indices = try unboxer.unbox(key: "indices")
    }
}

struct TwitterMedia: Decodable, Unboxable, Equatable {
    let id: UInt64
    let idString: String
    let mediaURL: URL
    let type: String
    let sizes: [String: TwitterMediaSize]

    enum CodingKeys: String, CodingKey {
        case id, type, sizes
        case idString = "id_str"
        case mediaURL = "media_url"
    }

    init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        idString = try unboxer.unbox(key: "id_str")
        mediaURL = try unboxer.unbox(key: "media_url")
        type = try unboxer.unbox(key: "type")
        sizes = try unboxer.unbox(key: "sizes")
    }
}

struct TwitterMediaSize: Decodable, Unboxable, Equatable {
    let w: Int
    let h: Int
    let resize: String

    init(unboxer: Unboxer) throws {
        w = try unboxer.unbox(key: "w")
        h = try unboxer.unbox(key: "h")
        resize = try unboxer.unbox(key: "resize")
    }
}
