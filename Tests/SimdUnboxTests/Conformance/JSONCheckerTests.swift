import Foundation
import SimdUnbox
import Testing

/// The JSON_checker and simdjson conformance cases, through the fully validating `JSONValue`.
@Suite struct JSONCheckerTests {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/jsonchecker")

    static func cases(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// Valid JSON (RFC 8259's grammar) whose numbers fit no 64-bit type or `Double`: accepted,
    /// and kept exactly as text, never rounded.
    static let exactBigNumbers: Set<String> = ["fail41_toolarge.json", "fail60.json", "fail73.json"]

    static var acceptedCases: [String] {
        cases("pass") + cases("fail").filter { $0.contains("_EXCLUDE") || exactBigNumbers.contains($0) }
    }

    static var rejectedCases: [String] {
        cases("fail").filter { !$0.contains("_EXCLUDE") && !exactBigNumbers.contains($0) }
    }

    @Test func casesArePresent() {
        #expect(Self.acceptedCases.count >= 20)
        #expect(Self.rejectedCases.count >= 70)
    }

    @Test(arguments: acceptedCases)
    func accepts(_ name: String) throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        _ = try JSONValue(data: data)
        try JSONValue.validate(data)
    }

    @Test(arguments: rejectedCases)
    func rejects(_ name: String) throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        let error = try #require(throws: UnboxError.self) { try JSONValue(data: data) }
        #expect(error._isMalformedDocument, "\(name): \(error)")
        #expect(throws: UnboxError.self) { try JSONValue.validate(data) }
    }

    @Test func bigNumbersKeepTheirText() throws {
        let big = try JSONValue(string: "18446744073709551616")
        #expect(big == .number(try #require(JSONNumber("18446744073709551616"))))
        let huge = try JSONValue(string: "[1e+1111]")
        guard case .number(let number)? = huge[0] else { Issue.record("not a number: \(huge)"); return }
        #expect(number.text == "1e+1111")
        #expect(number.doubleValue == .infinity)
        #expect(number.int64Value == nil)
    }
}

extension UnboxError {
    var _isMalformedDocument: Bool {
        switch reason {
        case .malformedJSON, .depthLimitExceeded: true
        default: false
        }
    }
}
