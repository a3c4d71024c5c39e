import CorpusModels
import Foundation
import SimdUnbox
import Testing

/// The benchmark suite's user-style models (`Tests/CorpusModels/UserStyle*.swift`: fields in the
/// app's order, `try?`, key paths, date formatters, key strategies) decode the corpus alike through
/// `unbox(data:)`, `SimdJSONDecoder` and `JSONDecoder` with the same options, as the benchmarks
/// decode them.
@Suite struct UserStyleModelTests {
    static func decoders(
        keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys, dates: JSONDecoder.DateDecodingStrategy
    ) -> (SimdJSONDecoder, JSONDecoder) {
        let simd = SimdJSONDecoder()
        simd.keyDecodingStrategy = keys
        simd.dateDecodingStrategy = dates
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = keys
        foundation.dateDecodingStrategy = dates
        return (simd, foundation)
    }

    /// The model decoded by `SimdJSONDecoder`, after checking that `JSONDecoder` (and, for an
    /// `Unboxable` model, `unbox(data:)`) decode the same one.
    @discardableResult
    static func decodedAlike<T: Decodable & Equatable>(
        _: T.Type, _ name: String, keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys,
        dates: JSONDecoder.DateDecodingStrategy = .deferredToDate, unboxed: ((Data) throws -> T)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let data = try TestSupport.corpus(name)
        let (simd, foundation) = decoders(keys: keys, dates: dates)
        let codable = try simd.decode(T.self, from: data)
        let reference = try foundation.decode(T.self, from: data)
        CorpusDifferentialTests.expectSame(reference, codable, "SimdJSONDecoder", sourceLocation: sourceLocation)
        if let unboxed {
            CorpusDifferentialTests.expectSame(
                reference, try unboxed(data), "unbox(data:)", sourceLocation: sourceLocation)
        }
        return codable
    }

    @Test func twitterWithAFormatter() throws {
        let timeline = try Self.decodedAlike(
            Timeline<Tweet>.self, "twitter.json", dates: .formatted(UserStyleFormatters.twitterDate),
            unboxed: { try unbox(data: $0) })
        #expect(timeline.tweets.count == 100)
        #expect(timeline.tweets.contains { $0.retweetedId != nil })
        #expect(timeline.tweets.contains { $0.media != nil })
        #expect(timeline.tweets.contains { !$0.hashtags.isEmpty })
    }

    @Test func twitterFormattedNatively() throws {
        let native = try Self.decodedAlike(
            Timeline<Tweet>.self, "twitter.json", dates: .formattedNatively(UserStyleFormatters.twitterDate))
        let formatted = try Self.decodedAlike(
            Timeline<Tweet>.self, "twitter.json", dates: .formatted(UserStyleFormatters.twitterDate))
        #expect(native == formatted)
    }

    @Test func twitterWithoutDates() throws {
        let timeline = try Self.decodedAlike(
            Timeline<TweetWithoutDate>.self, "twitter.json", unboxed: { try unbox(data: $0) })
        #expect(timeline.tweets.count == 100)
    }

    @Test func twitterAsPlainCodableWithSnakeCase() throws {
        let search = try Self.decodedAlike(
            TwitterSearch.self, "twitter.json", keys: .convertFromSnakeCase, dates: .iso8601)
        #expect(search.statuses.count == 100)
    }

    @Test func citmWithMilliseconds() throws {
        try Self.decodedAlike(
            TicketCatalog.self, "citm_catalog.json", dates: .millisecondsSince1970, unboxed: { try unbox(data: $0) })
    }

    @Test func canada() throws {
        try Self.decodedAlike(CountryShapes.self, "canada.json", unboxed: { try unbox(data: $0) })
    }

    @Test func githubEventsWithAFormatter() throws {
        let activities = try Self.decodedAlike(
            [Activity].self, "github_events.json", dates: .formatted(UserStyleFormatters.githubDate),
            unboxed: { try unbox(data: $0) })
        #expect(activities.count == 30)
        let native = try Self.decodedAlike(
            [Activity].self, "github_events.json", dates: .formattedNatively(UserStyleFormatters.githubDate))
        #expect(native == activities)
    }

    /// Two orders as the benchmarks' generator writes them (`Benchmarks/Sources/DataGenerator`), the
    /// second with its optional values present.
    static let orders = Data(
        """
        [{"order_id":7,"order_number":"ORD-0000007","status":"shipped","created_at":"2024-03-01T12:34:56Z",
        "currency":"EUR","customer":{"customer_id":4211,"email":"customer4211@example.com",
        "full_name":"Ana Müller","loyalty_tier":"gold","phone_number":null},
        "items":[{"sku":"SKU-10442","title":"Espresso cups, set of 4","quantity":2,"unit_price":19.99,
        "discount_rate":0.1}],"shipping":{"method":"express","cost":4.5,"estimated_days":2,
        "address":{"street_line":"Bahnhofstrasse 12","city":"Zürich","postal_code":"8001","country_code":"CH"}},
        "payment":{"payment_method":"card","is_paid":true,"total_amount":40.48},"gift_wrap":false,
        "customer_note":null},
        {"order_id":8,"order_number":"ORD-0000008","status":"paid","created_at":"2024-05-02T08:00:00Z",
        "currency":"CHF","customer":{"customer_id":1002,"email":"customer1002@example.com",
        "full_name":"Jo Lee","loyalty_tier":"silver","phone_number":"+41 44 1234567"},
        "items":[{"sku":"SKU-1","title":"Tea","quantity":1,"unit_price":3.5,"discount_rate":0},
        {"sku":"SKU-2","title":"Cups","quantity":4,"unit_price":2.25,"discount_rate":0.05}],
        "shipping":{"method":"standard","cost":0,"estimated_days":5,"address":{"street_line":"Rue 1",
        "city":"Genève","postal_code":"1201","country_code":"CH"}},"payment":{"payment_method":"invoice",
        "is_paid":false,"total amount":12.0,"total_amount":12.05},"gift_wrap":true,"customer_note":"Ring twice"}]
        """.utf8)

    /// The orders' models decode alike through the three decoders: in document order, reversed,
    /// with absent keys, through key paths, with `convertFromSnakeCase`, and with every nested
    /// container taken first (`LateContainerOrder`, which reads `FlatOrder`'s values late).
    @Test func orders() throws {
        let (simd, foundation) = Self.decoders(dates: .deferredToDate)
        @discardableResult func alike<T: Decodable & Equatable>(_: T.Type, unboxed: ((Data) throws -> T)? = nil) throws
            -> T
        {
            let reference = try foundation.decode(T.self, from: Self.orders)
            CorpusDifferentialTests.expectSame(reference, try simd.decode(T.self, from: Self.orders), "SimdJSONDecoder")
            if let unboxed { CorpusDifferentialTests.expectSame(reference, try unboxed(Self.orders), "unbox(data:)") }
            return reference
        }
        let nested = try alike([Order].self, unboxed: { try unbox(data: $0) })
        try alike([ReversedOrder].self, unboxed: { try unbox(data: $0) })
        let absent = try alike([OrderWithAbsentKeys].self, unboxed: { try unbox(data: $0) })
        let tried = try alike([OrderWithTriedKeys].self)
        #expect(tried.map(\.order) == absent)
        #expect(tried.allSatisfy { $0.order.trackingNumber == nil && $0.order.referrer == nil })
        let flat = try alike([FlatOrder].self, unboxed: { try unbox(data: $0) })
        let late = try alike([LateContainerOrder].self)
        #expect(late.map(\.order) == flat)
        #expect(flat.map(\.city) == ["Zürich", "Genève"])
        #expect(flat.map(\.phoneNumber) == [nil, "+41 44 1234567"])
        #expect(nested.count == 2)
        let (snakeSimd, snakeFoundation) = Self.decoders(keys: .convertFromSnakeCase, dates: .deferredToDate)
        let shop = try snakeFoundation.decode([ShopOrder].self, from: Self.orders)
        CorpusDifferentialTests.expectSame(
            shop, try snakeSimd.decode([ShopOrder].self, from: Self.orders), "snake_case")
        #expect(shop.map(\.payment.totalAmount) == [40.48, 12.05])
    }

    @Test func githubEventsFreeFormPayloads() throws {
        let events = try Self.decodedAlike(
            [GitHubActivityEvent].self, "github_events.json", keys: .convertFromSnakeCase, dates: .iso8601)
        #expect(events.count == 30)
    }
}
