import Foundation
import SimdUnbox
import Testing

/// The corpus documents decoded into models, then encoded by both encoders: the same bytes under
/// `.sortedKeys`, pretty or not; the same JSON value without it.
@Suite("SimdJSONEncoder corpus")
struct EncodingCorpusTests {
    static let options: [EncodingOptions] =
        EncodingOptions.sortedFormattings + [
            EncodingOptions(name: "unsorted", formatting: []),
            EncodingOptions(name: "unsorted pretty", formatting: [.prettyPrinted]),
        ]

    static func decode<T: Decodable>(_ type: T.Type, _ file: String, snakeCase: Bool = false) throws -> T {
        let decoder = JSONDecoder()
        if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        return try decoder.decode(type, from: TestSupport.corpus(file))
    }

    @Test(arguments: options)
    func citm(options: EncodingOptions) throws {
        expectSameEncoding(try Self.decode(EncodingCorpus.Citm.self, "citm_catalog.json"), options)
    }

    @Test(arguments: options)
    func canada(options: EncodingOptions) throws {
        expectSameEncoding(try Self.decode(EncodingCorpus.Canada.self, "canada.json"), options)
    }

    @Test(arguments: options)
    func gsoc(options: EncodingOptions) throws {
        expectSameEncoding(try Self.decode([String: EncodingCorpus.Project].self, "gsoc-2018.json"), options)
    }

    @Test(arguments: options)
    func twitter(options: EncodingOptions) throws {
        var options = options
        options.keys = .convertToSnakeCase
        expectSameEncoding(try Self.decode(EncodingCorpus.Twitter.self, "twitter.json", snakeCase: true), options)
    }

    /// Every value of every corpus document, through a free-form `Codable` tree.
    @Test(arguments: ["twitter.json", "citm_catalog.json", "canada.json", "gsoc-2018.json", "github_events.json"])
    func wholeDocuments(file: String) throws {
        let tree = try Self.decode(EncodingFixtures.Tree.self, file)
        for options in EncodingOptions.sortedFormattings { expectSameEncoding(tree, options) }
    }

    /// `JSONValue` encodes its numbers as their exact text: a document written back reads the same.
    @Test(arguments: ["twitter.json", "citm_catalog.json", "canada.json", "github_events.json"])
    func jsonValueRoundTrip(file: String) throws {
        let value = try JSONValue(data: TestSupport.corpus(file))
        let encoder = SimdJSONEncoder()
        for formatting: JSONEncoder.OutputFormatting in [[], [.sortedKeys, .prettyPrinted]] {
            encoder.outputFormatting = formatting
            #expect(try JSONValue(data: encoder.encode(value)) == value)
        }
    }

    /// What the encoder writes, the decoder reads back equal.
    @Test func decoderReadsWhatTheEncoderWrites() throws {
        let model = try Self.decode(EncodingCorpus.Citm.self, "citm_catalog.json")
        let data = try SimdJSONEncoder().encode(model)
        #expect(try SimdJSONDecoder().decode(EncodingCorpus.Citm.self, from: data) == model)
    }
}
