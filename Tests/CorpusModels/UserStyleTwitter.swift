import Foundation
import SimdUnbox

// twitter.json as a timeline app models it (the user-style family): the fields it shows, important
// ones first; `try?` for what is often absent or null (replies, place, coordinates, retweets, media);
// key paths into `entities`, `search_metadata` and `retweeted_status`; and the tweet's text date
// through a DateFormatter (`TweetWithoutDate`: the same without the date). Each model's Codable twin is the same struct: synthesized where that
// works, else an `init(from:)` with nested containers where the Unbox model uses a key path and
// `decodeIfPresent` where it uses `try?`.

/// A page of a timeline: the root of twitter.json.
public struct Timeline<Item: Unboxable & Decodable & Equatable & Sendable>: Unboxable, Decodable, Equatable,
    Sendable
{
    public let tweets: [Item]
    public let nextPage: String?
    public let count: Int

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }

    enum MetadataKeys: String, CodingKey {
        case nextResults = "next_results"
        case count
    }

    public init(unboxer: Unboxer) throws {
        tweets = try unboxer.unbox(key: "statuses")
        nextPage = try? unboxer.unbox(keyPath: "search_metadata.next_results")
        count = try unboxer.unbox(keyPath: "search_metadata.count")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tweets = try container.decode([Item].self, forKey: .statuses)
        let metadata = try container.nestedContainer(keyedBy: MetadataKeys.self, forKey: .searchMetadata)
        nextPage = try metadata.decodeIfPresent(String.self, forKey: .nextResults)
        count = try metadata.decode(Int.self, forKey: .count)
    }
}

/// A tweet, with its date parsed by `UserStyleFormatters.twitterDate`.
public struct Tweet: Unboxable, Decodable, Equatable, Sendable {
    public let id: Int
    public let text: String
    public let createdAt: Date
    public let author: TweetAuthor
    public let hashtags: [TweetHashtag]
    public let mentions: [TweetMention]
    public let links: [TweetLink]
    public let media: [TweetMedia]?
    public let retweetCount: Int
    public let favoriteCount: Int
    public let isFavorited: Bool
    public let isRetweeted: Bool
    public let language: String
    public let source: String
    public let inReplyToStatusId: Int?
    public let inReplyToScreenName: String?
    public let place: TweetPlace?
    public let coordinates: [Double]?
    public let possiblySensitive: Bool?
    public let retweetedId: Int?
    public let retweetedScreenName: String?

    public init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        text = try unboxer.unbox(key: "text")
        createdAt = try unboxer.unbox(key: "created_at", formatter: UserStyleFormatters.twitterDate)
        author = try unboxer.unbox(key: "user")
        hashtags = try unboxer.unbox(keyPath: "entities.hashtags")
        mentions = try unboxer.unbox(keyPath: "entities.user_mentions")
        links = try unboxer.unbox(keyPath: "entities.urls")
        media = try? unboxer.unbox(keyPath: "entities.media")
        retweetCount = try unboxer.unbox(key: "retweet_count")
        favoriteCount = try unboxer.unbox(key: "favorite_count")
        isFavorited = try unboxer.unbox(key: "favorited")
        isRetweeted = try unboxer.unbox(key: "retweeted")
        language = try unboxer.unbox(key: "lang")
        source = try unboxer.unbox(key: "source")
        inReplyToStatusId = try? unboxer.unbox(key: "in_reply_to_status_id")
        inReplyToScreenName = try? unboxer.unbox(key: "in_reply_to_screen_name")
        place = try? unboxer.unbox(key: "place")
        coordinates = try? unboxer.unbox(keyPath: "coordinates.coordinates")
        possiblySensitive = try? unboxer.unbox(key: "possibly_sensitive")
        retweetedId = try? unboxer.unbox(keyPath: "retweeted_status.id")
        retweetedScreenName = try? unboxer.unbox(keyPath: "retweeted_status.user.screen_name")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TweetCodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        text = try container.decode(String.self, forKey: .text)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        author = try container.decode(TweetAuthor.self, forKey: .user)
        let entities = try container.nestedContainer(keyedBy: TweetCodingKeys.Entities.self, forKey: .entities)
        hashtags = try entities.decode([TweetHashtag].self, forKey: .hashtags)
        mentions = try entities.decode([TweetMention].self, forKey: .userMentions)
        links = try entities.decode([TweetLink].self, forKey: .urls)
        media = try entities.decodeIfPresent([TweetMedia].self, forKey: .media)
        retweetCount = try container.decode(Int.self, forKey: .retweetCount)
        favoriteCount = try container.decode(Int.self, forKey: .favoriteCount)
        isFavorited = try container.decode(Bool.self, forKey: .favorited)
        isRetweeted = try container.decode(Bool.self, forKey: .retweeted)
        language = try container.decode(String.self, forKey: .lang)
        source = try container.decode(String.self, forKey: .source)
        inReplyToStatusId = try container.decodeIfPresent(Int.self, forKey: .inReplyToStatusId)
        inReplyToScreenName = try container.decodeIfPresent(String.self, forKey: .inReplyToScreenName)
        place = try container.decodeIfPresent(TweetPlace.self, forKey: .place)
        if container.contains(.coordinates), try !container.decodeNil(forKey: .coordinates) {
            let point = try container.nestedContainer(keyedBy: TweetCodingKeys.Point.self, forKey: .coordinates)
            coordinates = try point.decodeIfPresent([Double].self, forKey: .coordinates)
        } else {
            coordinates = nil
        }
        possiblySensitive = try container.decodeIfPresent(Bool.self, forKey: .possiblySensitive)
        if container.contains(.retweetedStatus), try !container.decodeNil(forKey: .retweetedStatus) {
            let retweet = try container.nestedContainer(keyedBy: TweetCodingKeys.Retweet.self, forKey: .retweetedStatus)
            retweetedId = try retweet.decodeIfPresent(Int.self, forKey: .id)
            let user = try retweet.nestedContainer(keyedBy: TweetCodingKeys.RetweetUser.self, forKey: .user)
            retweetedScreenName = try user.decodeIfPresent(String.self, forKey: .screenName)
        } else {
            retweetedId = nil
            retweetedScreenName = nil
        }
    }
}

/// The same tweet without its date. twitter.json's text dates cost more to parse with a
/// DateFormatter than everything else together, so this model shows what the decoder costs.
public struct TweetWithoutDate: Unboxable, Decodable, Equatable, Sendable {
    public let id: Int
    public let text: String
    public let author: TweetAuthor
    public let hashtags: [TweetHashtag]
    public let mentions: [TweetMention]
    public let links: [TweetLink]
    public let media: [TweetMedia]?
    public let retweetCount: Int
    public let favoriteCount: Int
    public let isFavorited: Bool
    public let isRetweeted: Bool
    public let language: String
    public let source: String
    public let inReplyToStatusId: Int?
    public let inReplyToScreenName: String?
    public let place: TweetPlace?
    public let coordinates: [Double]?
    public let possiblySensitive: Bool?
    public let retweetedId: Int?
    public let retweetedScreenName: String?

    public init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        text = try unboxer.unbox(key: "text")
        author = try unboxer.unbox(key: "user")
        hashtags = try unboxer.unbox(keyPath: "entities.hashtags")
        mentions = try unboxer.unbox(keyPath: "entities.user_mentions")
        links = try unboxer.unbox(keyPath: "entities.urls")
        media = try? unboxer.unbox(keyPath: "entities.media")
        retweetCount = try unboxer.unbox(key: "retweet_count")
        favoriteCount = try unboxer.unbox(key: "favorite_count")
        isFavorited = try unboxer.unbox(key: "favorited")
        isRetweeted = try unboxer.unbox(key: "retweeted")
        language = try unboxer.unbox(key: "lang")
        source = try unboxer.unbox(key: "source")
        inReplyToStatusId = try? unboxer.unbox(key: "in_reply_to_status_id")
        inReplyToScreenName = try? unboxer.unbox(key: "in_reply_to_screen_name")
        place = try? unboxer.unbox(key: "place")
        coordinates = try? unboxer.unbox(keyPath: "coordinates.coordinates")
        possiblySensitive = try? unboxer.unbox(key: "possibly_sensitive")
        retweetedId = try? unboxer.unbox(keyPath: "retweeted_status.id")
        retweetedScreenName = try? unboxer.unbox(keyPath: "retweeted_status.user.screen_name")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TweetCodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        text = try container.decode(String.self, forKey: .text)
        author = try container.decode(TweetAuthor.self, forKey: .user)
        let entities = try container.nestedContainer(keyedBy: TweetCodingKeys.Entities.self, forKey: .entities)
        hashtags = try entities.decode([TweetHashtag].self, forKey: .hashtags)
        mentions = try entities.decode([TweetMention].self, forKey: .userMentions)
        links = try entities.decode([TweetLink].self, forKey: .urls)
        media = try entities.decodeIfPresent([TweetMedia].self, forKey: .media)
        retweetCount = try container.decode(Int.self, forKey: .retweetCount)
        favoriteCount = try container.decode(Int.self, forKey: .favoriteCount)
        isFavorited = try container.decode(Bool.self, forKey: .favorited)
        isRetweeted = try container.decode(Bool.self, forKey: .retweeted)
        language = try container.decode(String.self, forKey: .lang)
        source = try container.decode(String.self, forKey: .source)
        inReplyToStatusId = try container.decodeIfPresent(Int.self, forKey: .inReplyToStatusId)
        inReplyToScreenName = try container.decodeIfPresent(String.self, forKey: .inReplyToScreenName)
        place = try container.decodeIfPresent(TweetPlace.self, forKey: .place)
        if container.contains(.coordinates), try !container.decodeNil(forKey: .coordinates) {
            let point = try container.nestedContainer(keyedBy: TweetCodingKeys.Point.self, forKey: .coordinates)
            coordinates = try point.decodeIfPresent([Double].self, forKey: .coordinates)
        } else {
            coordinates = nil
        }
        possiblySensitive = try container.decodeIfPresent(Bool.self, forKey: .possiblySensitive)
        if container.contains(.retweetedStatus), try !container.decodeNil(forKey: .retweetedStatus) {
            let retweet = try container.nestedContainer(keyedBy: TweetCodingKeys.Retweet.self, forKey: .retweetedStatus)
            retweetedId = try retweet.decodeIfPresent(Int.self, forKey: .id)
            let user = try retweet.nestedContainer(keyedBy: TweetCodingKeys.RetweetUser.self, forKey: .user)
            retweetedScreenName = try user.decodeIfPresent(String.self, forKey: .screenName)
        } else {
            retweetedId = nil
            retweetedScreenName = nil
        }
    }
}

/// The keys of a status that `Tweet` and `TweetWithoutDate` read.
enum TweetCodingKeys: String, CodingKey {
    case id, text
    case createdAt = "created_at"
    case user, entities
    case retweetCount = "retweet_count"
    case favoriteCount = "favorite_count"
    case favorited, retweeted, lang, source
    case inReplyToStatusId = "in_reply_to_status_id"
    case inReplyToScreenName = "in_reply_to_screen_name"
    case place, coordinates
    case possiblySensitive = "possibly_sensitive"
    case retweetedStatus = "retweeted_status"

    enum Entities: String, CodingKey {
        case hashtags
        case userMentions = "user_mentions"
        case urls, media
    }

    enum Point: String, CodingKey {
        case coordinates
    }

    enum Retweet: String, CodingKey {
        case id, user
    }

    enum RetweetUser: String, CodingKey {
        case screenName = "screen_name"
    }
}

/// The author of a tweet, its properties in alphabetical order (as some teams keep them).
public struct TweetAuthor: Unboxable, Decodable, Equatable, Sendable {
    public let description: String?
    public let followersCount: Int
    public let friendsCount: Int
    public let id: Int
    public let location: String?
    public let name: String
    public let profileImageURL: URL
    public let screenName: String
    public let statusesCount: Int
    public let url: String?
    public let verified: Bool

    enum CodingKeys: String, CodingKey {
        case description
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case id, location, name
        case profileImageURL = "profile_image_url_https"
        case screenName = "screen_name"
        case statusesCount = "statuses_count"
        case url, verified
    }

    public init(unboxer: Unboxer) throws {
        description = try? unboxer.unbox(key: "description")
        followersCount = try unboxer.unbox(key: "followers_count")
        friendsCount = try unboxer.unbox(key: "friends_count")
        id = try unboxer.unbox(key: "id")
        location = try? unboxer.unbox(key: "location")
        name = try unboxer.unbox(key: "name")
        profileImageURL = try unboxer.unbox(key: "profile_image_url_https")
        screenName = try unboxer.unbox(key: "screen_name")
        statusesCount = try unboxer.unbox(key: "statuses_count")
        url = try? unboxer.unbox(key: "url")
        verified = try unboxer.unbox(key: "verified")
    }
}

public struct TweetHashtag: Unboxable, Decodable, Equatable, Sendable {
    public let text: String
    public let indices: [Int]

    public init(unboxer: Unboxer) throws {
        text = try unboxer.unbox(key: "text")
        indices = try unboxer.unbox(key: "indices")
    }
}

public struct TweetMention: Unboxable, Decodable, Equatable, Sendable {
    public let screenName: String
    public let name: String
    public let id: Int

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case name, id
    }

    public init(unboxer: Unboxer) throws {
        screenName = try unboxer.unbox(key: "screen_name")
        name = try unboxer.unbox(key: "name")
        id = try unboxer.unbox(key: "id")
    }
}

public struct TweetLink: Unboxable, Decodable, Equatable, Sendable {
    public let url: String
    public let expandedURL: URL?
    public let displayURL: String

    enum CodingKeys: String, CodingKey {
        case url
        case expandedURL = "expanded_url"
        case displayURL = "display_url"
    }

    public init(unboxer: Unboxer) throws {
        url = try unboxer.unbox(key: "url")
        expandedURL = try? unboxer.unbox(key: "expanded_url")
        displayURL = try unboxer.unbox(key: "display_url")
    }
}

public struct TweetMedia: Unboxable, Decodable, Equatable, Sendable {
    public let id: Int
    public let type: String
    public let mediaURL: URL
    public let largeWidth: Int
    public let largeHeight: Int

    enum CodingKeys: String, CodingKey {
        case id, type
        case mediaURL = "media_url_https"
        case sizes
    }

    enum SizesKeys: String, CodingKey {
        case large
    }

    enum SizeKeys: String, CodingKey {
        case w, h
    }

    public init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        type = try unboxer.unbox(key: "type")
        mediaURL = try unboxer.unbox(key: "media_url_https")
        largeWidth = try unboxer.unbox(keyPath: "sizes.large.w")
        largeHeight = try unboxer.unbox(keyPath: "sizes.large.h")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        type = try container.decode(String.self, forKey: .type)
        mediaURL = try container.decode(URL.self, forKey: .mediaURL)
        let large = try container.nestedContainer(keyedBy: SizesKeys.self, forKey: .sizes)
            .nestedContainer(keyedBy: SizeKeys.self, forKey: .large)
        largeWidth = try large.decode(Int.self, forKey: .w)
        largeHeight = try large.decode(Int.self, forKey: .h)
    }
}

public struct TweetPlace: Unboxable, Decodable, Equatable, Sendable {
    public let fullName: String
    public let country: String

    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case country
    }

    public init(unboxer: Unboxer) throws {
        fullName = try unboxer.unbox(key: "full_name")
        country = try unboxer.unbox(key: "country")
    }
}
