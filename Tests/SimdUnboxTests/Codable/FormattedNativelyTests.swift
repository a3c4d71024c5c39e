import Foundation
import Testing

@testable import SimdUnbox

/// `.formattedNatively(formatter)`: the dates and errors of `.formatted(formatter)` under
/// `JSONDecoder`, and the same under `SimdJSONDecoder`.
@Suite struct FormattedNativelyTests {
    struct Event: Codable, Equatable {
        let name: String
        let at: Date
        let until: Date?
    }

    static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter
    }()

    static let documents = [
        #"[{"name":"a","at":"Sun Aug 31 00:29:15 +0000 2014","until":null}]"#,
        #"[{"name":"b","at":"Mon Feb 29 12:00:00 +0130 2016","until":"Tue Mar 01 00:00:00 -1400 2016"}]"#,
        // A weekday that is not the date's own, other cases, a full name: the formatter decides.
        #"[{"name":"c","at":"Mon Aug 31 00:29:15 +0000 2014"},{"name":"d","at":"sun AUG 31 00:29:15 +0000 2014"}]"#,
        #"[{"name":"e","at":"Sunday August 31 00:29:15 +0000 2014"}]"#,
        // Errors: not a date, a day that does not exist, a number, null for a required date.
        #"[{"name":"f","at":"yesterday"}]"#,
        #"[{"name":"g","at":"Fri Feb 29 00:00:00 +0000 2019"}]"#,
        #"[{"name":"h","at":1409444955}]"#,
        #"[{"name":"i","at":null}]"#,
    ]

    static func outcome(_ body: () throws -> [Event]) -> String {
        do {
            return "\(try body())"
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context): return "dataCorrupted \(context.codingPath.map(\.stringValue))"
            case .typeMismatch(let type, let context):
                return "typeMismatch \(type) \(context.codingPath.map(\.stringValue))"
            case .valueNotFound(let type, let context):
                return "valueNotFound \(type) \(context.codingPath.map(\.stringValue))"
            case .keyNotFound(let key, let context):
                return "keyNotFound \(key.stringValue) \(context.codingPath.map(\.stringValue))"
            @unknown default: return "\(error)"
            }
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: documents)
    func matchesFormattedUnderJSONDecoder(json: String) {
        let data = Data(json.utf8)
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .formatted(Self.formatter)
        let expected = Self.outcome { try foundation.decode([Event].self, from: data) }
        let foundationNatively = JSONDecoder()
        foundationNatively.dateDecodingStrategy = .formattedNatively(Self.formatter)
        #expect(Self.outcome { try foundationNatively.decode([Event].self, from: data) } == expected)
        let simd = SimdJSONDecoder()
        simd.dateDecodingStrategy = .formattedNatively(Self.formatter)
        #expect(Self.outcome { try simd.decode([Event].self, from: data) } == expected)
    }
}
