import Foundation
import SimdUnbox

// Declared models the behaviour tests decode.

@Unboxable
struct DeclaredUser: Equatable {
    let id: Int
    let name: String
    @UnboxKey("screen_name") let screenName: String
    let bio: String?
    var followers: Int = 7
    var verified: Bool? = true
}

@Unboxable
struct DeclaredTweet: Equatable {
    let id: Int
    @UnboxKey("id_str") let idString: String
    @UnboxKey("user.screen_name") let author: String
    @UnboxKey("user.id") let authorID: Int
    @UnboxKey("user.profile.color") let color: String?
    @UnboxKey("created_at", "createdAt") let created: String
    var retweetCount: Int = 0
    let inReplyTo: Int?
    let owner: DeclaredUser?
    let tags: [String]
    let scores: [String: Double]
    let ids: Set<Int>
    @UnboxIgnored var cache: [String] = []
}

@Unboxable
struct DeclaredTree: Equatable {
    @UnboxKey("tree_names.colloquial.0") let firstName: String
    @UnboxKey("tree_names.colloquial.2") let thirdName: String?
    @UnboxKey("tree_names.latin") let latin: String
}

@Unboxable(keyStyle: .snakeCase)
struct DeclaredSnakeOrder: Equatable {
    let orderId: Int
    let shippingURL: String
    @UnboxKey("Total") let total: Double
}

@Unboxable(keyStyle: .kebabCase)
struct DeclaredKebab: Equatable { let orderId: Int }

@Unboxable(keyStyle: .pascalCase)
struct DeclaredPascal: Equatable { let orderId: Int }

@Unboxable(keyStyle: .screamingSnakeCase)
struct DeclaredScreaming: Equatable { let orderId: Int }

@Unboxable(duplicateKeys: .reject)
struct DeclaredPayment: Equatable { let amount: Int }

enum DeclaredColor: String, UnboxableEnum, Equatable {
    case red, green
}

struct HandWrittenPoint: Unboxable, Equatable {
    let x: Int
    let y: Int
    init(unboxer: Unboxer) throws {
        x = try unboxer.unbox(key: "x")
        y = try unboxer.unbox(key: "y")
    }
    init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

struct HandWrittenHolder: Unboxable {
    let inner: DeclaredKebab
    init(unboxer: Unboxer) throws { inner = try unboxer.unbox(key: "inner") }
}

struct CentsFormatter: UnboxFormatter {
    func format(unboxedValue: String) -> Int? {
        guard let value = Double(unboxedValue) else { return nil }
        return Int((value * 100).rounded())
    }
}

@Unboxable
struct DeclaredKinds: Equatable {
    let color: DeclaredColor
    let point: HandWrittenPoint
    let points: [HandWrittenPoint]
    @UnboxLossy let lossy: [Int]
    @UnboxLossy let lossySet: Set<Int>
    @UnboxLossy let lossyMap: [String: Int]
    @UnboxFormatter(CentsFormatter()) let cents: Int
    @UnboxDate(.iso8601) let posted: Date
    @UnboxDate(.secondsSince1970) let seconds: Date
    @UnboxDate(.millisecondsSince1970) let milliseconds: Date?
    @UnboxDate(.format("yyyy-MM-dd")) let day: Date
    let url: URL
    let decimal: Decimal
    let nested: [[Int]]
    let any: JSONValue
}

@Unboxable
struct DeclaredExtras: Equatable {
    let name: String
    @UnboxUnknownKeys var extras: [String: JSONValue] = [:]
}

@Unboxable
final class DeclaredNode {
    let value: Int
    let children: [DeclaredNode]
    var label: String = "none"
}

@Unboxable
struct DeclaredGeneric<Payload: UnboxCompatible & Equatable>: Equatable {
    let payload: Payload
    @UnboxDate(.secondsSince1970) let at: Date
}
