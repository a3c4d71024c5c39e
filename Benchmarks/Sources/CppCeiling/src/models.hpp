// C++ twins of the Swift models in Benchmarks/Sources/CorpusModels: the same fields, the same
// optionality, owned values (std::string, std::vector). Dictionaries keep document order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ceiling {

template <class T> using Dict = std::vector<std::pair<std::string, T>>;

// MARK: twitter.json

struct StatusMetadata {
    std::string result_type, iso_language_code;
};

struct URLEntity {
    std::string url, expanded_url, display_url;
    std::vector<int64_t> indices;
};

struct URLEntities {
    std::vector<URLEntity> urls;
};

struct UserEntities {
    std::optional<URLEntities> url;
    URLEntities description;
};

struct TwitterUser {
    int64_t id = 0;
    std::string id_str, name, screen_name, location, description;
    std::optional<std::string> url;
    UserEntities entities;
    bool protected_ = false;
    int64_t followers_count = 0, friends_count = 0, listed_count = 0;
    std::string created_at;
    int64_t favourites_count = 0;
    std::optional<int64_t> utc_offset;
    std::optional<std::string> time_zone;
    bool geo_enabled = false, verified = false;
    int64_t statuses_count = 0;
    std::string lang, profile_background_color, profile_image_url, profile_image_url_https;
    std::optional<std::string> profile_banner_url;
    std::string profile_link_color;
    bool default_profile = false, default_profile_image = false, following = false, follow_request_sent = false,
         notifications = false;
};

struct Hashtag {
    std::string text;
    std::vector<int64_t> indices;
};

struct UserMention {
    std::string screen_name, name;
    int64_t id = 0;
    std::string id_str;
    std::vector<int64_t> indices;
};

struct MediaSize {
    int64_t w = 0, h = 0;
    std::string resize;
};

struct MediaSizes {
    MediaSize medium, small, thumb, large;
};

struct Media {
    int64_t id = 0;
    std::string id_str;
    std::vector<int64_t> indices;
    std::string media_url, media_url_https, url, display_url, expanded_url, type;
    MediaSizes sizes;
    std::optional<int64_t> source_status_id;
    std::optional<std::string> source_status_id_str;
};

struct Entities {
    std::vector<Hashtag> hashtags, symbols;
    std::vector<URLEntity> urls;
    std::vector<UserMention> user_mentions;
    std::optional<std::vector<Media>> media;
};

struct Status {
    StatusMetadata metadata;
    std::string created_at;
    int64_t id = 0;
    std::string id_str, text, source;
    bool truncated = false;
    std::optional<int64_t> in_reply_to_status_id;
    std::optional<std::string> in_reply_to_status_id_str;
    std::optional<int64_t> in_reply_to_user_id;
    std::optional<std::string> in_reply_to_user_id_str, in_reply_to_screen_name;
    TwitterUser user;
    std::unique_ptr<Status> retweeted_status;
    int64_t retweet_count = 0, favorite_count = 0;
    Entities entities;
    bool favorited = false, retweeted = false;
    std::optional<bool> possibly_sensitive;
    std::string lang;
};

struct SearchMetadata {
    double completed_in = 0;
    int64_t max_id = 0;
    std::string max_id_str, next_results, query, refresh_url;
    int64_t count = 0, since_id = 0;
    std::string since_id_str;
};

struct TwitterResponse {
    std::vector<Status> statuses;
    SearchMetadata search_metadata;
};

struct PartialStatus {
    int64_t id = 0;
    std::string text, screen_name;
};

// MARK: citm_catalog.json

struct CitmEvent {
    std::optional<std::string> description;
    int64_t id = 0;
    std::optional<std::string> logo;
    std::string name;
    std::vector<int64_t> sub_topic_ids;
    std::optional<std::string> subject_code, subtitle;
    std::vector<int64_t> topic_ids;
};

struct Price {
    int64_t amount = 0, audience_sub_category_id = 0, seat_category_id = 0;
};

struct Area {
    int64_t area_id = 0;
    std::vector<int64_t> block_ids;
};

struct SeatCategory {
    std::vector<Area> areas;
    int64_t seat_category_id = 0;
};

struct Performance {
    int64_t event_id = 0, id = 0;
    std::optional<std::string> logo, name;
    std::vector<Price> prices;
    std::vector<SeatCategory> seat_categories;
    std::optional<std::string> seat_map_image;
    int64_t start = 0;
    std::string venue_code;
};

struct CitmCatalog {
    Dict<std::string> area_names, audience_sub_category_names, block_names;
    Dict<CitmEvent> events;
    std::vector<Performance> performances;
    Dict<std::string> seat_category_names, sub_topic_names, subject_names, topic_names;
    Dict<std::vector<int64_t>> topic_sub_topics;
    Dict<std::string> venue_names;
};

// MARK: canada.json

struct Geometry {
    std::string type;
    std::vector<std::vector<std::vector<double>>> coordinates;
};

struct Feature {
    std::string type;
    Dict<std::string> properties;
    Geometry geometry;
};

struct FeatureCollection {
    std::string type;
    std::vector<Feature> features;
};

// MARK: gsoc-2018.json

struct GsocSponsor {
    std::string type, name, disambiguating_description, description, url, logo;
};

struct GsocAuthor {
    std::string type, name;
};

struct GsocProject {
    std::string context, type, name, description;
    GsocSponsor sponsor;
    GsocAuthor author;
};

// MARK: github_events.json

struct GitHubActor {
    std::string gravatar_id, login, avatar_url, url;
    int64_t id = 0;
};

struct GitHubRepo {
    std::string url;
    int64_t id = 0;
    std::string name;
};

struct GitHubCommitAuthor {
    std::string email, name;
};

struct GitHubCommit {
    std::string url, message;
    bool distinct = false;
    std::string sha;
    GitHubCommitAuthor author;
};

struct GitHubPayload {
    std::optional<std::string> action, ref, ref_type, master_branch, description;
    std::optional<int64_t> push_id, size, distinct_size;
    std::optional<std::string> head, before;
    std::optional<std::vector<GitHubCommit>> commits;
};

struct GitHubEvent {
    std::string type, created_at;
    GitHubActor actor;
    GitHubRepo repo;
    bool is_public = false;
    GitHubPayload payload;
    std::string id;
    std::optional<GitHubActor> org;
};

// MARK: generated records

struct RecordLocation {
    double lat = 0, lon = 0;
    std::string country;
};

struct Record {
    int64_t id = 0;
    std::string uuid, name;
    bool active = false;
    double score = 0, ratio = 0;
    std::string city;
    std::optional<std::string> nickname;
    std::string bio;
    std::vector<std::string> tags;
    RecordLocation location;
    std::string greeting;
};

struct RecordSummary {
    int64_t id = 0;
    std::string name;
    double score = 0;
};

} // namespace ceiling
