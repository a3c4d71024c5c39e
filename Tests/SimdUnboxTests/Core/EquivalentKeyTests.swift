import Foundation
import Testing

@testable import SimdUnbox

/// Keys equal only under Unicode canonical equivalence match, as Swift's `String` compares the
/// keys in Foundation's decoders: a precomposed `é` and `e` + U+0301, written raw or escaped, on
/// either side.
@Suite struct EquivalentKeyTests {
    struct Named: Decodable, Equatable {
        let value: Int?
        let other: Int?
        let name: String
        enum CodingKeys: String, CodingKey {
            case value = "café"
            case other = "Ångström"
            case name
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decodeIfPresent(Int.self, forKey: .value)
            other = try container.decodeIfPresent(Int.self, forKey: .other)
            name = try container.decode(String.self, forKey: .name)
        }
    }

    static let documents = [
        #"{"cafe\u0301": 1, "name": "a"}"#,
        "{\"cafe\u{301}\": 2, \"name\": \"b\"}",
        #"{"name": "c", "caf\u00e9": 3}"#,
        "{\"name\": \"d\", \"A\u{30A}ngstro\u{308}m\": 4}",
        "{\"name\": \"e\", \"\u{212B}ngstr\u{F6}m\": 5, \"caf\u{E9}\": 6}",
        #"{"name": "f", "cafe": 7, "caf\u00e8": 8}"#,
        #"{"cafe\u0301": 9}"#,
        "{\"name\": \"h\", \"caf\u{E9}\u{301}\": 10}",
    ]

    @Test(arguments: documents)
    func codableKeysAsFoundationMatchesThem(json: String) {
        let data = Data(json.utf8)
        let foundation = Result { try JSONDecoder().decode(Named.self, from: data) }
        let simd = Result { try SimdJSONDecoder().decode(Named.self, from: data) }
        switch (foundation, simd) {
        case (.success(let expected), .success(let decoded)): #expect(decoded == expected, "\(json)")
        case (.failure, .failure): break
        default: Issue.record("\(json): JSONDecoder \(foundation), SimdJSONDecoder \(simd)")
        }
    }

    @Test func foundationMatchesEquivalentKeys() throws {
        let data = Data(#"{"cafe\u0301": 1, "name": "a"}"#.utf8)
        #expect(try JSONDecoder().decode(Named.self, from: data).value == 1)
        #expect(try SimdJSONDecoder().decode(Named.self, from: data).value == 1)
    }

    struct Unboxed: Unboxable {
        let precomposed: Int?
        let decomposed: Int?
        let ascii: Int?
        init(unboxer: Unboxer) throws {
            precomposed = try? unboxer.unbox(key: "caf\u{E9}")
            decomposed = try? unboxer.unbox(key: "cafe\u{301}")
            ascii = try? unboxer.unbox(key: "cafe")
        }
    }

    @Test func unboxKeys() throws {
        let escaped: Unboxed = try unbox(string: #"{"cafe\u0301": 1}"#)
        #expect(escaped.precomposed == 1)
        #expect(escaped.decomposed == 1)
        #expect(escaped.ascii == nil)
        let raw: Unboxed = try unbox(string: "{\"x\": 0, \"caf\u{E9}\": 2}")
        #expect(raw.precomposed == 2)
        #expect(raw.decomposed == 2)
        #expect(raw.ascii == nil)
        let plain: Unboxed = try unbox(string: #"{"x": 0, "cafe": 3}"#)
        #expect(plain.precomposed == nil)
        #expect(plain.ascii == 3)
        // An ASCII key matches only itself: not U+212A KELVIN SIGN, which `String` equality (and
        // so Foundation) takes for K. A dictionary's keys are Swift strings, compared as such.
        struct Letter: Unboxable {
            let k: Int?
            init(unboxer: Unboxer) throws { k = try? unboxer.unbox(key: "K") }
        }
        let letter: Letter = try unbox(string: "{\"a\": 1, \"\u{212A}\": 5}")
        #expect(letter.k == nil)
        let kelvin: [String: Int] = try unbox(string: "{\"\u{212A}\": 4}")
        #expect(kelvin["K"] == 4)
    }
}

@Suite struct ASCIITests {
    /// Every length up to 24, with one byte above 0x7F at each place, or none.
    @Test func everyLengthAndPlace() {
        for count in 0...24 {
            for place in -1..<count {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
                if place >= 0 { bytes[place] = 0xC3 }
                bytes.withUnsafeBufferPointer { buffer in
                    #expect(_isASCII(buffer) == (place < 0), "\(count) bytes, non-ASCII at \(place)")
                }
            }
        }
    }
}
