import Foundation
import SimdUnbox
import Testing

/// Decodable values inside Unboxable models, and Unboxable values inside Decodable ones.
@Suite("Codable and Unbox together")
struct CodableInteropTests {
    struct Address: Decodable, Equatable { var city: String; var zip: String? }

    struct Order: Unboxable {
        var id: Int
        var shipping: Address
        var billing: Address?
        var firstTag: String

        init(unboxer: Unboxer) throws {
            id = try unboxer.unbox(key: "id")
            shipping = try unboxer.unboxDecodable(key: "shipping")
            billing = try unboxer.unboxDecodableIfPresent(key: "billing")
            firstTag = try unboxer.unboxDecodable(keyPath: "tags.0")
        }
    }

    struct Author: Unboxable, Equatable {
        var name: String
        init(unboxer: Unboxer) throws { name = try unboxer.unbox(key: "name") }
    }

    struct Page: Decodable {
        var title: String
        var author: Author
        var editors: [Author]
        enum CodingKeys: String, CodingKey { case title, author, editors }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            author = try container.decodeUnboxable(Author.self, forKey: .author)
            editors = try container.decodeUnboxable([Author].self, forKey: .editors)
        }
    }

    @Test func decodableInsideUnboxable() throws {
        let json = #"{"id":7,"shipping":{"city":"Oslo"},"billing":null,"tags":["a","b"]}"#
        let order: Order = try unbox(string: json)
        #expect(order.shipping == Address(city: "Oslo", zip: nil))
        #expect(order.billing == nil)
        #expect(order.firstTag == "a")
    }

    @Test func decodableErrorInsideUnboxable() {
        let json = #"{"id":7,"shipping":{"zip":"1"},"tags":[]}"#
        #expect {
            let _: Order = try unbox(string: json)
        } throws: { error in
            guard let error = error as? UnboxError else { return false }
            return error.reason == .missingKey && error.path == [.key("shipping"), .key("city")]
        }
    }

    @Test func unboxableInsideDecodable() throws {
        let json = #"{"title":"T","author":{"name":"A"},"editors":[{"name":"B"},{"name":"C"}]}"#
        let page = try SimdJSONDecoder().decode(Page.self, from: json)
        #expect(page.author == (try unbox(string: #"{"name":"A"}"#)))
        #expect(page.editors.map(\.name) == ["B", "C"])
    }

    @Test func unboxableInsideDecodableErrors() {
        #expect(throws: DecodingError.self) {
            _ = try SimdJSONDecoder().decode(Page.self, from: #"{"title":"T","author":{},"editors":[]}"#)
        }
        #expect(throws: DecodingError.self) {
            _ = try SimdJSONDecoder().decode(Page.self, from: #"{"title":"T","editors":[]}"#)
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(
                Page.self, from: Data(#"{"title":"T","author":{"name":"A"},"editors":[]}"#.utf8))
        }
    }
}
