// simdjson On-Demand into the C++ models of models.hpp: the ceiling the Swift decoders are measured
// against, in two walks. The first looks fields up by key in document order (`object[key]`, which
// wraps around like the Swift `Unboxer`); the second ("Single pass" below) iterates each object's
// fields once and dispatches on the raw key. Values are read once, and the parser and padded buffer
// are reused.
#include "cpp_ceiling.h"

#include <simdjson.h>

#include <cstring>
#include <exception>
#include <new>
#include <type_traits>
#include <variant>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "models.hpp"

namespace ceiling {

using simdjson::error_code;
namespace ondemand = simdjson::ondemand;

/// Thrown on the error path only; converted back to the error code at the C boundary.
struct decode_failure {
    error_code code;
};

static inline void check(error_code code) {
    if (code != simdjson::SUCCESS) [[unlikely]] {
        throw decode_failure{code};
    }
}

// MARK: - Reading values

template <class T> void read(ondemand::value value, T &out);

static inline void read(ondemand::value value, std::string &out) {
    std::string_view text;
    check(value.get_string().get(text));
    out.assign(text.data(), text.size());
}

static inline void read(ondemand::value value, int64_t &out) { check(value.get_int64().get(out)); }

static inline void read(ondemand::value value, double &out) { check(value.get_double().get(out)); }

static inline void read(ondemand::value value, bool &out) { check(value.get_bool().get(out)); }

template <class T> void read(ondemand::value value, std::vector<T> &out) {
    ondemand::array array;
    check(value.get_array().get(array));
    if constexpr (std::is_arithmetic_v<T>) {
        // Numbers go through a reused scratch vector, so that the result is allocated once at its
        // exact size (as SimdUnbox's bulk numeric reads do) instead of growing by doubling.
        thread_local std::vector<T> scratch;
        scratch.clear();
        for (auto element : array) {
            ondemand::value item;
            check(element.get(item));
            T number;
            read(item, number);
            scratch.push_back(number);
        }
        out.assign(scratch.begin(), scratch.end());
    } else {
        out.clear();
        for (auto element : array) {
            ondemand::value item;
            check(element.get(item));
            out.emplace_back();
            read(item, out.back());
        }
    }
}

template <class T> void read(ondemand::value value, std::optional<T> &out) {
    bool is_null = false;
    check(value.is_null().get(is_null));
    if (is_null) {
        out.reset();
    } else {
        out.emplace();
        read(value, *out);
    }
}

template <class T> void read_dictionary(ondemand::object object, Dict<T> &out) {
    out.clear();
    for (auto field : object) {
        std::string_view key;
        check(field.unescaped_key().get(key));
        out.emplace_back(std::string(key), T());
        read(field.value(), out.back().second);
    }
}

template <class T> void read(ondemand::value value, Dict<T> &out) {
    ondemand::object object;
    check(value.get_object().get(object));
    read_dictionary(object, out);
}

/// A required field.
template <class T> inline void field(ondemand::object &object, const char *key, T &out) {
    ondemand::value value;
    check(object[key].get(value));
    read(value, out);
}

/// An optional field: missing or null gives nothing.
template <class T> inline void optional_field(ondemand::object &object, const char *key, std::optional<T> &out) {
    ondemand::value value;
    error_code code = object[key].get(value);
    if (code == simdjson::NO_SUCH_FIELD) {
        out.reset();
        return;
    }
    check(code);
    read(value, out);
}

// MARK: - Models

template <class T> void decode(ondemand::object &object, T &out);

/// Any model struct: an object decoded by its `decode` specialization.
template <class T> void read(ondemand::value value, T &out) {
    ondemand::object object;
    check(value.get_object().get(object));
    decode(object, out);
}

template <> void decode(ondemand::object &o, StatusMetadata &out) {
    field(o, "result_type", out.result_type);
    field(o, "iso_language_code", out.iso_language_code);
}

template <> void decode(ondemand::object &o, URLEntity &out) {
    field(o, "url", out.url);
    field(o, "expanded_url", out.expanded_url);
    field(o, "display_url", out.display_url);
    field(o, "indices", out.indices);
}

template <> void decode(ondemand::object &o, URLEntities &out) { field(o, "urls", out.urls); }

template <> void decode(ondemand::object &o, UserEntities &out) {
    optional_field(o, "url", out.url);
    field(o, "description", out.description);
}

template <> void decode(ondemand::object &o, TwitterUser &out) {
    field(o, "id", out.id);
    field(o, "id_str", out.id_str);
    field(o, "name", out.name);
    field(o, "screen_name", out.screen_name);
    field(o, "location", out.location);
    field(o, "description", out.description);
    optional_field(o, "url", out.url);
    field(o, "entities", out.entities);
    field(o, "protected", out.protected_);
    field(o, "followers_count", out.followers_count);
    field(o, "friends_count", out.friends_count);
    field(o, "listed_count", out.listed_count);
    field(o, "created_at", out.created_at);
    field(o, "favourites_count", out.favourites_count);
    optional_field(o, "utc_offset", out.utc_offset);
    optional_field(o, "time_zone", out.time_zone);
    field(o, "geo_enabled", out.geo_enabled);
    field(o, "verified", out.verified);
    field(o, "statuses_count", out.statuses_count);
    field(o, "lang", out.lang);
    field(o, "profile_background_color", out.profile_background_color);
    field(o, "profile_image_url", out.profile_image_url);
    field(o, "profile_image_url_https", out.profile_image_url_https);
    optional_field(o, "profile_banner_url", out.profile_banner_url);
    field(o, "profile_link_color", out.profile_link_color);
    field(o, "default_profile", out.default_profile);
    field(o, "default_profile_image", out.default_profile_image);
    field(o, "following", out.following);
    field(o, "follow_request_sent", out.follow_request_sent);
    field(o, "notifications", out.notifications);
}

template <> void decode(ondemand::object &o, Hashtag &out) {
    field(o, "text", out.text);
    field(o, "indices", out.indices);
}

template <> void decode(ondemand::object &o, UserMention &out) {
    field(o, "screen_name", out.screen_name);
    field(o, "name", out.name);
    field(o, "id", out.id);
    field(o, "id_str", out.id_str);
    field(o, "indices", out.indices);
}

template <> void decode(ondemand::object &o, MediaSize &out) {
    field(o, "w", out.w);
    field(o, "h", out.h);
    field(o, "resize", out.resize);
}

template <> void decode(ondemand::object &o, MediaSizes &out) {
    field(o, "medium", out.medium);
    field(o, "small", out.small);
    field(o, "thumb", out.thumb);
    field(o, "large", out.large);
}

template <> void decode(ondemand::object &o, Media &out) {
    field(o, "id", out.id);
    field(o, "id_str", out.id_str);
    field(o, "indices", out.indices);
    field(o, "media_url", out.media_url);
    field(o, "media_url_https", out.media_url_https);
    field(o, "url", out.url);
    field(o, "display_url", out.display_url);
    field(o, "expanded_url", out.expanded_url);
    field(o, "type", out.type);
    field(o, "sizes", out.sizes);
    optional_field(o, "source_status_id", out.source_status_id);
    optional_field(o, "source_status_id_str", out.source_status_id_str);
}

template <> void decode(ondemand::object &o, Entities &out) {
    field(o, "hashtags", out.hashtags);
    field(o, "symbols", out.symbols);
    field(o, "urls", out.urls);
    field(o, "user_mentions", out.user_mentions);
    optional_field(o, "media", out.media);
}

template <> void decode(ondemand::object &o, Status &out) {
    field(o, "metadata", out.metadata);
    field(o, "created_at", out.created_at);
    field(o, "id", out.id);
    field(o, "id_str", out.id_str);
    field(o, "text", out.text);
    field(o, "source", out.source);
    field(o, "truncated", out.truncated);
    optional_field(o, "in_reply_to_status_id", out.in_reply_to_status_id);
    optional_field(o, "in_reply_to_status_id_str", out.in_reply_to_status_id_str);
    optional_field(o, "in_reply_to_user_id", out.in_reply_to_user_id);
    optional_field(o, "in_reply_to_user_id_str", out.in_reply_to_user_id_str);
    optional_field(o, "in_reply_to_screen_name", out.in_reply_to_screen_name);
    field(o, "user", out.user);
    {
        ondemand::value value;
        error_code code = o["retweeted_status"].get(value);
        out.retweeted_status.reset();
        if (code != simdjson::NO_SUCH_FIELD) {
            check(code);
            bool is_null = false;
            check(value.is_null().get(is_null));
            if (!is_null) {
                out.retweeted_status = std::make_unique<Status>();
                read(value, *out.retweeted_status);
            }
        }
    }
    field(o, "retweet_count", out.retweet_count);
    field(o, "favorite_count", out.favorite_count);
    field(o, "entities", out.entities);
    field(o, "favorited", out.favorited);
    field(o, "retweeted", out.retweeted);
    optional_field(o, "possibly_sensitive", out.possibly_sensitive);
    field(o, "lang", out.lang);
}

template <> void decode(ondemand::object &o, SearchMetadata &out) {
    field(o, "completed_in", out.completed_in);
    field(o, "max_id", out.max_id);
    field(o, "max_id_str", out.max_id_str);
    field(o, "next_results", out.next_results);
    field(o, "query", out.query);
    field(o, "refresh_url", out.refresh_url);
    field(o, "count", out.count);
    field(o, "since_id", out.since_id);
    field(o, "since_id_str", out.since_id_str);
}

template <> void decode(ondemand::object &o, TwitterResponse &out) {
    field(o, "statuses", out.statuses);
    field(o, "search_metadata", out.search_metadata);
}

template <> void decode(ondemand::object &o, PartialStatus &out) {
    field(o, "id", out.id);
    field(o, "text", out.text);
    ondemand::object user;
    check(o["user"].get_object().get(user));
    field(user, "screen_name", out.screen_name);
}

template <> void decode(ondemand::object &o, CitmEvent &out) {
    optional_field(o, "description", out.description);
    field(o, "id", out.id);
    optional_field(o, "logo", out.logo);
    field(o, "name", out.name);
    field(o, "subTopicIds", out.sub_topic_ids);
    optional_field(o, "subjectCode", out.subject_code);
    optional_field(o, "subtitle", out.subtitle);
    field(o, "topicIds", out.topic_ids);
}

template <> void decode(ondemand::object &o, Price &out) {
    field(o, "amount", out.amount);
    field(o, "audienceSubCategoryId", out.audience_sub_category_id);
    field(o, "seatCategoryId", out.seat_category_id);
}

template <> void decode(ondemand::object &o, Area &out) {
    field(o, "areaId", out.area_id);
    field(o, "blockIds", out.block_ids);
}

template <> void decode(ondemand::object &o, SeatCategory &out) {
    field(o, "areas", out.areas);
    field(o, "seatCategoryId", out.seat_category_id);
}

template <> void decode(ondemand::object &o, Performance &out) {
    field(o, "eventId", out.event_id);
    field(o, "id", out.id);
    optional_field(o, "logo", out.logo);
    optional_field(o, "name", out.name);
    field(o, "prices", out.prices);
    field(o, "seatCategories", out.seat_categories);
    optional_field(o, "seatMapImage", out.seat_map_image);
    field(o, "start", out.start);
    field(o, "venueCode", out.venue_code);
}

template <> void decode(ondemand::object &o, CitmCatalog &out) {
    field(o, "areaNames", out.area_names);
    field(o, "audienceSubCategoryNames", out.audience_sub_category_names);
    field(o, "blockNames", out.block_names);
    field(o, "events", out.events);
    field(o, "performances", out.performances);
    field(o, "seatCategoryNames", out.seat_category_names);
    field(o, "subTopicNames", out.sub_topic_names);
    field(o, "subjectNames", out.subject_names);
    field(o, "topicNames", out.topic_names);
    field(o, "topicSubTopics", out.topic_sub_topics);
    field(o, "venueNames", out.venue_names);
}

template <> void decode(ondemand::object &o, Geometry &out) {
    field(o, "type", out.type);
    field(o, "coordinates", out.coordinates);
}

template <> void decode(ondemand::object &o, Feature &out) {
    field(o, "type", out.type);
    field(o, "properties", out.properties);
    field(o, "geometry", out.geometry);
}

template <> void decode(ondemand::object &o, FeatureCollection &out) {
    field(o, "type", out.type);
    field(o, "features", out.features);
}

template <> void decode(ondemand::object &o, GsocSponsor &out) {
    field(o, "@type", out.type);
    field(o, "name", out.name);
    field(o, "disambiguatingDescription", out.disambiguating_description);
    field(o, "description", out.description);
    field(o, "url", out.url);
    field(o, "logo", out.logo);
}

template <> void decode(ondemand::object &o, GsocAuthor &out) {
    field(o, "@type", out.type);
    field(o, "name", out.name);
}

template <> void decode(ondemand::object &o, GsocProject &out) {
    field(o, "@context", out.context);
    field(o, "@type", out.type);
    field(o, "name", out.name);
    field(o, "description", out.description);
    field(o, "sponsor", out.sponsor);
    field(o, "author", out.author);
}

template <> void decode(ondemand::object &o, GitHubActor &out) {
    field(o, "gravatar_id", out.gravatar_id);
    field(o, "login", out.login);
    field(o, "avatar_url", out.avatar_url);
    field(o, "url", out.url);
    field(o, "id", out.id);
}

template <> void decode(ondemand::object &o, GitHubRepo &out) {
    field(o, "url", out.url);
    field(o, "id", out.id);
    field(o, "name", out.name);
}

template <> void decode(ondemand::object &o, GitHubCommitAuthor &out) {
    field(o, "email", out.email);
    field(o, "name", out.name);
}

template <> void decode(ondemand::object &o, GitHubCommit &out) {
    field(o, "url", out.url);
    field(o, "message", out.message);
    field(o, "distinct", out.distinct);
    field(o, "sha", out.sha);
    field(o, "author", out.author);
}

template <> void decode(ondemand::object &o, GitHubPayload &out) {
    optional_field(o, "action", out.action);
    optional_field(o, "ref", out.ref);
    optional_field(o, "ref_type", out.ref_type);
    optional_field(o, "master_branch", out.master_branch);
    optional_field(o, "description", out.description);
    optional_field(o, "push_id", out.push_id);
    optional_field(o, "size", out.size);
    optional_field(o, "distinct_size", out.distinct_size);
    optional_field(o, "head", out.head);
    optional_field(o, "before", out.before);
    optional_field(o, "commits", out.commits);
}

template <> void decode(ondemand::object &o, GitHubEvent &out) {
    field(o, "type", out.type);
    field(o, "created_at", out.created_at);
    field(o, "actor", out.actor);
    field(o, "repo", out.repo);
    field(o, "public", out.is_public);
    field(o, "payload", out.payload);
    field(o, "id", out.id);
    optional_field(o, "org", out.org);
}

template <> void decode(ondemand::object &o, RecordLocation &out) {
    field(o, "lat", out.lat);
    field(o, "lon", out.lon);
    field(o, "country", out.country);
}

template <> void decode(ondemand::object &o, Record &out) {
    field(o, "id", out.id);
    field(o, "uuid", out.uuid);
    field(o, "name", out.name);
    field(o, "active", out.active);
    field(o, "score", out.score);
    field(o, "ratio", out.ratio);
    field(o, "city", out.city);
    optional_field(o, "nickname", out.nickname);
    field(o, "bio", out.bio);
    field(o, "tags", out.tags);
    field(o, "location", out.location);
    field(o, "greeting", out.greeting);
}

template <> void decode(ondemand::object &o, RecordSummary &out) {
    field(o, "id", out.id);
    field(o, "name", out.name);
    field(o, "score", out.score);
}

// MARK: - Single pass

// The same models read the way simdjson's documentation recommends for speed: each object's fields
// iterated once, in document order, each raw (still escaped) key dispatched on its first byte and
// compared with `raw_json_string::unsafe_is_equal` (the closing quote first, then the bytes; no
// unescaping, no std::string), the value read where it lies; unknown fields are skipped by the
// iteration. Required fields are checked after the walk (a missing one fails with NO_SUCH_FIELD);
// a duplicate key is read again (the last wins). Like `object[key]`, a key with escapes matches no
// field (the corpus has none). The models are fresh (default-constructed) when they are decoded.

template <class T> void decode_single(ondemand::object &object, T &out);
template <class T> void read_single(ondemand::value value, T &out);
template <class T> void read_single(ondemand::value value, std::vector<T> &out);
template <class T> void read_single(ondemand::value value, std::optional<T> &out);
template <class T> void read_single(ondemand::value value, std::unique_ptr<T> &out);
template <class T> void read_single(ondemand::value value, Dict<T> &out);
static inline void read_single(ondemand::value value, std::string &out) { read(value, out); }
static inline void read_single(ondemand::value value, int64_t &out) { read(value, out); }
static inline void read_single(ondemand::value value, double &out) { read(value, out); }
static inline void read_single(ondemand::value value, bool &out) { read(value, out); }

/// Any model struct: an object decoded by its `decode_single` specialization.
template <class T> void read_single(ondemand::value value, T &out) {
    ondemand::object object;
    check(value.get_object().get(object));
    decode_single(object, out);
}

template <class T> void read_single(ondemand::value value, std::vector<T> &out) {
    if constexpr (std::is_arithmetic_v<T>) {
        read(value, out);
    } else {
        ondemand::array array;
        check(value.get_array().get(array));
        out.clear();
        for (auto element : array) {
            ondemand::value item;
            check(element.get(item));
            out.emplace_back();
            read_single(item, out.back());
        }
    }
}

template <class T> void read_single(ondemand::value value, std::optional<T> &out) {
    bool is_null = false;
    check(value.is_null().get(is_null));
    if (is_null) {
        out.reset();
    } else {
        out.emplace();
        read_single(value, *out);
    }
}

template <class T> void read_single(ondemand::value value, std::unique_ptr<T> &out) {
    bool is_null = false;
    check(value.is_null().get(is_null));
    if (is_null) {
        out.reset();
    } else {
        out = std::make_unique<T>();
        read_single(value, *out);
    }
}

template <class T> void read_dictionary_single(ondemand::object object, Dict<T> &out) {
    out.clear();
    for (auto field : object) {
        std::string_view key;
        check(field.unescaped_key().get(key));
        out.emplace_back(std::string(key), T());
        read_single(field.value(), out.back().second);
    }
}

template <class T> void read_single(ondemand::value value, Dict<T> &out) {
    ondemand::object object;
    check(value.get_object().get(object));
    read_dictionary_single(object, out);
}

/// Calls `take(key, value)` for each field of `object`, once, in document order. A value that
/// `take` leaves unread is skipped by the iteration.
template <class Take> inline void each_field(ondemand::object &object, Take &&take) {
    for (auto result : object) {
        ondemand::field field;
        check(std::move(result).get(field));
        take(field.key(), field.value());
    }
}

/// One field of a single-pass decoder: if the raw `key` is `name`, reads `value` into `out` and
/// marks field `bit` as seen.
template <size_t N, class T>
inline bool take(ondemand::raw_json_string key, const char (&name)[N], ondemand::value &value, T &out,
                 uint64_t &seen, unsigned bit) {
    static_assert(N - 1 <= simdjson::SIMDJSON_PADDING, "unsafe_is_equal compares at most the padding at once");
    if (!key.unsafe_is_equal(std::string_view(name, N - 1))) return false;
    read_single(value, out);
    seen |= uint64_t{1} << bit;
    return true;
}

/// Fails unless every field of `required` (a mask of field bits) was seen.
static inline void require(uint64_t seen, uint64_t required) {
    if ((seen & required) != required) [[unlikely]] {
        throw decode_failure{simdjson::NO_SUCH_FIELD};
    }
}

template <> void decode_single(ondemand::object &o, StatusMetadata &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'r': take(key, "result_type", v, out.result_type, seen, 0); break;
        case 'i': take(key, "iso_language_code", v, out.iso_language_code, seen, 1); break;
        default: break;
        }
    });
    require(seen, 0x3);
}

template <> void decode_single(ondemand::object &o, URLEntity &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'u': take(key, "url", v, out.url, seen, 0); break;
        case 'e': take(key, "expanded_url", v, out.expanded_url, seen, 1); break;
        case 'd': take(key, "display_url", v, out.display_url, seen, 2); break;
        case 'i': take(key, "indices", v, out.indices, seen, 3); break;
        default: break;
        }
    });
    require(seen, 0xf);
}

template <> void decode_single(ondemand::object &o, URLEntities &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'u': take(key, "urls", v, out.urls, seen, 0); break;
        default: break;
        }
    });
    require(seen, 0x1);
}

template <> void decode_single(ondemand::object &o, UserEntities &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'u': take(key, "url", v, out.url, seen, 0); break;
        case 'd': take(key, "description", v, out.description, seen, 1); break;
        default: break;
        }
    });
    require(seen, 0x2);
}

template <> void decode_single(ondemand::object &o, TwitterUser &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'i': take(key, "id", v, out.id, seen, 0) ||
                   take(key, "id_str", v, out.id_str, seen, 1); break;
        case 'n': take(key, "name", v, out.name, seen, 2) ||
                   take(key, "notifications", v, out.notifications, seen, 29); break;
        case 's': take(key, "screen_name", v, out.screen_name, seen, 3) ||
                   take(key, "statuses_count", v, out.statuses_count, seen, 18); break;
        case 'l': take(key, "location", v, out.location, seen, 4) ||
                   take(key, "listed_count", v, out.listed_count, seen, 11) ||
                   take(key, "lang", v, out.lang, seen, 19); break;
        case 'd': take(key, "description", v, out.description, seen, 5) ||
                   take(key, "default_profile", v, out.default_profile, seen, 25) ||
                   take(key, "default_profile_image", v, out.default_profile_image, seen, 26); break;
        case 'u': take(key, "url", v, out.url, seen, 6) ||
                   take(key, "utc_offset", v, out.utc_offset, seen, 14); break;
        case 'e': take(key, "entities", v, out.entities, seen, 7); break;
        case 'p': take(key, "protected", v, out.protected_, seen, 8) ||
                   take(key, "profile_background_color", v, out.profile_background_color, seen, 20) ||
                   take(key, "profile_image_url", v, out.profile_image_url, seen, 21) ||
                   take(key, "profile_image_url_https", v, out.profile_image_url_https, seen, 22) ||
                   take(key, "profile_banner_url", v, out.profile_banner_url, seen, 23) ||
                   take(key, "profile_link_color", v, out.profile_link_color, seen, 24); break;
        case 'f': take(key, "followers_count", v, out.followers_count, seen, 9) ||
                   take(key, "friends_count", v, out.friends_count, seen, 10) ||
                   take(key, "favourites_count", v, out.favourites_count, seen, 13) ||
                   take(key, "following", v, out.following, seen, 27) ||
                   take(key, "follow_request_sent", v, out.follow_request_sent, seen, 28); break;
        case 'c': take(key, "created_at", v, out.created_at, seen, 12); break;
        case 't': take(key, "time_zone", v, out.time_zone, seen, 15); break;
        case 'g': take(key, "geo_enabled", v, out.geo_enabled, seen, 16); break;
        case 'v': take(key, "verified", v, out.verified, seen, 17); break;
        default: break;
        }
    });
    require(seen, 0x3f7f3fbf);
}

template <> void decode_single(ondemand::object &o, Hashtag &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 't': take(key, "text", v, out.text, seen, 0); break;
        case 'i': take(key, "indices", v, out.indices, seen, 1); break;
        default: break;
        }
    });
    require(seen, 0x3);
}

template <> void decode_single(ondemand::object &o, UserMention &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 's': take(key, "screen_name", v, out.screen_name, seen, 0); break;
        case 'n': take(key, "name", v, out.name, seen, 1); break;
        case 'i': take(key, "id", v, out.id, seen, 2) ||
                   take(key, "id_str", v, out.id_str, seen, 3) ||
                   take(key, "indices", v, out.indices, seen, 4); break;
        default: break;
        }
    });
    require(seen, 0x1f);
}

template <> void decode_single(ondemand::object &o, MediaSize &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'w': take(key, "w", v, out.w, seen, 0); break;
        case 'h': take(key, "h", v, out.h, seen, 1); break;
        case 'r': take(key, "resize", v, out.resize, seen, 2); break;
        default: break;
        }
    });
    require(seen, 0x7);
}

template <> void decode_single(ondemand::object &o, MediaSizes &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'm': take(key, "medium", v, out.medium, seen, 0); break;
        case 's': take(key, "small", v, out.small, seen, 1); break;
        case 't': take(key, "thumb", v, out.thumb, seen, 2); break;
        case 'l': take(key, "large", v, out.large, seen, 3); break;
        default: break;
        }
    });
    require(seen, 0xf);
}

template <> void decode_single(ondemand::object &o, Media &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'i': take(key, "id", v, out.id, seen, 0) ||
                   take(key, "id_str", v, out.id_str, seen, 1) ||
                   take(key, "indices", v, out.indices, seen, 2); break;
        case 'm': take(key, "media_url", v, out.media_url, seen, 3) ||
                   take(key, "media_url_https", v, out.media_url_https, seen, 4); break;
        case 'u': take(key, "url", v, out.url, seen, 5); break;
        case 'd': take(key, "display_url", v, out.display_url, seen, 6); break;
        case 'e': take(key, "expanded_url", v, out.expanded_url, seen, 7); break;
        case 't': take(key, "type", v, out.type, seen, 8); break;
        case 's': take(key, "sizes", v, out.sizes, seen, 9) ||
                   take(key, "source_status_id", v, out.source_status_id, seen, 10) ||
                   take(key, "source_status_id_str", v, out.source_status_id_str, seen, 11); break;
        default: break;
        }
    });
    require(seen, 0x3ff);
}

template <> void decode_single(ondemand::object &o, Entities &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'h': take(key, "hashtags", v, out.hashtags, seen, 0); break;
        case 's': take(key, "symbols", v, out.symbols, seen, 1); break;
        case 'u': take(key, "urls", v, out.urls, seen, 2) ||
                   take(key, "user_mentions", v, out.user_mentions, seen, 3); break;
        case 'm': take(key, "media", v, out.media, seen, 4); break;
        default: break;
        }
    });
    require(seen, 0xf);
}

template <> void decode_single(ondemand::object &o, Status &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'm': take(key, "metadata", v, out.metadata, seen, 0); break;
        case 'c': take(key, "created_at", v, out.created_at, seen, 1); break;
        case 'i': take(key, "id", v, out.id, seen, 2) ||
                   take(key, "id_str", v, out.id_str, seen, 3) ||
                   take(key, "in_reply_to_status_id", v, out.in_reply_to_status_id, seen, 7) ||
                   take(key, "in_reply_to_status_id_str", v, out.in_reply_to_status_id_str, seen, 8) ||
                   take(key, "in_reply_to_user_id", v, out.in_reply_to_user_id, seen, 9) ||
                   take(key, "in_reply_to_user_id_str", v, out.in_reply_to_user_id_str, seen, 10) ||
                   take(key, "in_reply_to_screen_name", v, out.in_reply_to_screen_name, seen, 11); break;
        case 't': take(key, "text", v, out.text, seen, 4) ||
                   take(key, "truncated", v, out.truncated, seen, 6); break;
        case 's': take(key, "source", v, out.source, seen, 5); break;
        case 'u': take(key, "user", v, out.user, seen, 12); break;
        case 'r': take(key, "retweeted_status", v, out.retweeted_status, seen, 13) ||
                   take(key, "retweet_count", v, out.retweet_count, seen, 14) ||
                   take(key, "retweeted", v, out.retweeted, seen, 18); break;
        case 'f': take(key, "favorite_count", v, out.favorite_count, seen, 15) ||
                   take(key, "favorited", v, out.favorited, seen, 17); break;
        case 'e': take(key, "entities", v, out.entities, seen, 16); break;
        case 'p': take(key, "possibly_sensitive", v, out.possibly_sensitive, seen, 19); break;
        case 'l': take(key, "lang", v, out.lang, seen, 20); break;
        default: break;
        }
    });
    require(seen, 0x17d07f);
}

template <> void decode_single(ondemand::object &o, SearchMetadata &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'c': take(key, "completed_in", v, out.completed_in, seen, 0) ||
                   take(key, "count", v, out.count, seen, 6); break;
        case 'm': take(key, "max_id", v, out.max_id, seen, 1) ||
                   take(key, "max_id_str", v, out.max_id_str, seen, 2); break;
        case 'n': take(key, "next_results", v, out.next_results, seen, 3); break;
        case 'q': take(key, "query", v, out.query, seen, 4); break;
        case 'r': take(key, "refresh_url", v, out.refresh_url, seen, 5); break;
        case 's': take(key, "since_id", v, out.since_id, seen, 7) ||
                   take(key, "since_id_str", v, out.since_id_str, seen, 8); break;
        default: break;
        }
    });
    require(seen, 0x1ff);
}

template <> void decode_single(ondemand::object &o, TwitterResponse &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 's': take(key, "statuses", v, out.statuses, seen, 0) ||
                   take(key, "search_metadata", v, out.search_metadata, seen, 1); break;
        default: break;
        }
    });
    require(seen, 0x3);
}

template <> void decode_single(ondemand::object &o, PartialStatus &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'i': take(key, "id", v, out.id, seen, 0); break;
        case 't': take(key, "text", v, out.text, seen, 1); break;
        case 'u':
            if (key.unsafe_is_equal("user")) {
                // The key path user.screen_name: the nested object walked once too.
                ondemand::object user;
                check(v.get_object().get(user));
                uint64_t user_seen = 0;
                each_field(user, [&](ondemand::raw_json_string user_key, ondemand::value &user_value) {
                    if (user_key.raw()[0] == 's') take(user_key, "screen_name", user_value, out.screen_name, user_seen, 0);
                });
                require(user_seen, 0x1);
                seen |= 0x4;
            }
            break;
        default: break;
        }
    });
    require(seen, 0x7);
}

template <> void decode_single(ondemand::object &o, CitmEvent &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'd': take(key, "description", v, out.description, seen, 0); break;
        case 'i': take(key, "id", v, out.id, seen, 1); break;
        case 'l': take(key, "logo", v, out.logo, seen, 2); break;
        case 'n': take(key, "name", v, out.name, seen, 3); break;
        case 's': take(key, "subTopicIds", v, out.sub_topic_ids, seen, 4) ||
                   take(key, "subjectCode", v, out.subject_code, seen, 5) ||
                   take(key, "subtitle", v, out.subtitle, seen, 6); break;
        case 't': take(key, "topicIds", v, out.topic_ids, seen, 7); break;
        default: break;
        }
    });
    require(seen, 0x9a);
}

template <> void decode_single(ondemand::object &o, Price &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'a': take(key, "amount", v, out.amount, seen, 0) ||
                   take(key, "audienceSubCategoryId", v, out.audience_sub_category_id, seen, 1); break;
        case 's': take(key, "seatCategoryId", v, out.seat_category_id, seen, 2); break;
        default: break;
        }
    });
    require(seen, 0x7);
}

template <> void decode_single(ondemand::object &o, Area &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'a': take(key, "areaId", v, out.area_id, seen, 0); break;
        case 'b': take(key, "blockIds", v, out.block_ids, seen, 1); break;
        default: break;
        }
    });
    require(seen, 0x3);
}

template <> void decode_single(ondemand::object &o, SeatCategory &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'a': take(key, "areas", v, out.areas, seen, 0); break;
        case 's': take(key, "seatCategoryId", v, out.seat_category_id, seen, 1); break;
        default: break;
        }
    });
    require(seen, 0x3);
}

template <> void decode_single(ondemand::object &o, Performance &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'e': take(key, "eventId", v, out.event_id, seen, 0); break;
        case 'i': take(key, "id", v, out.id, seen, 1); break;
        case 'l': take(key, "logo", v, out.logo, seen, 2); break;
        case 'n': take(key, "name", v, out.name, seen, 3); break;
        case 'p': take(key, "prices", v, out.prices, seen, 4); break;
        case 's': take(key, "seatCategories", v, out.seat_categories, seen, 5) ||
                   take(key, "seatMapImage", v, out.seat_map_image, seen, 6) ||
                   take(key, "start", v, out.start, seen, 7); break;
        case 'v': take(key, "venueCode", v, out.venue_code, seen, 8); break;
        default: break;
        }
    });
    require(seen, 0x1b3);
}

template <> void decode_single(ondemand::object &o, CitmCatalog &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'a': take(key, "areaNames", v, out.area_names, seen, 0) ||
                   take(key, "audienceSubCategoryNames", v, out.audience_sub_category_names, seen, 1); break;
        case 'b': take(key, "blockNames", v, out.block_names, seen, 2); break;
        case 'e': take(key, "events", v, out.events, seen, 3); break;
        case 'p': take(key, "performances", v, out.performances, seen, 4); break;
        case 's': take(key, "seatCategoryNames", v, out.seat_category_names, seen, 5) ||
                   take(key, "subTopicNames", v, out.sub_topic_names, seen, 6) ||
                   take(key, "subjectNames", v, out.subject_names, seen, 7); break;
        case 't': take(key, "topicNames", v, out.topic_names, seen, 8) ||
                   take(key, "topicSubTopics", v, out.topic_sub_topics, seen, 9); break;
        case 'v': take(key, "venueNames", v, out.venue_names, seen, 10); break;
        default: break;
        }
    });
    require(seen, 0x7ff);
}

template <> void decode_single(ondemand::object &o, Geometry &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 't': take(key, "type", v, out.type, seen, 0); break;
        case 'c': take(key, "coordinates", v, out.coordinates, seen, 1); break;
        default: break;
        }
    });
    require(seen, 0x3);
}

template <> void decode_single(ondemand::object &o, Feature &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 't': take(key, "type", v, out.type, seen, 0); break;
        case 'p': take(key, "properties", v, out.properties, seen, 1); break;
        case 'g': take(key, "geometry", v, out.geometry, seen, 2); break;
        default: break;
        }
    });
    require(seen, 0x7);
}

template <> void decode_single(ondemand::object &o, FeatureCollection &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 't': take(key, "type", v, out.type, seen, 0); break;
        case 'f': take(key, "features", v, out.features, seen, 1); break;
        default: break;
        }
    });
    require(seen, 0x3);
}

template <> void decode_single(ondemand::object &o, GsocSponsor &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case '@': take(key, "@type", v, out.type, seen, 0); break;
        case 'n': take(key, "name", v, out.name, seen, 1); break;
        case 'd': take(key, "disambiguatingDescription", v, out.disambiguating_description, seen, 2) ||
                   take(key, "description", v, out.description, seen, 3); break;
        case 'u': take(key, "url", v, out.url, seen, 4); break;
        case 'l': take(key, "logo", v, out.logo, seen, 5); break;
        default: break;
        }
    });
    require(seen, 0x3f);
}

template <> void decode_single(ondemand::object &o, GsocAuthor &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case '@': take(key, "@type", v, out.type, seen, 0); break;
        case 'n': take(key, "name", v, out.name, seen, 1); break;
        default: break;
        }
    });
    require(seen, 0x3);
}

template <> void decode_single(ondemand::object &o, GsocProject &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case '@': take(key, "@context", v, out.context, seen, 0) ||
                   take(key, "@type", v, out.type, seen, 1); break;
        case 'n': take(key, "name", v, out.name, seen, 2); break;
        case 'd': take(key, "description", v, out.description, seen, 3); break;
        case 's': take(key, "sponsor", v, out.sponsor, seen, 4); break;
        case 'a': take(key, "author", v, out.author, seen, 5); break;
        default: break;
        }
    });
    require(seen, 0x3f);
}

template <> void decode_single(ondemand::object &o, GitHubActor &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'g': take(key, "gravatar_id", v, out.gravatar_id, seen, 0); break;
        case 'l': take(key, "login", v, out.login, seen, 1); break;
        case 'a': take(key, "avatar_url", v, out.avatar_url, seen, 2); break;
        case 'u': take(key, "url", v, out.url, seen, 3); break;
        case 'i': take(key, "id", v, out.id, seen, 4); break;
        default: break;
        }
    });
    require(seen, 0x1f);
}

template <> void decode_single(ondemand::object &o, GitHubRepo &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'u': take(key, "url", v, out.url, seen, 0); break;
        case 'i': take(key, "id", v, out.id, seen, 1); break;
        case 'n': take(key, "name", v, out.name, seen, 2); break;
        default: break;
        }
    });
    require(seen, 0x7);
}

template <> void decode_single(ondemand::object &o, GitHubCommitAuthor &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'e': take(key, "email", v, out.email, seen, 0); break;
        case 'n': take(key, "name", v, out.name, seen, 1); break;
        default: break;
        }
    });
    require(seen, 0x3);
}

template <> void decode_single(ondemand::object &o, GitHubCommit &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'u': take(key, "url", v, out.url, seen, 0); break;
        case 'm': take(key, "message", v, out.message, seen, 1); break;
        case 'd': take(key, "distinct", v, out.distinct, seen, 2); break;
        case 's': take(key, "sha", v, out.sha, seen, 3); break;
        case 'a': take(key, "author", v, out.author, seen, 4); break;
        default: break;
        }
    });
    require(seen, 0x1f);
}

template <> void decode_single(ondemand::object &o, GitHubPayload &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'a': take(key, "action", v, out.action, seen, 0); break;
        case 'r': take(key, "ref", v, out.ref, seen, 1) ||
                   take(key, "ref_type", v, out.ref_type, seen, 2); break;
        case 'm': take(key, "master_branch", v, out.master_branch, seen, 3); break;
        case 'd': take(key, "description", v, out.description, seen, 4) ||
                   take(key, "distinct_size", v, out.distinct_size, seen, 7); break;
        case 'p': take(key, "push_id", v, out.push_id, seen, 5); break;
        case 's': take(key, "size", v, out.size, seen, 6); break;
        case 'h': take(key, "head", v, out.head, seen, 8); break;
        case 'b': take(key, "before", v, out.before, seen, 9); break;
        case 'c': take(key, "commits", v, out.commits, seen, 10); break;
        default: break;
        }
    });
    require(seen, 0x0);
}

template <> void decode_single(ondemand::object &o, GitHubEvent &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 't': take(key, "type", v, out.type, seen, 0); break;
        case 'c': take(key, "created_at", v, out.created_at, seen, 1); break;
        case 'a': take(key, "actor", v, out.actor, seen, 2); break;
        case 'r': take(key, "repo", v, out.repo, seen, 3); break;
        case 'p': take(key, "public", v, out.is_public, seen, 4) ||
                   take(key, "payload", v, out.payload, seen, 5); break;
        case 'i': take(key, "id", v, out.id, seen, 6); break;
        case 'o': take(key, "org", v, out.org, seen, 7); break;
        default: break;
        }
    });
    require(seen, 0x7f);
}

template <> void decode_single(ondemand::object &o, RecordLocation &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'l': take(key, "lat", v, out.lat, seen, 0) ||
                   take(key, "lon", v, out.lon, seen, 1); break;
        case 'c': take(key, "country", v, out.country, seen, 2); break;
        default: break;
        }
    });
    require(seen, 0x7);
}

template <> void decode_single(ondemand::object &o, Record &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'i': take(key, "id", v, out.id, seen, 0); break;
        case 'u': take(key, "uuid", v, out.uuid, seen, 1); break;
        case 'n': take(key, "name", v, out.name, seen, 2) ||
                   take(key, "nickname", v, out.nickname, seen, 7); break;
        case 'a': take(key, "active", v, out.active, seen, 3); break;
        case 's': take(key, "score", v, out.score, seen, 4); break;
        case 'r': take(key, "ratio", v, out.ratio, seen, 5); break;
        case 'c': take(key, "city", v, out.city, seen, 6); break;
        case 'b': take(key, "bio", v, out.bio, seen, 8); break;
        case 't': take(key, "tags", v, out.tags, seen, 9); break;
        case 'l': take(key, "location", v, out.location, seen, 10); break;
        case 'g': take(key, "greeting", v, out.greeting, seen, 11); break;
        default: break;
        }
    });
    require(seen, 0xf7f);
}

template <> void decode_single(ondemand::object &o, RecordSummary &out) {
    uint64_t seen = 0;
    each_field(o, [&](ondemand::raw_json_string key, ondemand::value &v) {
        switch (key.raw()[0]) {
        case 'i': take(key, "id", v, out.id, seen, 0); break;
        case 'n': take(key, "name", v, out.name, seen, 1); break;
        case 's': take(key, "score", v, out.score, seen, 2); break;
        default: break;
        }
    });
    require(seen, 0x7);
}

// MARK: - Roots

/// A model read by `find_field` in document order, or with `SinglePass` in one walk over its fields.
template <bool SinglePass, class T> inline void read_model(ondemand::value value, T &out) {
    if constexpr (SinglePass) {
        read_single(value, out);
    } else {
        read(value, out);
    }
}

template <bool SinglePass, class T> void decode_root_object(ondemand::document &document, T &out) {
    ondemand::object object;
    check(document.get_object().get(object));
    if constexpr (SinglePass) {
        decode_single(object, out);
    } else {
        decode(object, out);
    }
}

template <bool SinglePass, class T> void decode_root_array(ondemand::document &document, std::vector<T> &out) {
    ondemand::array array;
    check(document.get_array().get(array));
    out.clear();
    for (auto element : array) {
        ondemand::value item;
        check(element.get(item));
        out.emplace_back();
        read_model<SinglePass>(item, out.back());
    }
}

template <bool SinglePass, class T> void decode_root_dictionary(ondemand::document &document, Dict<T> &out) {
    ondemand::object object;
    check(document.get_object().get(object));
    if constexpr (SinglePass) {
        read_dictionary_single(object, out);
    } else {
        read_dictionary(object, out);
    }
}

/// Content after a root array is an error, as in SimdUnbox. (Root objects are left as soon as their
/// last wanted field is read, as On-Demand code does; skipping to their end is not counted here.)
static void check_end(ondemand::document &document) {
    const char *location = nullptr;
    error_code code = document.current_location().get(location);
    if (code == simdjson::SUCCESS) {
        throw decode_failure{simdjson::TRAILING_CONTENT};
    }
    if (code != simdjson::OUT_OF_BOUNDS) {
        throw decode_failure{code};
    }
}

// MARK: - Summaries

struct Summary {
    cpp_ceiling_summary totals{};

    void add(const std::string &value) {
        totals.strings += 1;
        totals.string_bytes += value.size();
    }
    void add(int64_t value) {
        totals.integers += 1;
        totals.integer_sum += static_cast<uint64_t>(value);
    }
    void add(double value) {
        totals.doubles += 1;
        totals.double_sum += value;
    }
    void add(bool value) {
        totals.booleans += 1;
        totals.true_count += value ? 1 : 0;
    }
    template <class T> void add(const std::optional<T> &value) {
        if (value) add(*value);
    }
    template <class T> void add(const std::unique_ptr<T> &value) {
        if (value) add(*value);
    }
    template <class T> void add(const std::vector<T> &values) {
        for (const auto &value : values) add(value);
    }
    template <class T> void add(const std::pair<std::string, T> &entry) {
        add(entry.first);
        add(entry.second);
    }
    template <class T> void add(const T &model) { fields(model, *this); }

    template <class... Values> void all(const Values &...values) { (add(values), ...); }
};

template <class S> void fields(const StatusMetadata &m, S &s) { s.all(m.result_type, m.iso_language_code); }
template <class S> void fields(const URLEntity &m, S &s) { s.all(m.url, m.expanded_url, m.display_url, m.indices); }
template <class S> void fields(const URLEntities &m, S &s) { s.all(m.urls); }
template <class S> void fields(const UserEntities &m, S &s) { s.all(m.url, m.description); }
template <class S> void fields(const TwitterUser &m, S &s) {
    s.all(m.id, m.id_str, m.name, m.screen_name, m.location, m.description, m.url, m.entities, m.protected_,
          m.followers_count, m.friends_count, m.listed_count, m.created_at, m.favourites_count, m.utc_offset,
          m.time_zone, m.geo_enabled, m.verified, m.statuses_count, m.lang, m.profile_background_color,
          m.profile_image_url, m.profile_image_url_https, m.profile_banner_url, m.profile_link_color,
          m.default_profile, m.default_profile_image, m.following, m.follow_request_sent, m.notifications);
}
template <class S> void fields(const Hashtag &m, S &s) { s.all(m.text, m.indices); }
template <class S> void fields(const UserMention &m, S &s) { s.all(m.screen_name, m.name, m.id, m.id_str, m.indices); }
template <class S> void fields(const MediaSize &m, S &s) { s.all(m.w, m.h, m.resize); }
template <class S> void fields(const MediaSizes &m, S &s) { s.all(m.medium, m.small, m.thumb, m.large); }
template <class S> void fields(const Media &m, S &s) {
    s.all(m.id, m.id_str, m.indices, m.media_url, m.media_url_https, m.url, m.display_url, m.expanded_url, m.type,
          m.sizes, m.source_status_id, m.source_status_id_str);
}
template <class S> void fields(const Entities &m, S &s) { s.all(m.hashtags, m.symbols, m.urls, m.user_mentions, m.media); }
template <class S> void fields(const Status &m, S &s) {
    s.all(m.metadata, m.created_at, m.id, m.id_str, m.text, m.source, m.truncated, m.in_reply_to_status_id,
          m.in_reply_to_status_id_str, m.in_reply_to_user_id, m.in_reply_to_user_id_str, m.in_reply_to_screen_name,
          m.user, m.retweeted_status, m.retweet_count, m.favorite_count, m.entities, m.favorited, m.retweeted,
          m.possibly_sensitive, m.lang);
}
template <class S> void fields(const SearchMetadata &m, S &s) {
    s.all(m.completed_in, m.max_id, m.max_id_str, m.next_results, m.query, m.refresh_url, m.count, m.since_id,
          m.since_id_str);
}
template <class S> void fields(const TwitterResponse &m, S &s) { s.all(m.statuses, m.search_metadata); }
template <class S> void fields(const PartialStatus &m, S &s) { s.all(m.id, m.text, m.screen_name); }
template <class S> void fields(const CitmEvent &m, S &s) {
    s.all(m.description, m.id, m.logo, m.name, m.sub_topic_ids, m.subject_code, m.subtitle, m.topic_ids);
}
template <class S> void fields(const Price &m, S &s) { s.all(m.amount, m.audience_sub_category_id, m.seat_category_id); }
template <class S> void fields(const Area &m, S &s) { s.all(m.area_id, m.block_ids); }
template <class S> void fields(const SeatCategory &m, S &s) { s.all(m.areas, m.seat_category_id); }
template <class S> void fields(const Performance &m, S &s) {
    s.all(m.event_id, m.id, m.logo, m.name, m.prices, m.seat_categories, m.seat_map_image, m.start, m.venue_code);
}
template <class S> void fields(const CitmCatalog &m, S &s) {
    s.all(m.area_names, m.audience_sub_category_names, m.block_names, m.events, m.performances, m.seat_category_names,
          m.sub_topic_names, m.subject_names, m.topic_names, m.topic_sub_topics, m.venue_names);
}
template <class S> void fields(const Geometry &m, S &s) { s.all(m.type, m.coordinates); }
template <class S> void fields(const Feature &m, S &s) { s.all(m.type, m.properties, m.geometry); }
template <class S> void fields(const FeatureCollection &m, S &s) { s.all(m.type, m.features); }
template <class S> void fields(const GsocSponsor &m, S &s) {
    s.all(m.type, m.name, m.disambiguating_description, m.description, m.url, m.logo);
}
template <class S> void fields(const GsocAuthor &m, S &s) { s.all(m.type, m.name); }
template <class S> void fields(const GsocProject &m, S &s) {
    s.all(m.context, m.type, m.name, m.description, m.sponsor, m.author);
}
template <class S> void fields(const GitHubActor &m, S &s) { s.all(m.gravatar_id, m.login, m.avatar_url, m.url, m.id); }
template <class S> void fields(const GitHubRepo &m, S &s) { s.all(m.url, m.id, m.name); }
template <class S> void fields(const GitHubCommitAuthor &m, S &s) { s.all(m.email, m.name); }
template <class S> void fields(const GitHubCommit &m, S &s) { s.all(m.url, m.message, m.distinct, m.sha, m.author); }
template <class S> void fields(const GitHubPayload &m, S &s) {
    s.all(m.action, m.ref, m.ref_type, m.master_branch, m.description, m.push_id, m.size, m.distinct_size, m.head,
          m.before, m.commits);
}
template <class S> void fields(const GitHubEvent &m, S &s) {
    s.all(m.type, m.created_at, m.actor, m.repo, m.is_public, m.payload, m.id, m.org);
}
template <class S> void fields(const RecordLocation &m, S &s) { s.all(m.lat, m.lon, m.country); }
template <class S> void fields(const Record &m, S &s) {
    s.all(m.id, m.uuid, m.name, m.active, m.score, m.ratio, m.city, m.nickname, m.bio, m.tags, m.location,
          m.greeting);
}
template <class S> void fields(const RecordSummary &m, S &s) { s.all(m.id, m.name, m.score); }

// MARK: - Decoder

using Result = std::variant<std::monostate, TwitterResponse, CitmCatalog, FeatureCollection, Dict<GsocProject>,
                            std::vector<GitHubEvent>, std::vector<Record>, std::vector<PartialStatus>,
                            std::vector<RecordSummary>>;

} // namespace ceiling

struct cpp_ceiling_decoder {
    simdjson::ondemand::parser parser;
    std::unique_ptr<uint8_t[]> buffer;
    size_t capacity = 0;
    ceiling::Result result;

    /// Copies the input into the reused buffer, followed by simdjson's padding.
    const uint8_t *pad(const void *bytes, size_t length) {
        size_t needed = length + simdjson::SIMDJSON_PADDING;
        if (needed > capacity) {
            buffer.reset(new uint8_t[needed]);
            capacity = needed;
        }
        std::memcpy(buffer.get(), bytes, length);
        std::memset(buffer.get() + length, 0, simdjson::SIMDJSON_PADDING);
        return buffer.get();
    }
};

namespace ceiling {

template <class T> T &fresh(Result &result) {
    if (auto *existing = std::get_if<T>(&result)) {
        *existing = T(); // frees the previous models, as a Swift decode frees the previous value
        return *existing;
    }
    return result.emplace<T>();
}

template <bool SinglePass>
static uint64_t decode_workload(cpp_ceiling_decoder &decoder, cpp_ceiling_workload workload, const void *bytes,
                                size_t length) {
    const uint8_t *padded = decoder.pad(bytes, length);
    ondemand::document document;
    check(decoder.parser.iterate(padded, length, decoder.capacity).get(document));
    uint64_t count = 0;
    switch (workload) {
    case CPP_CEILING_TWITTER: {
        auto &out = fresh<TwitterResponse>(decoder.result);
        decode_root_object<SinglePass>(document, out);
        count = out.statuses.size();
        break;
    }
    case CPP_CEILING_CITM: {
        auto &out = fresh<CitmCatalog>(decoder.result);
        decode_root_object<SinglePass>(document, out);
        count = out.performances.size();
        break;
    }
    case CPP_CEILING_CANADA: {
        auto &out = fresh<FeatureCollection>(decoder.result);
        decode_root_object<SinglePass>(document, out);
        for (const auto &feature : out.features)
            for (const auto &ring : feature.geometry.coordinates) count += ring.size();
        break;
    }
    case CPP_CEILING_GSOC: {
        auto &out = fresh<Dict<GsocProject>>(decoder.result);
        decode_root_dictionary<SinglePass>(document, out);
        count = out.size();
        break;
    }
    case CPP_CEILING_GITHUB_EVENTS: {
        auto &out = fresh<std::vector<GitHubEvent>>(decoder.result);
        decode_root_array<SinglePass>(document, out);
        count = out.size();
        break;
    }
    case CPP_CEILING_RECORDS: {
        auto &out = fresh<std::vector<Record>>(decoder.result);
        decode_root_array<SinglePass>(document, out);
        count = out.size();
        break;
    }
    case CPP_CEILING_PARTIAL_TWITTER: {
        auto &out = fresh<std::vector<PartialStatus>>(decoder.result);
        ondemand::object root;
        check(document.get_object().get(root));
        ondemand::value statuses;
        check(root["statuses"].get(statuses));
        read_model<SinglePass>(statuses, out);
        count = out.size();
        break;
    }
    case CPP_CEILING_PARTIAL_RECORDS: {
        auto &out = fresh<std::vector<RecordSummary>>(decoder.result);
        decode_root_array<SinglePass>(document, out);
        count = out.size();
        break;
    }
    default:
        throw decode_failure{simdjson::UNSUPPORTED_ARCHITECTURE};
    }
    switch (workload) {
    case CPP_CEILING_GITHUB_EVENTS:
    case CPP_CEILING_RECORDS:
    case CPP_CEILING_PARTIAL_RECORDS: check_end(document); break;
    default: break;
    }
    return count;
}

/// Folds one record into a streaming checksum.
static void add(cpp_ceiling_stream_checksum &checksum, const Record &record) {
    checksum.count += 1;
    checksum.id_sum += static_cast<uint64_t>(record.id);
    checksum.text_bytes += record.name.size() + record.bio.size();
}

static void add(cpp_ceiling_stream_checksum &checksum, const RecordSummary &summary) {
    checksum.count += 1;
    checksum.id_sum += static_cast<uint64_t>(summary.id);
    checksum.text_bytes += summary.name.size();
}

template <class Model>
static cpp_ceiling_stream_checksum stream_records(cpp_ceiling_decoder &decoder, const char *path, bool json_lines) {
    simdjson::padded_string file;
    check(simdjson::padded_string::load(path).get(file));
    cpp_ceiling_stream_checksum checksum{};
    Model record;
    if (json_lines) {
        ondemand::document_stream documents;
        check(decoder.parser.iterate_many(file, 1 << 20).get(documents));
        for (auto document : documents) {
            ondemand::object object;
            check(document.get_object().get(object));
            decode(object, record);
            add(checksum, record);
        }
        check(documents.truncated_bytes() == 0 ? simdjson::SUCCESS : simdjson::INCOMPLETE_ARRAY_OR_OBJECT);
    } else {
        ondemand::document document;
        check(decoder.parser.iterate(file).get(document));
        ondemand::array array;
        check(document.get_array().get(array));
        for (auto element : array) {
            ondemand::value item;
            check(element.get(item));
            read(item, record);
            add(checksum, record);
        }
        check_end(document);
    }
    return checksum;
}

template <class T> static bool summarize_as(const Result &result, Summary &summary) {
    const T *value = std::get_if<T>(&result);
    if (!value) return false;
    summary.add(*value);
    return true;
}

} // namespace ceiling

extern "C" {

cpp_ceiling_decoder *cpp_ceiling_decoder_create(void) { return new (std::nothrow) cpp_ceiling_decoder(); }

void cpp_ceiling_decoder_destroy(cpp_ceiling_decoder *decoder) { delete decoder; }

int cpp_ceiling_decode(cpp_ceiling_decoder *decoder, cpp_ceiling_workload workload, const void *bytes, size_t length,
                       uint64_t *out_count) {
    return cpp_ceiling_decode_walk(decoder, workload, CPP_CEILING_FIND_FIELD, bytes, length, out_count);
}

int cpp_ceiling_decode_walk(cpp_ceiling_decoder *decoder, cpp_ceiling_workload workload, cpp_ceiling_walk walk,
                            const void *bytes, size_t length, uint64_t *out_count) {
    try {
        uint64_t count = walk == CPP_CEILING_SINGLE_PASS
                             ? ceiling::decode_workload<true>(*decoder, workload, bytes, length)
                             : ceiling::decode_workload<false>(*decoder, workload, bytes, length);
        if (out_count) *out_count = count;
        return 0;
    } catch (const ceiling::decode_failure &failure) {
        decoder->result = std::monostate();
        return static_cast<int>(failure.code);
    } catch (...) {
        decoder->result = std::monostate();
        return -1;
    }
}

int cpp_ceiling_summarize(const cpp_ceiling_decoder *decoder, cpp_ceiling_workload workload,
                          cpp_ceiling_summary *out_summary) {
    using namespace ceiling;
    Summary summary;
    bool matched = false;
    switch (workload) {
    case CPP_CEILING_TWITTER: matched = summarize_as<TwitterResponse>(decoder->result, summary); break;
    case CPP_CEILING_CITM: matched = summarize_as<CitmCatalog>(decoder->result, summary); break;
    case CPP_CEILING_CANADA: matched = summarize_as<FeatureCollection>(decoder->result, summary); break;
    case CPP_CEILING_GSOC: matched = summarize_as<Dict<GsocProject>>(decoder->result, summary); break;
    case CPP_CEILING_GITHUB_EVENTS: matched = summarize_as<std::vector<GitHubEvent>>(decoder->result, summary); break;
    case CPP_CEILING_RECORDS: matched = summarize_as<std::vector<Record>>(decoder->result, summary); break;
    case CPP_CEILING_PARTIAL_TWITTER:
        matched = summarize_as<std::vector<PartialStatus>>(decoder->result, summary);
        break;
    case CPP_CEILING_PARTIAL_RECORDS:
        matched = summarize_as<std::vector<RecordSummary>>(decoder->result, summary);
        break;
    }
    if (!matched) return -1;
    *out_summary = summary.totals;
    return 0;
}

int cpp_ceiling_stream_records(cpp_ceiling_decoder *decoder, const char *path, int json_lines, int summaries,
                               cpp_ceiling_stream_checksum *out_checksum) {
    try {
        *out_checksum = summaries ? ceiling::stream_records<ceiling::RecordSummary>(*decoder, path, json_lines != 0)
                                  : ceiling::stream_records<ceiling::Record>(*decoder, path, json_lines != 0);
        return 0;
    } catch (const ceiling::decode_failure &failure) {
        return static_cast<int>(failure.code);
    } catch (...) {
        return -1;
    }
}

const char *cpp_ceiling_active_implementation(void) {
    return simdjson::get_active_implementation()->name().data();
}

void cpp_ceiling_release_free_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // extern "C"
