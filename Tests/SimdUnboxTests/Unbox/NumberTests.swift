import Foundation
import SimdUnbox
import Testing

/// Integers of every width, floating point and `Decimal`: exact values, range checks, numbers
/// written as strings, and the errors for everything else.
@Suite struct NumberTests {
    // MARK: Integer range edges

    /// Decodes `text` as `T` through every path: a model's field (fused find-and-read), the root
    /// value, an element of a root array, and a numeric string in a field.
    static func decodeEverywhere<T: FixedWidthInteger & UnboxCompatible>(
        _: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [T] {
        let field = try unboxField(T.self, text)
        let root: T = try unbox(string: text)
        let array: [T] = try unbox(string: "[\(text)]")
        let quoted = try unboxField(T.self, "\"\(text)\"")
        let keyPath: T = try unbox(string: "{\"a\": [\(text)]}", atKeyPath: "a.0")
        return [field, root] + array + [quoted, keyPath]
    }

    /// Checks `text` fails with `.numberOutOfRange` through every path.
    static func expectOutOfRange<T: FixedWidthInteger & UnboxCompatible>(
        _: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let documents = ["{\"value\": \(text)}", text, "[\(text)]", "{\"value\": \"\(text)\"}"]
        for (index, json) in documents.enumerated() {
            let error: UnboxError?
            switch index {
            case 0, 3: error = unboxError(Field<T>.self, json, sourceLocation: sourceLocation)
            case 1: error = unboxError(T.self, json, sourceLocation: sourceLocation)
            default: error = unboxError([T].self, json, sourceLocation: sourceLocation)
            }
            guard let error else { continue }
            #expect(
                error.reason.kind == "numberOutOfRange", "\(T.self) \(json): \(error)", sourceLocation: sourceLocation)
            let expectedPath: [UnboxPathComponent] =
                switch index {
                case 0, 3: [.key("value")]
                case 1: []
                default: [.index(0)]
                }
            #expect(error.path == expectedPath, "\(T.self) \(json)", sourceLocation: sourceLocation)
            // The byte offset is checked by `outOfRangeOffsetPointsAtTheNumber`.
        }
    }

    static func checkEdges<T: FixedWidthInteger & UnboxCompatible>(
        _: T.Type, belowMinimum: String, aboveMaximum: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for expected in [T.max, T.min, 0, 1, T.max - 1, T.min + 1] {
            let decoded = try decodeEverywhere(T.self, String(expected))
            #expect(
                decoded.allSatisfy { $0 == expected }, "\(T.self) \(expected): \(decoded)",
                sourceLocation: sourceLocation)
        }
        expectOutOfRange(T.self, aboveMaximum, sourceLocation: sourceLocation)
        expectOutOfRange(T.self, belowMinimum, sourceLocation: sourceLocation)
    }

    @Test func int8() throws { try Self.checkEdges(Int8.self, belowMinimum: "-129", aboveMaximum: "128") }
    @Test func int16() throws { try Self.checkEdges(Int16.self, belowMinimum: "-32769", aboveMaximum: "32768") }
    @Test func int32() throws {
        try Self.checkEdges(Int32.self, belowMinimum: "-2147483649", aboveMaximum: "2147483648")
    }
    @Test func int64() throws {
        try Self.checkEdges(
            Int64.self, belowMinimum: "-9223372036854775809", aboveMaximum: "9223372036854775808")
    }
    @Test func int() throws {
        try Self.checkEdges(Int.self, belowMinimum: "-9223372036854775809", aboveMaximum: "9223372036854775808")
    }
    @Test func int128() throws {
        try Self.checkEdges(
            Int128.self, belowMinimum: "-170141183460469231731687303715884105729",
            aboveMaximum: "170141183460469231731687303715884105728")
    }
    @Test func uint8() throws { try Self.checkEdges(UInt8.self, belowMinimum: "-1", aboveMaximum: "256") }
    @Test func uint16() throws { try Self.checkEdges(UInt16.self, belowMinimum: "-1", aboveMaximum: "65536") }
    @Test func uint32() throws { try Self.checkEdges(UInt32.self, belowMinimum: "-1", aboveMaximum: "4294967296") }
    @Test func uint64() throws {
        try Self.checkEdges(UInt64.self, belowMinimum: "-1", aboveMaximum: "18446744073709551616")
    }
    @Test func uint() throws {
        try Self.checkEdges(UInt.self, belowMinimum: "-1", aboveMaximum: "18446744073709551616")
    }
    @Test func uint128() throws {
        try Self.checkEdges(
            UInt128.self, belowMinimum: "-1", aboveMaximum: "340282366920938463463374607431768211456")
    }

    @Test func wideIntegersBeyondSixtyFourBits() throws {
        #expect(try unboxField(Int128.self, "18446744073709551616") == Int128(UInt64.max) + 1)
        #expect(try unboxField(Int128.self, "-9223372036854775809") == Int128(Int64.min) - 1)
        #expect(try unboxField(UInt128.self, "18446744073709551616") == UInt128(UInt64.max) + 1)
        #expect(try unboxField(UInt128.self, "1e30") == UInt128(1_000_000_000_000_000) * 1_000_000_000_000_000)
        #expect(try unboxField(UInt64.self, "18446744073709551615") == .max)
    }

    @Test func uint64FieldInsideArray() throws {
        let values: [UInt64] = try unbox(string: "[0, 9223372036854775808, 18446744073709551615]")
        #expect(values == [0, 9_223_372_036_854_775_808, .max])
    }

    @Test func unsignedNegativeIsAnError() throws {
        for json in ["-1", "-5", "-0.5", "-1e3"] {
            let error = try #require(unboxError(Field<UInt>.self, "{\"value\": \(json)}"))
            #expect(error.path == [.key("value")])
            #expect(["numberOutOfRange", "invalidValue"].contains(error.reason.kind), "\(json): \(error)")
        }
        #expect(try unboxField(UInt.self, "-0") == 0)
    }

    // MARK: Integer text forms

    @Test(arguments: [
        ("1e3", 1000), ("1E3", 1000), ("1e+3", 1000), ("2.0", 2), ("2.000", 2), ("-2.0", -2), ("100e-2", 1),
        ("1.5e1", 15), ("0.0", 0), ("-0", 0), ("0e10", 0), ("12.50e1", 125), ("\"42\"", 42), ("\"-7\"", -7),
        ("\"1e2\"", 100),
    ])
    func integerFromWholeNumberText(text: String, expected: Int) throws {
        #expect(try unboxField(Int.self, text) == expected)
        let root: [Int] = try unbox(string: "[\(text)]")
        #expect(root == [expected])
    }

    @Test(arguments: ["1.5", "-0.5", "1e-1", "2.01", "\"1.5\"", "0.000001", "123.45e1"])
    func integerWithAFractionIsInvalidNeverTruncated(text: String) throws {
        let error = try #require(unboxError(Field<Int>.self, "{\"value\": \(text)}"))
        #expect(error.reason.kind == "invalidValue", "\(text): \(error)")
        #expect(error.path == [.key("value")])
        let arrayError = try #require(unboxError([Int32].self, "[1, \(text)]"))
        #expect(arrayError.reason.kind == "invalidValue", "\(text): \(arrayError)")
        #expect(arrayError.path == [.index(1)])
    }

    @Test func integerOverflowThroughExponent() throws {
        let error = try #require(unboxError(Field<Int8>.self, #"{"value": 1e3}"#))
        #expect(error.reason.kind == "numberOutOfRange")
        let huge = try #require(unboxError(Field<Int>.self, #"{"value": 1e400}"#))
        #expect(huge.reason.kind == "numberOutOfRange")
        let hugeInt128 = try #require(unboxError(Field<Int128>.self, #"{"value": 1e39}"#))
        #expect(hugeInt128.reason.kind == "numberOutOfRange")
    }

    @Test(arguments: ["\"abc\"", "\"\"", "\" 42\"", "\"42 \"", "\"+1\"", "\"0x10\"", "\"01\"", "\"1,000\"", "\"NaN\""])
    func nonNumericStringIsInvalid(text: String) throws {
        let error = try #require(unboxError(Field<Int>.self, "{\"value\": \(text)}"))
        #expect(error.reason.kind == "invalidValue", "\(text): \(error)")
        #expect(error.path == [.key("value")])
        #expect(error.byteOffset == 10)
        let double = try #require(unboxError(Field<Double>.self, "{\"value\": \(text)}"))
        #expect(double.reason.kind == "invalidValue", "\(text): \(double)")
        let decimal = try #require(unboxError(Field<Decimal>.self, "{\"value\": \(text)}"))
        #expect(decimal.reason.kind == "invalidValue", "\(text): \(decimal)")
    }

    @Test(arguments: ["true", "null", "[1]", "{\"a\": 1}"])
    func nonNumberIsATypeMismatch(text: String) throws {
        for error in [
            unboxError(Field<Int>.self, "{\"value\": \(text)}"),
            unboxError(Field<UInt8>.self, "{\"value\": \(text)}"),
            unboxError(Field<Double>.self, "{\"value\": \(text)}"),
            unboxError(Field<Float>.self, "{\"value\": \(text)}"),
            unboxError(Field<Decimal>.self, "{\"value\": \(text)}"),
        ] {
            let error = try #require(error)
            #expect(error.reason.kind == "typeMismatch", "\(text): \(error)")
            #expect(error.byteOffset == 10)
        }
    }

    // MARK: Floating point

    static let doubleTexts = [
        "0", "-0", "0.0", "-0.0", "1", "0.1", "0.2", "0.30000000000000004", "1.5", "-2.75", "3.141592653589793",
        "3.14159265358979323846264338327950288419716939937510", "2.718281828459045", "1e22", "1e23", "1E-7",
        "5e-324", "4.9e-324", "2.2250738585072014e-308", "2.2250738585072011e-308", "1.7976931348623157e308",
        "9007199254740993", "9007199254740992", "18446744073709551616", "123456789012345678901234567890",
        "0.000001", "1.0000000000000002", "7.0e-10", "-1.2345678901234567e-89", "89255.0e-22",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400", "-1e-400",
        "-65.613616999999977", "45.890000000000001", "1.1111111111111111111111", "0.11111111111111111111",
        "0.0000000000000000000000000000011111111111111111111111", "11111111111111111111.5",
    ]

    @Test(arguments: doubleTexts)
    func doubleIsCorrectlyRounded(text: String) throws {
        let expected = try #require(Double(text))
        let field = try unboxField(Double.self, text)
        #expect(field.bitPattern == expected.bitPattern, "\(text): \(field) != \(expected)")
        let root: Double = try unbox(string: text)
        #expect(root.bitPattern == expected.bitPattern, "\(text): \(root) != \(expected)")
        let array: [Double] = try unbox(string: "[\(text), \(text)]")
        #expect(array.map(\.bitPattern) == [expected.bitPattern, expected.bitPattern], "\(text)")
        let quoted = try unboxField(Double.self, "\"\(text)\"")
        #expect(quoted.bitPattern == expected.bitPattern, "\"\(text)\": \(quoted)")
        let nested: [[Double]] = try unbox(string: "[[\(text)], [1, \(text)]]")
        #expect(
            nested.map { $0.map(\.bitPattern) } == [
                [expected.bitPattern], [Double(1).bitPattern, expected.bitPattern],
            ])
    }

    /// simdjson 3.0.1's On-Demand `get_double` misreads numbers written `0.` followed by more than
    /// 19 significant digits (0.123456789012345678901 reads as 4.8e-05); the shim detects the form
    /// and the Swift layer parses the text exactly.
    @Test(
        arguments: [
            "-0.123456789012345678901", "0.00000123456789012345678901234", "0.12345678901234567890e3",
            "0.98765432109876543210987e300",
            "0.1000000000000000055511151231257827021181583404541015625", "0.99999999999999999999999999999999999999",
            "0.111111111111111111111", "0.12345678901234567890123",
        ])
    func doubleWithManyFractionDigitsAfterZero(text: String) throws {
        let expected = try #require(Double(text))
        let field = try unboxField(Double.self, text)
        let array: [Double] = try unbox(string: "[\(text)]")
        #expect(field.bitPattern == expected.bitPattern, "\(text): \(field) != \(expected)")
        #expect(array.map(\.bitPattern) == [expected.bitPattern], "\(text): \(array)")
        let root: Double = try unbox(string: text)
        #expect(root.bitPattern == expected.bitPattern, "\(text): \(root)")
        // A numeric string goes through Swift's own parser and is exact.
        #expect(try unboxField(Double.self, "\"\(text)\"") == expected)
    }

    @Test func outOfRangeOffsetOfSixtyFourBitOverflowPointsAtTheNumber() throws {
        let json = #"{"value": 9223372036854775808, "next": 1}"#
        let error = try #require(unboxError(Field<Int64>.self, json))
        #expect(error.reason.kind == "numberOutOfRange")
        #expect(error.byteOffset == 10)
        #expect(error.description.hasPrefix("value: number out of range: "))
        #expect(error.description.hasSuffix(" (byte 10)"))
        let arrayError = try #require(unboxError([UInt64].self, "[1, 18446744073709551616]"))
        #expect(arrayError.byteOffset == 4)
    }

    @Test func outOfRangeOffsetPointsAtTheNumber() throws {
        let field = try #require(unboxError(Field<Int8>.self, #"{"value": 128, "next": 1}"#))
        #expect(field.reason.kind == "numberOutOfRange")
        #expect(field.path == [.key("value")])
        let root = try #require(unboxError(UInt16.self, "65536"))
        #expect(root.reason.kind == "numberOutOfRange")
        let element = try #require(unboxError([Int32].self, "[0, 2147483648]"))
        #expect(element.byteOffset == 4)
        #expect(field.byteOffset == 10, "\(field)")
        #expect(root.byteOffset == 0, "\(root)")
    }

    @Test(arguments: ["1e309", "-1e309", "1e400", "1.8e308", "123e99999"])
    func doubleBeyondRangeIsOutOfRange(text: String) throws {
        let error = try #require(unboxError(Field<Double>.self, "{\"value\": \(text)}"))
        #expect(error.reason.kind == "numberOutOfRange", "\(text): \(error)")
        #expect(error.path == [.key("value")])
        #expect(error.byteOffset == 10)
        let arrayError = try #require(unboxError([Double].self, "[0.5, \(text)]"))
        #expect(arrayError.reason.kind == "numberOutOfRange", "\(text): \(arrayError)")
        #expect(arrayError.path == [.index(1)])
        #expect(arrayError.byteOffset == 6)
    }

    @Test func longDoubleArraysAcrossBufferGrowth() throws {
        let texts = (0..<1000).map { index in index % 3 == 0 ? "\(index).125" : "-\(index)e-3" }
        let expected = texts.compactMap(Double.init)
        let values: [Double] = try unbox(string: "[" + texts.joined(separator: ",") + "]")
        #expect(values == expected)

        // Numeric strings spread through the array take the slow path while the buffer grows.
        let mixed = texts.enumerated().map { $0.offset % 7 == 0 ? "\"\($0.element)\"" : $0.element }
        let mixedValues: [Double] = try unbox(string: "[" + mixed.joined(separator: ",") + "]")
        #expect(mixedValues == expected)

        let nested: [[Double]] = try unbox(string: "[[" + texts.joined(separator: ",") + "], [1, 2], []]")
        #expect(nested == [expected, [1, 2], []])
    }

    @Test func doubleArraysMixingNumericStrings() throws {
        let values: [Double] = try unbox(string: #"[1, "2.5", 3, "-4e2", "0"]"#)
        #expect(values == [1, 2.5, 3, -400, 0])
        let field = try unboxField([Double].self, #"["1", 2, "3.25"]"#)
        #expect(field == [1, 2, 3.25])
        let error = try #require(unboxError([Double].self, #"[1, "2.5", "x", 4]"#))
        #expect(error.reason.kind == "invalidValue")
        #expect(error.path == [.index(2)])
        #expect(error.byteOffset == 11)
        let mismatch = try #require(unboxError(Field<[Double]>.self, #"{"value": [1, 2, true]}"#))
        #expect(mismatch.reason == .typeMismatch(expected: "a number", found: .bool))
        #expect(mismatch.path == [.key("value"), .index(2)])
        #expect(mismatch.byteOffset == 17)
        let notArray = try #require(unboxError(Field<[Double]>.self, #"{"value": 1}"#))
        #expect(notArray.reason == .typeMismatch(expected: "an array", found: .number))
    }

    @Test func float() throws {
        #expect(try unboxField(Float.self, "12.5") == 12.5)
        #expect(try unboxField(Float.self, "\"0.25\"") == 0.25)
        #expect(try unboxField(Float.self, "0.1") == Float(0.1))
        #expect(try unboxField(Float.self, "3.4028234663852886e38") == .greatestFiniteMagnitude)
        #expect(try unboxField(Float.self, "1e-50") == 0)
        let floats: [Float] = try unbox(string: "[1, 2.5, \"3\"]")
        #expect(floats == [1, 2.5, 3])
        for text in ["1e39", "-1e39", "3.5e38", "1e300"] {
            let error = try #require(unboxError(Field<Float>.self, "{\"value\": \(text)}"))
            #expect(error.reason.kind == "numberOutOfRange", "\(text): \(error)")
            #expect(error.path == [.key("value")])
        }
    }

    @Test(arguments: [
        "0.1", "0.3", "-12.345", "123456789012345678901234567890", "3.14159265358979323846264338327950288",
        "1e-10", "1E+20", "0", "-0", "1.10", "18446744073709551616", "\"0.1\"", "\"-99.999\"",
    ])
    func decimalIsExactFromText(text: String) throws {
        let unquoted = text.hasPrefix("\"") ? String(text.dropFirst().dropLast()) : text
        let expected = try #require(Decimal(string: unquoted, locale: Locale(identifier: "en_US_POSIX")))
        #expect(try unboxField(Decimal.self, text) == expected)
        let array: [Decimal] = try unbox(string: "[\(text)]")
        #expect(array == [expected])
    }

    @Test func decimalIsNotRoundedThroughDouble() throws {
        let value = try unboxField(Decimal.self, "0.1")
        #expect(value == Decimal(string: "0.1"))
        #expect(value != Decimal(0.1 as Double) || Decimal(0.1 as Double) == Decimal(string: "0.1"))
        let sum = try unboxField(Decimal.self, "0.1") + unboxField(Decimal.self, "0.2")
        #expect(sum == Decimal(string: "0.3"))
    }

    @Test func decimalBeyondItsRangeIsOutOfRange() throws {
        let error = try #require(unboxError(Field<Decimal>.self, #"{"value": 1e400}"#))
        #expect(error.reason.kind == "numberOutOfRange", "\(error)")
    }

    // MARK: JSONNumber

    @Test func jsonNumberConversions() throws {
        let big = try #require(JSONNumber("18446744073709551616"))
        #expect(big.text == "18446744073709551616")
        #expect(big.int64Value == nil)
        #expect(big.uint64Value == nil)
        #expect(big.integerValue(UInt128.self) == UInt128(UInt64.max) + 1)
        #expect(big.decimalValue == Decimal(string: "18446744073709551616"))
        #expect(big.doubleValue == 18_446_744_073_709_551_616.0)

        let thousand = try #require(JSONNumber("1e3"))
        #expect(thousand.int64Value == 1000)
        #expect(thousand.uint64Value == 1000)
        #expect(thousand.integerValue(Int8.self) == nil)
        #expect(thousand.integerValue(Int16.self) == 1000)

        let fraction = try #require(JSONNumber("1.5"))
        #expect(fraction.int64Value == nil)
        #expect(fraction.doubleValue == 1.5)
        #expect(fraction.decimalValue == Decimal(string: "1.5"))

        let negative = try #require(JSONNumber("-1"))
        #expect(negative.int64Value == -1)
        #expect(negative.uint64Value == nil)

        #expect(JSONNumber("1e400")?.doubleValue == .infinity)
        #expect(JSONNumber("-1e400")?.doubleValue == -.infinity)
        #expect(JSONNumber(42).text == "42")
        #expect(JSONNumber(Int64.min).text == "-9223372036854775808")
        #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
        #expect(JSONNumber(2.5).text == "2.5")
        #expect(JSONNumber(3.0).text == "3")
        #expect(JSONNumber(0.1).doubleValue == 0.1)
        #expect(JSONNumber(1e300).doubleValue == 1e300)
        #expect(JSONNumber("2.0") != JSONNumber("2"))
        #expect(JSONNumber("2.0") == JSONNumber("2.0"))
        #expect(JSONNumber("7")?.description == "7")
    }

    @Test(arguments: [
        "+1", "01", ".5", "1.", "-", "1e", "1e+", "NaN", "Infinity", "0x10", "", " 1", "1 ", "--1", "1.2.3",
    ])
    func jsonNumberRejectsNonJSONText(text: String) {
        #expect(JSONNumber(text) == nil, "\(text)")
    }

    @Test(arguments: ["0", "-0", "1", "-1", "0.5", "1e5", "1E-5", "1.5e+10", "123456789012345678901234567890"])
    func jsonNumberAcceptsJSONText(text: String) {
        #expect(JSONNumber(text)?.text == text)
    }
}

/// Arrays of `Int` and `Double` are read in bulk; every element the bulk read cannot take goes
/// through the same rules as a single value.
@Suite struct BulkNumberArrayTests {
    @Test func integersWithElementsThatNeedTheSlowPath() throws {
        let mixed: [Int] = try unbox(string: #"[1, "2", 3.0, 4e1, -5, 9223372036854775807]"#)
        #expect(mixed == [1, 2, 3, 40, -5, Int.max])
        let long: [Int64] = try unbox(string: "[" + (0..<1_000).map(String.init).joined(separator: ",") + "]")
        #expect(long == Array(0..<1_000))
        let nested: [[Int]] = try unbox(string: "[[], [1], [2, 3]]")
        #expect(nested == [[], [1], [2, 3]])
    }

    @Test func integerErrorsNameTheElement() throws {
        let fraction = try #require(unboxError([Int].self, "[1, 2.5, 3]"))
        #expect(fraction.path == [.index(1)])
        #expect(fraction.reason.kind == "invalidValue")
        let overflow = try #require(unboxError([Int].self, "[0, 0, 9223372036854775808]"))
        #expect(overflow.path == [.index(2)])
        #expect(overflow.reason.kind == "numberOutOfRange")
        #expect(overflow.byteOffset == 7)
        let mismatch = try #require(unboxError([Int].self, "[1, null]"))
        #expect(mismatch.path == [.index(1)])
        #expect(mismatch.reason == .typeMismatch(expected: "an integer", found: .null))
        let notArray = try #require(unboxError([Int].self, "{}"))
        #expect(notArray.reason == .typeMismatch(expected: "an array", found: .object))
        let broken = try #require(unboxError([Int].self, "[1, 2 3]"))
        #expect(broken.reason.kind == "malformedJSON")
    }

    @Test func doublesWithElementsThatNeedTheSlowPath() throws {
        let mixed: [Double] = try unbox(string: #"[1, "2.5", -0.0, 1e-300]"#)
        #expect(mixed.map(\.bitPattern) == [1, 2.5, -0.0, 1e-300].map(\.bitPattern))
        let error = try #require(unboxError([Double].self, "[1, true]"))
        #expect(error.path == [.index(1)])
    }
}
