import Foundation
import Testing

@testable import SimdUnbox

/// Duplicate keys under `convertFromSnakeCase`: the walk over an object's keys takes the first copy
/// of a converted name whatever order the model reads its keys in, as Foundation's `JSONDecoder`
/// does (with default keys, a lookup takes the first copy at or after the field read last: see
/// *Errors and Validation*). Nested, with `decodeIfPresent`, and after `contains(_:)`.
@Suite struct DuplicateKeyTests {
    struct User: Decodable, Equatable {
        let userName: String
        let age: Int
    }

    struct OptionalUser: Decodable, Equatable {
        let userName: String
        let age: Int?
        enum CodingKeys: CodingKey { case userName, age }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            userName = try container.decode(String.self, forKey: .userName)
            age = try container.decodeIfPresent(Int.self, forKey: .age)
        }
    }

    struct CheckedUser: Decodable, Equatable {
        let userName: String
        let age: Int
        enum CodingKeys: CodingKey { case userName, age }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            userName = try container.decode(String.self, forKey: .userName)
            age = container.contains(.age) ? try container.decode(Int.self, forKey: .age) : -1
        }
    }

    struct Wrapper<Inner: Decodable & Equatable>: Decodable, Equatable {
        let user: Inner
        let n: Int
    }

    static let documents = [
        #"{"age":1,"userName":"x","age":2}"#,
        #"{"userName":"x","age":1,"age":2}"#,
        #"{"age":1,"age":2,"userName":"x"}"#,
        #"{"age":1,"other":[1,{"age":5}],"userName":"x","age":2,"userName":"y"}"#,
        #"{"age":1,"userName":"x","age":2,"age":3,"userName":"z"}"#,
    ]

    static let snakeDocuments = documents.map { $0.replacingOccurrences(of: "userName", with: "user_name") }

    func expectSame<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, snakeCase: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let foundation = JSONDecoder()
        let decoder = SimdJSONDecoder()
        if snakeCase {
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            decoder.keyDecodingStrategy = .convertFromSnakeCase
        }
        let expected = try foundation.decode(T.self, from: Data(json.utf8))
        let actual = try decoder.decode(T.self, from: Data(json.utf8))
        #expect(actual == expected, "\(json)", sourceLocation: sourceLocation)
    }

    @Test(arguments: snakeDocuments)
    func snakeCaseTakesTheFirstCopy(json: String) throws {
        try expectSame(User.self, json, snakeCase: true)
        try expectSame(OptionalUser.self, json, snakeCase: true)
        try expectSame(CheckedUser.self, json, snakeCase: true)
        try expectSame(Wrapper<User>.self, #"{"user":\#(json),"n":1,"n":2}"#, snakeCase: true)
    }
}
