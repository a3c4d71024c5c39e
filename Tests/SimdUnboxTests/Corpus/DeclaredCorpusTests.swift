import CorpusModels
import Foundation
import SimdUnbox
import Testing

/// The declared twins of the corpus models (`Tests/CorpusModels/Declared*.swift`, `@Unboxable`)
/// decode every corpus document into the values of the hand-written models, property by property,
/// doubles bit for bit: what the `declared-*` benchmarks measure is what these tests check.
@Suite struct DeclaredCorpusTests {
    /// Fails unless `declared` holds the values of `handWritten`, naming the first difference.
    static func expectTwins(
        _ declared: Any, _ handWritten: Any, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let difference = DeclaredTwins.difference(declared, handWritten)
        #expect(difference == nil, "the declared models differ at \(difference ?? "")", sourceLocation: sourceLocation)
    }

    @Test func twitter() throws {
        let data = try TestSupport.corpus("twitter.json")
        let declared: DeclaredTwitterResponse = try unbox(data: data)
        Self.expectTwins(declared, try unbox(data: data) as TwitterResponse)
        // What the comparison relies on: the optional and boxed values are there to compare.
        #expect(declared.statuses.count == 100)
        #expect(declared.statuses.contains { $0.retweetedStatus != nil })
        #expect(declared.statuses.contains { $0.entities.media != nil })
        #expect(declared.statuses.contains { $0.user.utcOffset != nil })
        #expect(declared.statuses[0].user.screenName == "ayuu0123")
    }

    @Test func partialTwitter() throws {
        let data = try TestSupport.corpus("twitter.json")
        let declared: [DeclaredPartialStatus] = try unbox(data: data, atKeyPath: "statuses")
        Self.expectTwins(declared, try unbox(data: data, atKeyPath: "statuses") as [PartialStatus])
        #expect(declared.first?.screenName == "ayuu0123")
    }

    @Test func citmCatalog() throws {
        let data = try TestSupport.corpus("citm_catalog.json")
        let declared: DeclaredCitmCatalog = try unbox(data: data)
        Self.expectTwins(declared, try unbox(data: data) as CitmCatalog)
        #expect(declared.events.count == 184)
        #expect(declared.performances.count == 243)
    }

    @Test func canada() throws {
        let data = try TestSupport.corpus("canada.json")
        let declared: DeclaredFeatureCollection = try unbox(data: data)
        Self.expectTwins(declared, try unbox(data: data) as FeatureCollection)
        #expect(
            declared.features.first?.geometry.coordinates.first?.first == [-65.613616999999977, 43.420273000000009])
    }

    @Test func gsoc() throws {
        let data = try TestSupport.corpus("gsoc-2018.json")
        let declared: [String: DeclaredGsocProject] = try unbox(data: data)
        Self.expectTwins(declared, try unbox(data: data) as [String: GsocProject])
        #expect(declared.count == 1264)
        #expect(declared.values.allSatisfy { $0.type == "SoftwareSourceCode" })
    }

    @Test func githubEvents() throws {
        let data = try TestSupport.corpus("github_events.json")
        let declared: [DeclaredGitHubEvent] = try unbox(data: data)
        Self.expectTwins(declared, try unbox(data: data) as [GitHubEvent])
        #expect(declared.count == 30)
        #expect(declared.contains { $0.org != nil })
        #expect(declared.contains { $0.payload.commits != nil })
    }

    /// Records as the benchmarks' generator writes them: escapes, non-ASCII text and emoji, a null
    /// and a present nickname, a nested object, a tag array.
    static let records = """
        {"id":1,"uuid":"6f1c2b9e-0000-4000-8000-000000000001","name":"Zoë \\"Z\\" Ångström","active":true,\
        "score":98.25,"ratio":0.33333333333333331,"city":"Zürich","nickname":null,"bio":"Line one\\nline two \
        \\u00e9\\ud83d\\ude00 🎉","tags":["a","b\\tc"],"location":{"lat":47.3769,"lon":8.5417,"country":"CH"},\
        "greeting":"Grüezi"}
        {"id":-2,"uuid":"6f1c2b9e-0000-4000-8000-000000000002","name":"Kai","active":false,"score":-0.5,\
        "ratio":1e-7,"city":"Oslo","nickname":"kk","bio":"","tags":[],"location":{"lat":-59.9,"lon":10.75,\
        "country":"NO"},"greeting":"Hei"}
        """

    @Test func records() throws {
        let lines = Self.records.split(separator: "\n")
        let array = Data(("[" + lines.joined(separator: ",") + "]").utf8)
        let declared: [DeclaredRecord] = try unbox(data: array)
        Self.expectTwins(declared, try unbox(data: array) as [Record])
        #expect(declared.map(\.nickname) == [nil, "kk"])
        Self.expectTwins(try unbox(data: array) as [DeclaredRecordSummary], try unbox(data: array) as [RecordSummary])
    }

    @Test func jsonLinesRecords() throws {
        let data = Data(Self.records.utf8)
        var declared: [DeclaredRecord] = []
        var reader = JSONStreamReader<DeclaredRecord>(data: data, format: .jsonLines)
        while let record = try reader.next() { declared.append(record) }
        var handWritten: [Record] = []
        var handWrittenReader = JSONStreamReader<Record>(data: data, format: .jsonLines)
        while let record = try handWrittenReader.next() { handWritten.append(record) }
        #expect(declared.count == 2)
        Self.expectTwins(declared, handWritten)
    }

    /// The orders' idioms hold the values of their hand-written twins; the shuffled declaration
    /// (no twin of its shape) the values of the document-order `Order`.
    @Test func orders() throws {
        let data = UserStyleModelTests.orders
        Self.expectTwins(try unbox(data: data) as [DeclaredOrder], try unbox(data: data) as [Order])
        Self.expectTwins(try unbox(data: data) as [DeclaredReversedOrder], try unbox(data: data) as [ReversedOrder])
        Self.expectTwins(
            try unbox(data: data) as [DeclaredOrderWithAbsentKeys], try unbox(data: data) as [OrderWithAbsentKeys])
        Self.expectTwins(try unbox(data: data) as [DeclaredFlatOrder], try unbox(data: data) as [FlatOrder])
        let shuffled: [DeclaredShuffledOrder] = try unbox(data: data)
        let reference: [Order] = try unbox(data: data)
        #expect(ModelInspection.summarize(shuffled) == ModelInspection.summarize(reference))
        #expect(shuffled.map(\.customer.phoneNumber) == reference.map(\.customer.phoneNumber))
        #expect(shuffled.last?.shipping.address.city == "Genève")
    }

    /// The comparison finds a difference where there is one (else the tests above could not fail).
    @Test func comparisonSeesDifferences() throws {
        let data = UserStyleModelTests.orders
        let declared: [DeclaredOrder] = try unbox(data: data)
        let handWritten: [Order] = try unbox(data: data)
        #expect(DeclaredTwins.difference(declared, Array(handWritten.reversed())) != nil)
        #expect(DeclaredTwins.difference(declared, try unbox(data: data) as [ReversedOrder]) != nil)
        #expect(DeclaredTwins.difference(Array(declared.prefix(1)), handWritten) != nil)
    }
}
