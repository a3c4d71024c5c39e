import Foundation
import SimdUnbox

// github_events.json: a root array of 30 API events; ids as strings, ISO 8601 dates kept as text,
// payloads whose fields depend on the event type (all optional here).

public struct GitHubEvent: Unboxable, Decodable, JSONMappable, Equatable, Sendable {
    public let type: String
    public let createdAt: String
    public let actor: GitHubActor
    public let repo: GitHubRepo
    public let isPublic: Bool
    public let payload: GitHubPayload
    public let id: String
    public let org: GitHubActor?

    enum CodingKeys: String, CodingKey {
        case type
        case createdAt = "created_at"
        case actor, repo
        case isPublic = "public"
        case payload, id, org
    }

    public init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "type")
        createdAt = try unboxer.unbox(key: "created_at")
        actor = try unboxer.unbox(key: "actor")
        repo = try unboxer.unbox(key: "repo")
        isPublic = try unboxer.unbox(key: "public")
        payload = try unboxer.unbox(key: "payload")
        id = try unboxer.unbox(key: "id")
        org = try unboxer.unboxIfPresent(key: "org")
    }

    public init(json: JSONObject) throws {
        type = try json.value("type")
        createdAt = try json.value("created_at")
        actor = try json.model("actor")
        repo = try json.model("repo")
        isPublic = try json.value("public")
        payload = try json.model("payload")
        id = try json.value("id")
        org = try json.modelIfPresent("org")
    }
}

public struct GitHubActor: Unboxable, Decodable, JSONMappable, Equatable, Sendable {
    public let gravatarId: String
    public let login: String
    public let avatarUrl: String
    public let url: String
    public let id: Int

    enum CodingKeys: String, CodingKey {
        case gravatarId = "gravatar_id"
        case login
        case avatarUrl = "avatar_url"
        case url, id
    }

    public init(unboxer: Unboxer) throws {
        gravatarId = try unboxer.unbox(key: "gravatar_id")
        login = try unboxer.unbox(key: "login")
        avatarUrl = try unboxer.unbox(key: "avatar_url")
        url = try unboxer.unbox(key: "url")
        id = try unboxer.unbox(key: "id")
    }

    public init(json: JSONObject) throws {
        gravatarId = try json.value("gravatar_id")
        login = try json.value("login")
        avatarUrl = try json.value("avatar_url")
        url = try json.value("url")
        id = try json.value("id")
    }
}

public struct GitHubRepo: Unboxable, Decodable, JSONMappable, Equatable, Sendable {
    public let url: String
    public let id: Int
    public let name: String

    public init(unboxer: Unboxer) throws {
        url = try unboxer.unbox(key: "url")
        id = try unboxer.unbox(key: "id")
        name = try unboxer.unbox(key: "name")
    }

    public init(json: JSONObject) throws {
        url = try json.value("url")
        id = try json.value("id")
        name = try json.value("name")
    }
}

/// The basics of an event payload; which fields exist depends on the event type.
public struct GitHubPayload: Unboxable, Decodable, JSONMappable, Equatable, Sendable {
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
    public let commits: [GitHubCommit]?

    enum CodingKeys: String, CodingKey {
        case action, ref
        case refType = "ref_type"
        case masterBranch = "master_branch"
        case description
        case pushId = "push_id"
        case size
        case distinctSize = "distinct_size"
        case head, before, commits
    }

    public init(unboxer: Unboxer) throws {
        action = try unboxer.unboxIfPresent(key: "action")
        ref = try unboxer.unboxIfPresent(key: "ref")
        refType = try unboxer.unboxIfPresent(key: "ref_type")
        masterBranch = try unboxer.unboxIfPresent(key: "master_branch")
        description = try unboxer.unboxIfPresent(key: "description")
        pushId = try unboxer.unboxIfPresent(key: "push_id")
        size = try unboxer.unboxIfPresent(key: "size")
        distinctSize = try unboxer.unboxIfPresent(key: "distinct_size")
        head = try unboxer.unboxIfPresent(key: "head")
        before = try unboxer.unboxIfPresent(key: "before")
        commits = try unboxer.unboxIfPresent(key: "commits")
    }

    public init(json: JSONObject) throws {
        action = try json.valueIfPresent("action")
        ref = try json.valueIfPresent("ref")
        refType = try json.valueIfPresent("ref_type")
        masterBranch = try json.valueIfPresent("master_branch")
        description = try json.valueIfPresent("description")
        pushId = try json.valueIfPresent("push_id")
        size = try json.valueIfPresent("size")
        distinctSize = try json.valueIfPresent("distinct_size")
        head = try json.valueIfPresent("head")
        before = try json.valueIfPresent("before")
        commits = try json.modelsIfPresent("commits")
    }
}

public struct GitHubCommit: Unboxable, Decodable, JSONMappable, Equatable, Sendable {
    public let url: String
    public let message: String
    public let distinct: Bool
    public let sha: String
    public let author: GitHubCommitAuthor

    public init(unboxer: Unboxer) throws {
        url = try unboxer.unbox(key: "url")
        message = try unboxer.unbox(key: "message")
        distinct = try unboxer.unbox(key: "distinct")
        sha = try unboxer.unbox(key: "sha")
        author = try unboxer.unbox(key: "author")
    }

    public init(json: JSONObject) throws {
        url = try json.value("url")
        message = try json.value("message")
        distinct = try json.value("distinct")
        sha = try json.value("sha")
        author = try json.model("author")
    }
}

public struct GitHubCommitAuthor: Unboxable, Decodable, JSONMappable, Equatable, Sendable {
    public let email: String
    public let name: String

    public init(unboxer: Unboxer) throws {
        email = try unboxer.unbox(key: "email")
        name = try unboxer.unbox(key: "name")
    }

    public init(json: JSONObject) throws {
        email = try json.value("email")
        name = try json.value("name")
    }
}
