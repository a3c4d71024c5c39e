import Foundation
import SimdUnbox

// github_events.json as an activity feed models it (the user-style family): one flat `Activity`
// per event, its actor, repository and organization reached by key paths (`actor.login`,
// `repo.name`, `org.login`), the payload's fields by key paths with `try?` (which of them exist
// depends on the event type: `payload.commits`, `payload.issue.title`, `payload.forkee.full_name`),
// and `created_at` through a DateFormatter with the pattern `yyyy-MM-dd'T'HH:mm:ssZ`.

/// An event of the feed. The Codable twin reads the same values through nested containers.
public struct Activity: Unboxable, Decodable, Equatable, Sendable {
    public let id: String
    public let type: String
    public let createdAt: Date
    public let actorLogin: String
    public let actorAvatarURL: URL
    public let repoName: String
    public let repoURL: URL
    public let organization: String?
    public let isPublic: Bool
    public let action: String?
    public let ref: String?
    public let refType: String?
    public let pushSize: Int?
    public let commits: [ActivityCommit]?
    public let issueNumber: Int?
    public let issueTitle: String?
    public let commentBody: String?
    public let forkFullName: String?

    enum CodingKeys: String, CodingKey {
        case id, type
        case createdAt = "created_at"
        case actor, repo, org
        case isPublic = "public"
        case payload
    }

    enum ActorKeys: String, CodingKey {
        case login
        case avatarURL = "avatar_url"
    }

    enum RepoKeys: String, CodingKey {
        case name, url
    }

    enum PayloadKeys: String, CodingKey {
        case action, ref
        case refType = "ref_type"
        case size, commits, issue, comment, forkee
    }

    enum IssueKeys: String, CodingKey {
        case number, title
    }

    enum CommentKeys: String, CodingKey {
        case body
    }

    enum ForkeeKeys: String, CodingKey {
        case fullName = "full_name"
    }

    public init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
        type = try unboxer.unbox(key: "type")
        createdAt = try unboxer.unbox(key: "created_at", formatter: UserStyleFormatters.githubDate)
        actorLogin = try unboxer.unbox(keyPath: "actor.login")
        actorAvatarURL = try unboxer.unbox(keyPath: "actor.avatar_url")
        repoName = try unboxer.unbox(keyPath: "repo.name")
        repoURL = try unboxer.unbox(keyPath: "repo.url")
        organization = try? unboxer.unbox(keyPath: "org.login")
        isPublic = try unboxer.unbox(key: "public")
        action = try? unboxer.unbox(keyPath: "payload.action")
        ref = try? unboxer.unbox(keyPath: "payload.ref")
        refType = try? unboxer.unbox(keyPath: "payload.ref_type")
        pushSize = try? unboxer.unbox(keyPath: "payload.size")
        commits = try? unboxer.unbox(keyPath: "payload.commits")
        issueNumber = try? unboxer.unbox(keyPath: "payload.issue.number")
        issueTitle = try? unboxer.unbox(keyPath: "payload.issue.title")
        commentBody = try? unboxer.unbox(keyPath: "payload.comment.body")
        forkFullName = try? unboxer.unbox(keyPath: "payload.forkee.full_name")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decode(String.self, forKey: .type)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        let actor = try container.nestedContainer(keyedBy: ActorKeys.self, forKey: .actor)
        actorLogin = try actor.decode(String.self, forKey: .login)
        actorAvatarURL = try actor.decode(URL.self, forKey: .avatarURL)
        let repo = try container.nestedContainer(keyedBy: RepoKeys.self, forKey: .repo)
        repoName = try repo.decode(String.self, forKey: .name)
        repoURL = try repo.decode(URL.self, forKey: .url)
        if container.contains(.org) {
            organization = try container.nestedContainer(keyedBy: ActorKeys.self, forKey: .org)
                .decodeIfPresent(String.self, forKey: .login)
        } else {
            organization = nil
        }
        isPublic = try container.decode(Bool.self, forKey: .isPublic)
        let payload = try container.nestedContainer(keyedBy: PayloadKeys.self, forKey: .payload)
        action = try payload.decodeIfPresent(String.self, forKey: .action)
        ref = try payload.decodeIfPresent(String.self, forKey: .ref)
        refType = try payload.decodeIfPresent(String.self, forKey: .refType)
        pushSize = try payload.decodeIfPresent(Int.self, forKey: .size)
        commits = try payload.decodeIfPresent([ActivityCommit].self, forKey: .commits)
        if payload.contains(.issue) {
            let issue = try payload.nestedContainer(keyedBy: IssueKeys.self, forKey: .issue)
            issueNumber = try issue.decodeIfPresent(Int.self, forKey: .number)
            issueTitle = try issue.decodeIfPresent(String.self, forKey: .title)
        } else {
            issueNumber = nil
            issueTitle = nil
        }
        if payload.contains(.comment) {
            commentBody = try payload.nestedContainer(keyedBy: CommentKeys.self, forKey: .comment)
                .decodeIfPresent(String.self, forKey: .body)
        } else {
            commentBody = nil
        }
        if payload.contains(.forkee) {
            forkFullName = try payload.nestedContainer(keyedBy: ForkeeKeys.self, forKey: .forkee)
                .decodeIfPresent(String.self, forKey: .fullName)
        } else {
            forkFullName = nil
        }
    }
}

/// A commit of a push: the author's name by key path.
public struct ActivityCommit: Unboxable, Decodable, Equatable, Sendable {
    public let sha: String
    public let message: String
    public let authorName: String
    public let distinct: Bool

    enum CodingKeys: String, CodingKey {
        case sha, message, author, distinct
    }

    enum AuthorKeys: String, CodingKey {
        case name
    }

    public init(unboxer: Unboxer) throws {
        sha = try unboxer.unbox(key: "sha")
        message = try unboxer.unbox(key: "message")
        authorName = try unboxer.unbox(keyPath: "author.name")
        distinct = try unboxer.unbox(key: "distinct")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sha = try container.decode(String.self, forKey: .sha)
        message = try container.decode(String.self, forKey: .message)
        authorName = try container.nestedContainer(keyedBy: AuthorKeys.self, forKey: .author)
            .decode(String.self, forKey: .name)
        distinct = try container.decode(Bool.self, forKey: .distinct)
    }
}
