import Foundation
import Testing

@testable import SimdUnbox

/// The number rules every layer shares (`Core/NumberRules.swift`): where the policies differ,
/// `.foundation` gives what Foundation's `JSONDecoder` gives and `.exact` refuses rather than
/// round, truncate or wrap.
@Suite struct NumberRulesTests {
    static let integerTexts = [
        "0", "-0", "42", "-42", "1e3", "2.50e1", "1.5", "2.5", "-0.5", "1E2", "1.0", "0.0e5", "1e-400",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "9007199254740993", "9007199254740993.5",
        "9.007199254740993e15", "1e19", "1e20", "123456789012345678901234567890", "1e400", "-1e3",
    ]

    /// The value `JSONDecoder` decodes from `text` as `T`, or nil when it refuses it.
    static func foundation<T: Decodable>(_: T.Type, _ text: String) -> T? {
        try? JSONDecoder().decode([T].self, from: Data("[\(text)]".utf8)).first
    }

    static func rule<T: FixedWidthInteger>(_: T.Type, _ text: String, _ policy: NumberPolicy) -> T? {
        try? NumberRules.integer(T.self, fromText: text, policy: policy)
    }

    @Test(arguments: integerTexts)
    func foundationIntegersAreJSONDecoders(text: String) {
        #expect(Self.rule(Int64.self, text, .foundation) == Self.foundation(Int64.self, text))
        #expect(Self.rule(UInt64.self, text, .foundation) == Self.foundation(UInt64.self, text))
        #expect(Self.rule(Int8.self, text, .foundation) == Self.foundation(Int8.self, text))
        #expect(Self.rule(UInt32.self, text, .foundation) == Self.foundation(UInt32.self, text))
    }

    @Test func exactIntegersNeverRoundTruncateOrWrap() throws {
        #expect(Self.rule(Int.self, "1e3", .exact) == 1000)
        #expect(Self.rule(Int.self, "2.50e1", .exact) == 25)
        #expect(Self.rule(Int.self, "-0", .exact) == 0)
        #expect(Self.rule(UInt64.self, "18446744073709551615", .exact) == .max)
        #expect(Self.rule(Int64.self, "9007199254740993", .exact) == 9_007_199_254_740_993)
        #expect(throws: NumberConversionFailure.notWhole) {
            try NumberRules.integer(Int.self, fromText: "2.5", policy: .exact)
        }
        #expect(throws: NumberConversionFailure.notWhole) {
            try NumberRules.integer(Int.self, fromText: "9007199254740993.5", policy: .exact)
        }
        #expect(throws: NumberConversionFailure.outOfRange) {
            try NumberRules.integer(UInt8.self, fromText: "256", policy: .exact)
        }
        #expect(throws: NumberConversionFailure.outOfRange) {
            try NumberRules.integer(UInt64.self, fromText: "-1e3", policy: .exact)
        }
        #expect(throws: NumberConversionFailure.outOfRange) {
            try NumberRules.integer(Int64.self, fromText: "1e400", policy: .exact)
        }
        // Foundation truncates what Double rounded away; exact refuses it.
        #expect(Self.rule(Int64.self, "9007199254740993.5", .foundation) == 9_007_199_254_740_993)
    }

    @Test(arguments: ["0", "-0.0", "1e-400", "-1e-400", "4.9e-324", "1e308", "1e309", "0.1", "1.7976931348623157e308"])
    func doublesAndFloatsByPolicy(text: String) {
        let foundationDouble = try? NumberRules.double(fromText: text, policy: .foundation)
        #expect(foundationDouble.map { $0.bitPattern } == Self.foundation(Double.self, text).map { $0.bitPattern })
        let foundationFloat = try? NumberRules.float(fromText: text, policy: .foundation)
        #expect(foundationFloat.map { $0.bitPattern } == Self.foundation(Float.self, text).map { $0.bitPattern })
        // Exact keeps an underflow to zero (the nearest Double, with its sign) and refuses only
        // infinities.
        let expected: [String: Double?] = [
            "0": 0, "-0.0": -0.0, "1e-400": 0, "-1e-400": -0.0, "4.9e-324": .leastNonzeroMagnitude,
            "1e308": 1e308, "1e309": nil, "0.1": 0.1, "1.7976931348623157e308": .greatestFiniteMagnitude,
        ]
        let exact = try? NumberRules.double(fromText: text, policy: .exact)
        #expect(exact.map { $0.bitPattern } == expected[text]!.map { $0.bitPattern })
    }

    @Test func grammarZeroAndDecimal() {
        for valid in ["0", "-0", "1.5", "1e5", "1E+5", "-1.25e-3"] { #expect(NumberRules.isJSONNumber(valid)) }
        for invalid in ["", "-", "+1", "01", ".5", "1.", "1e", "NaN", "1_000", "0x10", " 1"] {
            #expect(!NumberRules.isJSONNumber(invalid), "\(invalid)")
        }
        #expect(NumberRules.isZero("-0.000e99"))
        #expect(!NumberRules.isZero("1e-400"))
        #expect(NumberRules.decimal(fromText: "0.1") == Decimal(string: "0.1"))
        #expect(NumberRules.decimal(fromText: "1e999") == nil)
    }
}
