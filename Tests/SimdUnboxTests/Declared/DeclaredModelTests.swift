import Foundation
import SimdUnbox
import Testing

@Suite("Declared models")
struct DeclaredModelTests {
    @Test func readsKeysOptionalsAndDefaults() throws {
        let user: DeclaredUser = try unbox(string: #"{"name":"Ann","id":3,"screen_name":"ann","bio":null}"#)
        #expect(user == DeclaredUser(id: 3, name: "Ann", screenName: "ann", bio: nil, followers: 7, verified: true))
        let other: DeclaredUser = try unbox(
            string: #"{"id":4,"name":"Bo","screen_name":"bo","bio":"hi","followers":9,"verified":null}"#)
        #expect(other == DeclaredUser(id: 4, name: "Bo", screenName: "bo", bio: "hi", followers: 9, verified: nil))
    }

    @Test func readsKeyPathsSpellingsAndCollections() throws {
        let json = """
            {"tags":["a","b"],"user":{"profile":{"color":"red"},"screen_name":"ann","id":9,"name":"Ann",
             "extra":[1,{"x":2}]},"id":1,"id_str":"1","createdAt":"then","scores":{"x":1.5},"ids":[3,3,4],
             "unknown":{"deep":[1,2,3]},"retweetCount":5}
            """
        let tweet: DeclaredTweet = try unbox(string: json)
        #expect(tweet.id == 1)
        #expect(tweet.idString == "1")
        #expect(tweet.author == "ann")
        #expect(tweet.authorID == 9)
        #expect(tweet.color == "red")
        #expect(tweet.created == "then")
        #expect(tweet.retweetCount == 5)
        #expect(tweet.inReplyTo == nil)
        #expect(tweet.owner == nil)
        #expect(tweet.tags == ["a", "b"])
        #expect(tweet.scores == ["x": 1.5])
        #expect(tweet.ids == [3, 4])
    }

    @Test func readsArrayIndexSteps() throws {
        let tree: DeclaredTree = try unbox(
            string: #"{"tree_names":{"colloquial":["oak","quercus"],"latin":"Quercus robur"}}"#)
        #expect(tree == DeclaredTree(firstName: "oak", thirdName: nil, latin: "Quercus robur"))
    }

    @Test func convertsKeyStyles() throws {
        let order: DeclaredSnakeOrder = try unbox(string: #"{"order_id":1,"shipping_url":"u","Total":2.5}"#)
        #expect(order == DeclaredSnakeOrder(orderId: 1, shippingURL: "u", total: 2.5))
        #expect(try unbox(string: #"{"order-id":2}"#) == DeclaredKebab(orderId: 2))
        #expect(try unbox(string: #"{"OrderId":3}"#) == DeclaredPascal(orderId: 3))
        #expect(try unbox(string: #"{"ORDER_ID":4}"#) == DeclaredScreaming(orderId: 4))
    }

    @Test func firstDuplicateWins() throws {
        let user: DeclaredUser = try unbox(
            string: #"{"id":1,"id":2,"name":"a","screen_name":"s","name":"b","bio":null,"bio":"x"}"#)
        #expect(user.id == 1)
        #expect(user.name == "a")
        #expect(user.bio == nil)
    }

    @Test func rejectsDuplicatesWhenAsked() throws {
        let error = try #require(unboxError(DeclaredPayment.self, #"{"amount":1, "amount":1000}"#))
        #expect(error.path == [.key("amount")])
        #expect(error.byteOffset == TestSupport.offset(of: "1000", in: #"{"amount":1, "amount":1000}"#))
        let payment: DeclaredPayment = try unbox(string: #"{"amount":1,"other":1,"other":2}"#)
        #expect(payment.amount == 1)
    }

    @Test func matchesEscapedKeys() throws {
        let user: DeclaredUser = try unbox(
            string: #"{"i\u0064":1,"na\u006De":"a","screen\u005fname":"s","\u0062io":"\"x\""}"#)
        #expect(user == DeclaredUser(id: 1, name: "a", screenName: "s", bio: "\"x\"", followers: 7, verified: true))
    }

    @Test func missingKeyNamesPathAndObjectOffset() throws {
        let json = #"{"list":[{"id":1,"name":"a","screen_name":"s"},  {"id":2,"name":"b"}]}"#
        struct Holder: Unboxable {
            let list: [DeclaredUser]
            init(unboxer: Unboxer) throws { list = try unboxer.unbox(key: "list") }
        }
        let error = try #require(unboxError(Holder.self, json))
        #expect(error.reason == .missingKey)
        #expect(error.path == [.key("list"), .index(1), .key("screen_name")])
        #expect(error.byteOffset == TestSupport.offset(of: #"{"id":2"#, in: json))
    }

    @Test func missingKeyPathNamesEverySteps() throws {
        let json = #"{"id":1,"id_str":"1","user":{"id":2},"created_at":"x","tags":[],"scores":{},"ids":[]}"#
        let error = try #require(unboxError(DeclaredTweet.self, json))
        #expect(error.reason == .missingKey)
        #expect(error.path == [.key("user"), .key("screen_name")])
        #expect(error.byteOffset == 0)
    }

    @Test func wrongTypeNamesPathAndValueOffset() throws {
        let json = #"{"id":1,"name":"a","screen_name":[5]}"#
        let error = try #require(unboxError(DeclaredUser.self, json))
        #expect(error.path == [.key("screen_name")])
        #expect(error.byteOffset == TestSupport.offset(of: "[5]", in: json))
        guard case .typeMismatch = error.reason else {
            Issue.record("expected a type mismatch, got \(error.reason)")
            return
        }
    }

    @Test func keyPathThroughNonObjectNamesTheStep() throws {
        let json = #"{"id":1,"id_str":"1","user":42,"created_at":"x","tags":[],"scores":{},"ids":[]}"#
        let error = try #require(unboxError(DeclaredTweet.self, json))
        #expect(error.path == [.key("user")])
        #expect(error.byteOffset == TestSupport.offset(of: "42", in: json))
        let tree = #"{"tree_names":{"colloquial":{"0":"x"},"latin":"y"}}"#
        let treeError = try #require(unboxError(DeclaredTree.self, tree))
        #expect(treeError.path == [.key("tree_names"), .key("colloquial")])
    }

    @Test func readsEveryKindOfField() throws {
        let json = """
            {"color":"green","point":{"y":2,"x":1},"points":[{"x":3,"y":4}],"lossy":[1,"x",2,null],
             "lossySet":[1,1,"y"],"lossyMap":{"a":1,"b":"no"},"cents":"12.34","posted":"2024-03-01T12:00:00Z",
             "seconds":1700000000,"milliseconds":1700000000500,"day":"2024-02-29","url":"https://example.com/a",
             "decimal":"12.5","nested":[[1],[2,3]],"any":{"k":[true,null]}}
            """
        let kinds: DeclaredKinds = try unbox(string: json)
        #expect(kinds.color == .green)
        #expect(kinds.point == HandWrittenPoint(x: 1, y: 2))
        #expect(kinds.points == [HandWrittenPoint(x: 3, y: 4)])
        #expect(kinds.lossy == [1, 2])
        #expect(kinds.lossySet == [1])
        #expect(kinds.lossyMap == ["a": 1])
        #expect(kinds.cents == 1234)
        #expect(kinds.posted == Date(timeIntervalSince1970: 1_709_294_400))
        #expect(kinds.seconds == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(kinds.milliseconds == Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(kinds.day == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(kinds.url == URL(string: "https://example.com/a"))
        #expect(kinds.decimal == Decimal(string: "12.5"))
        #expect(kinds.nested == [[1], [2, 3]])
        #expect(kinds.any == ["k": [true, nil]])
    }

    @Test func keepsUnknownKeys() throws {
        let extras: DeclaredExtras = try unbox(string: #"{"a":1,"name":"n","b":[true],"a":2,"n\u0041":null}"#)
        #expect(extras.name == "n")
        #expect(extras.extras == ["a": 1, "b": [true], "nA": nil])
    }

    @Test func decodesFinalClassesRecursively() throws {
        let node: DeclaredNode = try unbox(string: #"{"value":1,"children":[{"value":2,"children":[],"label":"x"}]}"#)
        #expect(node.value == 1)
        #expect(node.label == "none")
        #expect(node.children.first?.value == 2)
        #expect(node.children.first?.label == "x")
    }

    @Test func decodesGenericModels() throws {
        let model: DeclaredGeneric<[Int]> = try unbox(string: #"{"at":10,"payload":[1,2]}"#)
        #expect(model == DeclaredGeneric(payload: [1, 2], at: Date(timeIntervalSince1970: 10)))
    }

    @Test func decodesThroughEveryEntryPoint() throws {
        let holder: HandWrittenHolder = try unbox(string: #"{"inner":{"order-id":5}}"#)
        #expect(holder.inner == DeclaredKebab(orderId: 5))
        let list: [DeclaredKebab] = try unbox(string: #"[{"order-id":1},{"order-id":2}]"#)
        #expect(list == [DeclaredKebab(orderId: 1), DeclaredKebab(orderId: 2)])
        let map: [String: DeclaredKebab] = try unbox(string: #"{"a":{"order-id":1}}"#)
        #expect(map == ["a": DeclaredKebab(orderId: 1)])
        let through: ThroughUnboxer = try unbox(string: #"{"x":1,"order-id":8}"#)
        #expect(through.inner == DeclaredKebab(orderId: 8))
        let error = try #require(unboxError(ThroughUnboxer.self, #"{"x":1}"#))
        #expect(error.path == [.key("order-id")])
    }
}

/// A hand-written model that decodes a declared one through its `init(unboxer:)`, from the same
/// unboxer (custom unboxing).
struct ThroughUnboxer: Unboxable {
    let inner: DeclaredKebab
    init(unboxer: Unboxer) throws { inner = try DeclaredKebab(unboxer: unboxer) }
}
