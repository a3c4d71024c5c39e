import Foundation
import Testing

@testable import SimdUnbox

/// UTF-16 and UTF-32 input, with and without a byte order mark, decodes as in Foundation: the same
/// values, and an error where Foundation has one.
@Suite struct UnicodeInputTests {
    static let documents = [
        #"{"name": "Zoë 😀", "tags": ["a", "ü"], "n": 1.5}"#, #"[1, 2, 3]"#, #"1"#, #"12"#, #""é""#,
        #" {"name": "x", "tags": [], "n": 0} "#,
        #"{"name": 1}"#, #"[1, 2"#,
    ]
    static let encodings: [(String.Encoding, [UInt8])] = [
        (.utf8, []), (.utf8, [0xEF, 0xBB, 0xBF]), (.utf16LittleEndian, []), (.utf16BigEndian, []),
        (.utf16LittleEndian, [0xFF, 0xFE]), (.utf16BigEndian, [0xFE, 0xFF]), (.utf32LittleEndian, []),
        (.utf32BigEndian, []), (.utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]),
        (.utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]),
    ]

    @Test(arguments: 0..<encodings.count)
    func decodesAsFoundationDoes(encodingIndex: Int) throws {
        let (encoding, mark) = Self.encodings[encodingIndex]
        for document in Self.documents {
            let data = Data(mark + Array(try #require(document.data(using: encoding))))
            let expected = Result { try JSONDecoder().decode(JSONTree.self, from: data) }
            let actual = Result { try SimdJSONDecoder().decode(JSONTree.self, from: data) }
            switch (expected, actual) {
            case (.success(let expected), .success(let actual)): #expect(actual == expected, "\(document)")
            case (.failure, .failure(let error)): #expect(error is DecodingError, "\(document): \(error)")
            default: Issue.record("\(encoding) \(mark) \(document): Foundation \(expected), SimdJSONDecoder \(actual)")
            }
        }
    }

    /// Odd lengths, stray zero bytes and truncated units fail, never crash or misread.
    @Test(arguments: [
        [0x31, 0x00, 0x00], [0x00], [0x31, 0x00, 0x32], [0xFF, 0xFE, 0x31], [0xFE, 0xFF, 0xD8, 0x00, 0x00, 0x31],
    ])
    func brokenUnits(bytes: [UInt8]) {
        let data = Data(bytes)
        let foundation = (try? JSONDecoder().decode(JSONTree.self, from: data)) != nil
        let simd = (try? SimdJSONDecoder().decode(JSONTree.self, from: data)) != nil
        #expect(simd == foundation)
    }
}
