import Foundation
import SimdUnbox
import Testing

// Unbox 4's own test suite, case by case, written again as Swift Testing cases: the models and
// the calls are Unbox code (only the import differs), the input is `[String: Any]` as Unbox's
// users passed it. Where Unbox checked its error text, the test checks the error's reason and
// path instead (the text differs on purpose: see "Migrating from Unbox").

// MARK: - Models

private enum Ordinal: Int, UnboxableEnum {
    case first
    case second
}

private struct RejectingKey: UnboxableKey, Hashable {
    let key: String

    static func transform(unboxedKey: String) -> RejectingKey? {
        unboxedKey == "FAIL" ? nil : RejectingKey(key: unboxedKey)
    }
}

private struct Counter: Unboxable, Equatable {
    let int: Int

    init(int: Int) { self.int = int }

    init(unboxer: Unboxer) throws {
        int = try unboxer.unbox(key: "int")
    }
}

/// Every scalar kind, required and optional (Unbox's base mock, a non-final class).
private class Scalars: Unboxable {
    let requiredBool: Bool
    let optionalBool: Bool?
    let requiredInt: Int
    let optionalInt: Int?
    let requiredDouble: Double
    let optionalDouble: Double?
    let requiredFloat: Float
    let optionalFloat: Float?
    let requiredCGFloat: CGFloat
    let optionalCGFloat: CGFloat?
    let requiredEnum: Ordinal
    let optionalEnum: Ordinal?
    let requiredString: String
    let optionalString: String?
    let requiredURL: URL
    let optionalURL: URL?
    let requiredDecimal: Decimal
    let optionalDecimal: Decimal?
    let requiredArray: [String]
    let optionalArray: [String]?
    let requiredEnumArray: [Ordinal]
    let optionalEnumArray: [Ordinal]?

    required init(unboxer: Unboxer) throws {
        requiredBool = try unboxer.unbox(key: "requiredBool")
        optionalBool = try? unboxer.unbox(key: "optionalBool")
        requiredInt = try unboxer.unbox(key: "requiredInt")
        optionalInt = try? unboxer.unbox(key: "optionalInt")
        requiredDouble = try unboxer.unbox(key: "requiredDouble")
        optionalDouble = try? unboxer.unbox(key: "optionalDouble")
        requiredFloat = try unboxer.unbox(key: "requiredFloat")
        optionalFloat = try? unboxer.unbox(key: "optionalFloat")
        requiredCGFloat = try unboxer.unbox(key: "requiredCGFloat")
        optionalCGFloat = try? unboxer.unbox(key: "optionalCGFloat")
        requiredEnum = try unboxer.unbox(key: "requiredEnum")
        optionalEnum = try? unboxer.unbox(key: "optionalEnum")
        requiredString = try unboxer.unbox(key: "requiredString")
        optionalString = try? unboxer.unbox(key: "optionalString")
        requiredURL = try unboxer.unbox(key: "requiredURL")
        optionalURL = try? unboxer.unbox(key: "optionalURL")
        requiredDecimal = try unboxer.unbox(key: "requiredDecimal")
        optionalDecimal = try? unboxer.unbox(key: "optionalDecimal")
        requiredArray = try unboxer.unbox(key: "requiredArray")
        optionalArray = try? unboxer.unbox(key: "optionalArray")
        requiredEnumArray = try unboxer.unbox(key: "requiredEnumArray")
        optionalEnumArray = try? unboxer.unbox(key: "optionalEnumArray")
    }
}

/// The scalars plus nested models, an array and a dictionary of them (a subclass).
private final class Nesting: Scalars {
    let requiredUnboxable: Scalars
    let optionalUnboxable: Scalars?
    let requiredUnboxableArray: [Scalars]
    let optionalUnboxableArray: [Scalars]?
    let requiredUnboxableDictionary: [String: Scalars]
    let optionalUnboxableDictionary: [String: Scalars]?

    required init(unboxer: Unboxer) throws {
        requiredUnboxable = try unboxer.unbox(key: "requiredUnboxable")
        optionalUnboxable = try? unboxer.unbox(key: "optionalUnboxable")
        requiredUnboxableArray = try unboxer.unbox(key: "requiredUnboxableArray")
        optionalUnboxableArray = try? unboxer.unbox(key: "optionalUnboxableArray")
        requiredUnboxableDictionary = try unboxer.unbox(key: "requiredUnboxableDictionary")
        optionalUnboxableDictionary = try? unboxer.unbox(key: "optionalUnboxableDictionary")
        try super.init(unboxer: unboxer)
    }
}

private final class ContextModel: UnboxableWithContext {
    let context: String
    let nested: ContextModel?
    let nestedArray: [ContextModel]?
    let nestedDictionary: [String: ContextModel]?

    init(unboxer: Unboxer, context: String) {
        self.context = context
        nested = try? unboxer.unbox(key: "nested", context: "nestedContext")
        nestedArray = try? unboxer.unbox(key: "nestedArray", context: "nestedArrayContext")
        nestedDictionary = try? unboxer.unbox(key: "nestedDictionary", context: "nestedDictionaryContext")
    }
}

/// Unbox's valid input: every required key, nested one level when `nested` is false.
private func validDictionary(nested: Bool = false) -> UnboxableDictionary {
    var dictionary: UnboxableDictionary = [
        "requiredBool": true,
        "requiredInt": 15,
        "requiredDouble": Double(1.5),
        "requiredFloat": Float(3.14),
        "requiredCGFloat": 0.72,
        "requiredEnum": 1,
        "requiredString": "hello",
        "requiredURL": "http://www.google.com",
        "requiredDecimal": Decimal(string: "13.95") as Any,
        "requiredArray": ["unbox", "is", "pretty", "cool", "right?"],
        "requiredEnumArray": [0, 1],
    ]
    if !nested {
        dictionary["requiredUnboxable"] = validDictionary(nested: true)
        dictionary["requiredUnboxableArray"] = [validDictionary(nested: true)]
        dictionary["requiredUnboxableDictionary"] = ["test": validDictionary(nested: true)]
    }
    return dictionary
}

private func expectValid(_ model: Scalars, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(model.requiredBool, sourceLocation: sourceLocation)
    #expect(model.requiredInt == 15, sourceLocation: sourceLocation)
    #expect(model.requiredDouble == 1.5, sourceLocation: sourceLocation)
    #expect(model.requiredFloat == Float(3.14), sourceLocation: sourceLocation)
    #expect(model.requiredCGFloat == 0.72, sourceLocation: sourceLocation)
    #expect(model.requiredEnum == .second, sourceLocation: sourceLocation)
    #expect(model.requiredString == "hello", sourceLocation: sourceLocation)
    #expect(model.requiredURL == URL(string: "http://www.google.com"), sourceLocation: sourceLocation)
    #expect(model.requiredDecimal == Decimal(string: "13.95"), sourceLocation: sourceLocation)
    #expect(model.requiredArray == ["unbox", "is", "pretty", "cool", "right?"], sourceLocation: sourceLocation)
    #expect(model.requiredEnumArray == [.first, .second], sourceLocation: sourceLocation)
    #expect(model.optionalBool == nil && model.optionalInt == nil, sourceLocation: sourceLocation)
    #expect(model.optionalURL == nil && model.optionalEnumArray == nil, sourceLocation: sourceLocation)
}

// MARK: - Tests

@Suite struct UnboxSuiteTests {
    @Test func onlyValidRequiredValues() throws {
        let model: Nesting = try unbox(dictionary: validDictionary())
        expectValid(model)
        expectValid(model.requiredUnboxable)
        #expect(model.requiredUnboxableArray.count == 1)
        #expect(model.requiredUnboxableDictionary["test"]?.requiredInt == 15)
        #expect(model.optionalUnboxable == nil && model.optionalUnboxableDictionary == nil)
    }

    @Test func missingRequiredValues() {
        for key in validDictionary().keys {
            var dictionary = validDictionary()
            dictionary.removeValue(forKey: key)
            #expect((try? unbox(dictionary: dictionary) as Nesting) == nil, "\(key)")
        }
    }

    @Test func invalidRequiredValues() {
        for key in validDictionary().keys {
            var dictionary = validDictionary()
            dictionary[key] = NSObject()
            #expect((try? unbox(dictionary: dictionary) as Nesting) == nil, "\(key)")
        }
    }

    /// A string is a URL when Foundation's `URL(string:)` says so, as in Unbox (this Foundation
    /// percent-encodes `"Clearly not a URL!"` into one; no Foundation takes `""`).
    @Test(arguments: ["Clearly not a URL!", "", "http://[::1"])
    func invalidRequiredURL(text: String) {
        var dictionary = validDictionary()
        dictionary["requiredURL"] = text
        let decoded = try? unbox(dictionary: dictionary) as Nesting
        #expect((decoded == nil) == (URL(string: text) == nil))
        #expect(text != "" || decoded == nil)
    }

    @Test func stringsTransformedToNumbers() throws {
        struct Model: Unboxable {
            let requiredInt: Int
            let optionalInt: Int?
            let requiredDouble: Double
            let optionalDouble: Double?

            init(unboxer: Unboxer) throws {
                requiredInt = try unboxer.unbox(key: "requiredInt")
                optionalInt = try? unboxer.unbox(key: "optionalInt")
                requiredDouble = try unboxer.unbox(key: "requiredDouble")
                optionalDouble = try? unboxer.unbox(key: "optionalDouble")
            }
        }
        let model: Model = try unbox(dictionary: [
            "requiredInt": "7", "optionalInt": "14", "requiredDouble": "3.14", "optionalDouble": "7.12",
        ])
        #expect(model.requiredInt == 7 && model.optionalInt == 14)
        #expect(model.requiredDouble == 3.14 && model.optionalDouble == 7.12)
    }

    struct Widths<T: FixedWidthInteger & UnboxCompatible>: Unboxable {
        let required: T
        let optional1: T?
        let optional2: T?

        init(unboxer: Unboxer) throws {
            required = try unboxer.unbox(key: "required")
            optional1 = try? unboxer.unbox(key: "optional1")
            optional2 = try? unboxer.unbox(key: "optional2")
        }
    }

    @Test func integerWidths() throws {
        let unsigned: Widths<UInt> = try unbox(dictionary: ["required": 27, "optional1": 10])
        #expect(unsigned.required == 27 && unsigned.optional1 == 10 && unsigned.optional2 == nil)
        let int32: Widths<Int32> = try unbox(dictionary: ["required": Int32.max, "optional1": Int32.max])
        #expect(int32.required == .max && int32.optional1 == .max && int32.optional2 == nil)
        let int64: Widths<Int64> = try unbox(dictionary: ["required": Int64.max, "optional1": Int64.max])
        #expect(int64.required == .max && int64.optional1 == .max && int64.optional2 == nil)
        let uint32: Widths<UInt32> = try unbox(dictionary: ["required": UInt32.max, "optional1": UInt32.min])
        #expect(uint32.required == .max && uint32.optional1 == .min && uint32.optional2 == nil)
        let uint64: Widths<UInt64> = try unbox(dictionary: ["required": UInt64.max, "optional1": UInt64.min])
        #expect(uint64.required == .max && uint64.optional1 == .min && uint64.optional2 == nil)
    }

    @Test func implicitIntegerConversion() throws {
        struct Model: Unboxable {
            let bool1: Bool
            let bool2: Bool
            let bool3: Bool
            let double: Double
            let float: Float
            let string: String?

            init(unboxer: Unboxer) throws {
                bool1 = try unboxer.unbox(key: "bool1")
                bool2 = try unboxer.unbox(key: "bool2")
                bool3 = try unboxer.unbox(key: "bool3")
                double = try unboxer.unbox(key: "double")
                float = try unboxer.unbox(key: "float")
                string = try? unboxer.unbox(key: "string")
            }
        }
        let dictionary: UnboxableDictionary = [
            "bool1": 0, "bool2": 1, "bool3": 19, "double": 27, "float": 39, "string": 7,
        ]
        let model: Model = try unbox(dictionary: dictionary)
        #expect(!model.bool1 && model.bool2 && model.bool3)
        #expect(model.double == 27 && model.float == 39 && model.string == "7")
        let fromData: Model = try unbox(data: JSONSerialization.data(withJSONObject: dictionary))
        #expect(!fromData.bool1 && fromData.bool2 && fromData.bool3 && fromData.string == "7")
    }

    @Test func arraysOfURLsAndEnums() throws {
        struct URLs: Unboxable {
            let optional: [URL]?
            let required: [URL]

            init(unboxer: Unboxer) throws {
                optional = try? unboxer.unbox(key: "optional")
                required = try unboxer.unbox(key: "required")
            }
        }
        let urls: URLs = try unbox(dictionary: [
            "optional": ["https://www.google.com"], "required": ["https://github.com/johnsundell/unbox"],
        ])
        #expect(urls.optional == [URL(string: "https://www.google.com")].compactMap { $0 })
        #expect(urls.required.map(\.absoluteString) == ["https://github.com/johnsundell/unbox"])

        struct Enums: Unboxable {
            let optionalA: [Ordinal]?
            let optionalB: [Ordinal]?
            let required: [Ordinal]

            init(unboxer: Unboxer) throws {
                optionalA = try? unboxer.unbox(key: "optionalA")
                optionalB = try? unboxer.unbox(key: "optionalB")
                required = try unboxer.unbox(key: "required")
            }
        }
        let enums: Enums = try unbox(dictionary: ["optionalA": [0, 1], "required": [1, 0]])
        #expect(enums.optionalA == [.first, .second] && enums.optionalB == nil && enums.required == [.second, .first])
    }

    static func dayFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }

    static func day(_ date: Date?) -> [Int] {
        guard let date else { return [] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return [
            calendar.component(.year, from: date), calendar.component(.month, from: date),
            calendar.component(.day, from: date),
        ]
    }

    @Test func requiredDateFormatting() throws {
        struct Model: Unboxable {
            let date: Date
            let dateArray: [Date]

            init(unboxer: Unboxer) throws {
                date = try unboxer.unbox(key: "date", formatter: UnboxSuiteTests.dayFormatter())
                dateArray = try unboxer.unbox(key: "dateArray", formatter: UnboxSuiteTests.dayFormatter())
            }
        }
        struct Lossy: Unboxable {
            let dateArray: [Date]

            init(unboxer: Unboxer) throws {
                dateArray = try unboxer.unbox(
                    key: "dateArray", formatter: UnboxSuiteTests.dayFormatter(), allowInvalidElements: true)
            }
        }
        let model: Model = try unbox(dictionary: ["date": "2015-12-15", "dateArray": ["2015-12-15"]])
        #expect(Self.day(model.date) == [2015, 12, 15])
        #expect(Self.day(model.dateArray.first) == [2015, 12, 15])
        let lossy: Lossy = try unbox(dictionary: ["dateArray": ["2015-12-tuesday", "2015-12-15"]])
        #expect(lossy.dateArray.map(Self.day) == [[2015, 12, 15]])
        #expect(throws: UnboxError.self) {
            try unbox(dictionary: ["date": "2015-12-tuesday", "dateArray": ["2015-12-15"]]) as Model
        }
        #expect(throws: UnboxError.self) {
            try unbox(dictionary: ["date": "2015-12-15", "dateArray": ["2015-12-tuesday"]]) as Model
        }
    }

    @Test func optionalDateFormattingFailureDoesNotThrow() throws {
        struct Model: Unboxable {
            let date: Date?
            let dateArray: [Date]?

            init(unboxer: Unboxer) {
                date = try? unboxer.unbox(key: "date", formatter: UnboxSuiteTests.dayFormatter())
                dateArray = try? unboxer.unbox(key: "dateArray", formatter: UnboxSuiteTests.dayFormatter())
            }
        }
        struct Lossy: Unboxable {
            let date: Date?
            let dateArray: [Date]?

            init(unboxer: Unboxer) {
                date = try? unboxer.unbox(key: "date", formatter: UnboxSuiteTests.dayFormatter())
                dateArray = try? unboxer.unbox(
                    key: "dateArray", formatter: UnboxSuiteTests.dayFormatter(), allowInvalidElements: true)
            }
        }
        let model: Model = try unbox(dictionary: ["date": "2015-12-tuesday", "dateArray": ["2015-12-tuesday"]])
        #expect(model.date == nil && model.dateArray == nil)
        let lossy: Lossy = try unbox(dictionary: [
            "date": "2015-12-tuesday", "dateArray": ["2015-12-15", "2015-12-tuesday"],
        ])
        #expect(lossy.date == nil && lossy.dateArray?.map(Self.day) == [[2015, 12, 15]])
    }

    @Test func customDictionaryKeyType() throws {
        struct Model: Unboxable {
            let requiredIntDictionary: [RejectingKey: Int]
            let optionalIntDictionary: [RejectingKey: Int]?
            let requiredModelDictionary: [RejectingKey: Counter]
            let optionalModelDictionary: [RejectingKey: Counter]?

            init(unboxer: Unboxer) throws {
                requiredIntDictionary = try unboxer.unbox(key: "requiredIntDictionary")
                optionalIntDictionary = try? unboxer.unbox(key: "optionalIntDictionary")
                requiredModelDictionary = try unboxer.unbox(key: "requiredModelDictionary")
                optionalModelDictionary = try? unboxer.unbox(key: "optionalModelDictionary")
            }
        }
        let model: Model = try unbox(dictionary: [
            "requiredIntDictionary": ["key": 12],
            "optionalIntDictionary": ["optionalKey": 27],
            "requiredModelDictionary": ["key": ["int": 31]],
            "optionalModelDictionary": ["optionalKey": ["int": 19]],
        ])
        #expect(model.requiredIntDictionary == [RejectingKey(key: "key"): 12])
        #expect(model.optionalIntDictionary == [RejectingKey(key: "optionalKey"): 27])
        #expect(model.requiredModelDictionary == [RejectingKey(key: "key"): Counter(int: 31)])
        #expect(model.optionalModelDictionary == [RejectingKey(key: "optionalKey"): Counter(int: 19)])
        let withoutOptionals: Model = try unbox(dictionary: [
            "requiredIntDictionary": ["key": 12], "requiredModelDictionary": ["key": ["int": 31]],
        ])
        #expect(withoutOptionals.optionalIntDictionary == nil && withoutOptionals.optionalModelDictionary == nil)
    }

    @Test func invalidCustomDictionaryKey() throws {
        struct Optional: Unboxable {
            let dictionary: [RejectingKey: Int]?
            init(unboxer: Unboxer) { dictionary = try? unboxer.unbox(key: "dictionary") }
        }
        struct Required: Unboxable {
            let dictionary: [RejectingKey: Int]
            init(unboxer: Unboxer) throws { dictionary = try unboxer.unbox(key: "dictionary") }
        }
        let optional: Optional = try unbox(dictionary: ["dictionary": ["FAIL": 59]])
        #expect(optional.dictionary == nil)
        #expect(throws: UnboxError.self) { try unbox(dictionary: ["dictionary": ["FAIL": 59]]) as Required }
    }

    @Test func customKeysWithArraysOfModels() throws {
        struct Model: Unboxable {
            let requiredModelDictionary: [RejectingKey: [Counter]]
            let optionalModelDictionary: [RejectingKey: [Counter]]?

            init(unboxer: Unboxer) throws {
                requiredModelDictionary = try unboxer.unbox(key: "requiredModelDictionary")
                optionalModelDictionary = try? unboxer.unbox(key: "optionalModelDictionary")
            }
        }
        let model: Model = try unbox(dictionary: [
            "requiredModelDictionary": ["key": [["int": 31]]],
            "optionalModelDictionary": ["optionalKey": [["int": 19]]],
        ])
        #expect(model.requiredModelDictionary[RejectingKey(key: "key")] == [Counter(int: 31)])
        #expect(model.optionalModelDictionary?[RejectingKey(key: "optionalKey")] == [Counter(int: 19)])
        #expect(throws: UnboxError.self) {
            try unbox(dictionary: ["requiredModelDictionary": ["key": [["int": "asdf"]]]]) as Model
        }
    }

    @Test func customKeysWithArraysOfModelsAllowingInvalidElements() throws {
        struct Model: Unboxable {
            let requiredModelDictionary: [RejectingKey: [Counter]]

            init(unboxer: Unboxer) throws {
                requiredModelDictionary = try unboxer.unbox(key: "requiredModelDictionary", allowInvalidElements: true)
            }
        }
        struct Optional: Unboxable {
            let optionalModelDictionary: [RejectingKey: [Counter]]?
            init(unboxer: Unboxer) { optionalModelDictionary = try? unboxer.unbox(key: "optionalModelDictionary") }
        }
        let dictionary: UnboxableDictionary = ["requiredModelDictionary": ["key": [["int": "asdf"]]]]
        // The entry stays, its nested array emptied of the invalid model, as in Unbox.
        let model: Model = try unbox(dictionary: dictionary)
        #expect(model.requiredModelDictionary[RejectingKey(key: "key")] == [])
        let fromJSON: Model = try unbox(data: JSONSerialization.data(withJSONObject: dictionary))
        #expect(fromJSON.requiredModelDictionary[RejectingKey(key: "key")] == [])
        let optional: Optional = try unbox(dictionary: dictionary)
        #expect(optional.optionalModelDictionary == nil)
    }

    @Test func invalidRequiredUnboxable() {
        var dictionary = validDictionary()
        dictionary["requiredUnboxable"] = "Totally not unboxable"
        #expect((try? unbox(dictionary: dictionary) as Nesting) == nil)
        dictionary["requiredUnboxable"] = ["cannotBe": "unboxed"]
        #expect((try? unbox(dictionary: dictionary) as Nesting) == nil)
    }

    @Test func invalidOptionalValueIsIgnored() throws {
        var dictionary = validDictionary()
        dictionary["optionalBool"] = "Not a Bool"
        let model: Nesting = try unbox(dictionary: dictionary)
        #expect(model.optionalBool == nil)
    }

    @Test func fromValidData() throws {
        let data = try JSONSerialization.data(withJSONObject: validDictionary())
        let model: Nesting = try unbox(data: data)
        expectValid(model)
    }

    static var arbitraryKeys: UnboxableDictionary {
        [
            "random_unique_data_1": ["required": "Hello", "optional": "World"],
            "random_unique_data_2": ["required": "Unbox", "optional": "Test"],
        ]
    }

    struct Pair: Unboxable {
        let required: String
        let optional: String?

        init(unboxer: Unboxer) throws {
            required = try unboxer.unbox(key: "required")
            optional = try? unboxer.unbox(key: "optional")
        }
    }

    @Test func arbitraryKeysFromDictionaryAndData() throws {
        let fromDictionary: [String: Pair] = try unbox(dictionary: Self.arbitraryKeys)
        let fromData: [String: Pair] = try unbox(data: JSONSerialization.data(withJSONObject: Self.arbitraryKeys))
        for models in [fromDictionary, fromData] {
            #expect(models["random_unique_data_1"]?.required == "Hello")
            #expect(models["random_unique_data_1"]?.optional == "World")
            #expect(models["random_unique_data_2"]?.required == "Unbox")
            #expect(models["random_unique_data_2"]?.optional == "Test")
        }
    }

    @Test func valueFromArrayByKeyPath() throws {
        struct Model: Unboxable {
            let required: String
            let optional: String?

            init(unboxer: Unboxer) throws {
                required = try unboxer.unbox(keyPath: "required.0")
                optional = try? unboxer.unbox(keyPath: "optional.1")
            }
        }
        let model: Model = try unbox(dictionary: ["required": ["Hello", "This"], "optional": ["Is", "Unbox"]])
        #expect(model.required == "Hello" && model.optional == "Unbox")

        struct OutOfBounds: Unboxable {
            let int: Int
            init(unboxer: Unboxer) throws { int = try unboxer.unbox(keyPath: "values.3") }
        }
        #expect(throws: UnboxError.self) { try unbox(dictionary: ["values": [7, 9, 22]]) as OutOfBounds }
    }

    @Test func arraysOfDictionaries() throws {
        let models: [Nesting] = try unbox(dictionaries: [validDictionary(), validDictionary(), validDictionary()])
        #expect(models.count == 3)
        models.forEach { expectValid($0) }
        #expect(throws: UnboxError.self) {
            try unbox(dictionaries: [validDictionary(), ["invalid": "dictionary"], validDictionary()]) as [Nesting]
        }
    }

    struct Named: Unboxable {
        let string: String
        init(unboxer: Unboxer) throws { string = try unboxer.unbox(key: "string") }
    }

    @Test func arraysOfDictionariesAllowingInvalidElements() throws {
        let dictionaries: [UnboxableDictionary] = [["string": "one"], ["invalid": "element"], ["string": "two"]]
        let models: [Named] = try unbox(dictionaries: dictionaries, allowInvalidElements: true)
        #expect(models.map(\.string) == ["one", "two"])

        struct Parent: Unboxable {
            let nested: [Named]
            init(unboxer: Unboxer) throws { nested = try unboxer.unbox(key: "nested", allowInvalidElements: true) }
        }
        let parent: Parent = try unbox(dictionary: ["nested": dictionaries])
        #expect(parent.nested.map(\.string) == ["one", "two"])

        struct Keyed: Unboxable {
            let nested: [String: Named]
            init(unboxer: Unboxer) throws { nested = try unboxer.unbox(key: "nested", allowInvalidElements: true) }
        }
        let keyed: Keyed = try unbox(dictionary: [
            "nested": ["one": ["string": "one"], "two": ["invalid": "element"], "three": ["string": "two"]]
        ])
        #expect(
            keyed.nested.count == 2 && keyed.nested["one"]?.string == "one" && keyed.nested["three"]?.string == "two")
    }

    @Test func nestedCollections() throws {
        struct Model: Unboxable {
            let arrays: [[Int]]
            let dictionaries: [String: [String: Int]]
            let arraysByKey: [String: [Int]]
            let complex: [String: [String: [Named]]]

            init(unboxer: Unboxer) throws {
                arrays = try unboxer.unbox(key: "arrays")
                dictionaries = try unboxer.unbox(key: "dictionaries")
                arraysByKey = try unboxer.unbox(key: "arraysByKey")
                complex = try unboxer.unbox(key: "complex")
            }
        }
        let model: Model = try unbox(dictionary: [
            "arrays": [[1, 2], [3, 4]],
            "dictionaries": ["one": ["a": 1, "b": 2], "two": ["c": 3, "d": 4]],
            "arraysByKey": ["one": [1, 2], "two": [3, 4]],
            "complex": ["nested": ["again": [["string": "Hello"]]]],
        ])
        #expect(model.arrays == [[1, 2], [3, 4]])
        #expect(model.dictionaries == ["one": ["a": 1, "b": 2], "two": ["c": 3, "d": 4]])
        #expect(model.arraysByKey == ["one": [1, 2], "two": [3, 4]])
        #expect(model.complex["nested"]?["again"]?.first?.string == "Hello")
    }

    @Test func errorsForMissingAndInvalidValues() throws {
        let missing = try #require(throws: UnboxError.self) { try unbox(dictionary: [:]) as Named }
        #expect(missing.reason == .missingKey && missing.path == [.key("string")])
        let invalid = try #require(throws: UnboxError.self) { try unbox(dictionary: ["string": [Any]()]) as Named }
        #expect(invalid.reason == .typeMismatch(expected: "a string", found: .array))
        #expect(invalid.path == [.key("string")])

        struct Strings: Unboxable {
            let array: [String]
            init(unboxer: Unboxer) throws { array = try unboxer.unbox(key: "array") }
        }
        let element = try #require(throws: UnboxError.self) {
            try unbox(dictionary: ["array": [[String: Any]()]]) as Strings
        }
        #expect(element.path == [.key("array"), .index(0)])
    }

    @Test func errorsForInvalidData() {
        #expect(throws: UnboxError.self) { try unbox(data: Data("Not a dictionary".utf8)) as Nesting }
        #expect(throws: UnboxError.self) { try unbox(data: Data("[12, 13, 9]".utf8)) as Nesting }
    }

    @Test func requiredContext() throws {
        let dictionary: UnboxableDictionary = [
            "nested": [String: Any](), "nestedArray": [[String: Any]()], "nestedDictionary": ["key": [String: Any]()],
        ]
        let model: ContextModel = try unbox(dictionary: dictionary, context: "context")
        #expect(model.context == "context")
        #expect(model.nested?.context == "nestedContext")
        #expect(model.nestedArray?.first?.context == "nestedArrayContext")
        #expect(model.nestedDictionary?.first?.value.context == "nestedDictionaryContext")
    }

    @Test func nestedDictionaryThroughKeyPath() throws {
        struct Model: Unboxable {
            let intValue: Int
            let dictionary: UnboxableDictionary

            init(unboxer: Unboxer) throws {
                intValue = try unboxer.unbox(keyPath: "requiredUnboxableDictionary.test.requiredInt")
                dictionary = try unboxer.unbox(keyPath: "requiredUnboxableDictionary.test")
            }
        }
        let model: Model = try unbox(dictionary: validDictionary())
        #expect(model.intValue == 15)
        #expect(model.dictionary["requiredArray"] as? [String] == ["unbox", "is", "pretty", "cool", "right?"])
        let fromJSON: Model = try unbox(data: JSONSerialization.data(withJSONObject: validDictionary()))
        #expect(fromJSON.intValue == 15)
        #expect(fromJSON.dictionary["requiredArray"] as? [String] == ["unbox", "is", "pretty", "cool", "right?"])
    }

    @Test func keyPathsIntoArraysAndDottedKeys() throws {
        struct Names: Unboxable {
            let firstName: String
            let lastName: String

            init(unboxer: Unboxer) throws {
                firstName = try unboxer.unbox(keyPath: "names.0")
                lastName = try unboxer.unbox(keyPath: "names.1")
            }
        }
        let names: Names = try unbox(dictionary: ["names": ["John", "Appleseed"]])
        #expect(names.firstName == "John" && names.lastName == "Appleseed")

        struct Dotted: Unboxable {
            let int: Int
            let string: String

            init(unboxer: Unboxer) throws {
                int = try unboxer.unbox(key: "int.value")
                string = try unboxer.unbox(key: "string.value")
            }
        }
        let dotted: Dotted = try unbox(dictionary: ["int.value": 15, "string.value": "hello"])
        #expect(dotted.int == 15 && dotted.string == "hello")

        struct Repeated: Unboxable {
            let value: String
            init(unboxer: Unboxer) throws { value = try unboxer.unbox(keyPath: "key.nested.key") }
        }
        let repeated: Repeated = try unbox(dictionary: ["key": ["nested": ["key": "value"]]])
        #expect(repeated.value == "value")
    }

    struct Triple {
        let int: Int
        let double: Double
        let string: String
    }

    @Test func customUnboxing() throws {
        let dictionary: UnboxableDictionary = ["int": 5, "string": "Hello"]
        let closure: (Unboxer) -> Triple? = {
            try? Triple(int: $0.unbox(key: "int"), double: 3.14, string: $0.unbox(key: "string"))
        }
        let fromDictionary: Triple = try Unboxer.performCustomUnboxing(dictionary: dictionary, closure: closure)
        let fromData: Triple = try Unboxer.performCustomUnboxing(
            data: JSONSerialization.data(withJSONObject: dictionary), closure: closure)
        for model in [fromDictionary, fromData] {
            #expect(model.int == 5 && model.double == 3.14 && model.string == "Hello")
        }
        #expect(throws: UnboxError.self) {
            try Unboxer.performCustomUnboxing(dictionary: [:], closure: { _ in nil }) as Triple
        }
    }

    struct KindA { let int: Int }
    struct KindB { let string: String }

    static func kinds(_ unboxer: Unboxer) throws -> Any? {
        switch try unboxer.unbox(key: "type") as String {
        case "A": return try KindA(int: unboxer.unbox(key: "int"))
        case "B": return try KindB(string: unboxer.unbox(key: "string"))
        default: return nil
        }
    }

    @Test func customUnboxingOfArrays() throws {
        let models: [Any] = try Unboxer.performCustomUnboxing(
            array: [["type": "A", "int": 22], ["type": "B", "string": "hello"]], closure: Self.kinds)
        #expect((models.first as? KindA)?.int == 22 && (models.last as? KindB)?.string == "hello")
        let lossy: [Any] = try Unboxer.performCustomUnboxing(
            array: [["type": "A", "int": 22], ["type": "B", "WrongKey": "hello"]], allowInvalidElements: true,
            closure: Self.kinds)
        #expect(lossy.count == 1 && (lossy.first as? KindA)?.int == 22)
        #expect(throws: UnboxError.self) {
            try Unboxer.performCustomUnboxing(
                array: [["type": "A", "int": 22], ["type": "B", "WrongKey": "hello"]], closure: Self.kinds)
        }
    }

    @Test func borderlineBooleans() throws {
        struct Bools { let values: [Bool] }
        let dictionary: UnboxableDictionary = [
            "bool1": "True", "bool2": "false", "bool3": "t", "bool4": "F", "bool5": "YES", "bool6": "n", "bool7": true,
            "bool8": false,
        ]
        let closure: (Unboxer) throws -> Bools = { unboxer in
            Bools(values: try (1...8).map { try unboxer.unbox(key: "bool\($0)") as Bool })
        }
        let expected = [true, false, true, false, true, false, true, false]
        let fromDictionary = try Unboxer.performCustomUnboxing(dictionary: dictionary, closure: closure)
        let fromData = try Unboxer.performCustomUnboxing(
            data: JSONSerialization.data(withJSONObject: dictionary), closure: closure)
        #expect(fromDictionary.values == expected && fromData.values == expected)
    }

    static var nestedModels: UnboxableDictionary { ["A": ["B": [["int": 14], ["int": 15], ["int": 16]]]] }

    @Test func startingAtKeyAndKeyPath() throws {
        let atKey: Counter = try unbox(dictionary: ["A": ["int": 14]], atKey: "A")
        #expect(atKey.int == 14)
        #expect(throws: UnboxError.self) { try unbox(dictionary: ["A": ["int": 14]], atKey: "B") as Counter }
        let atKeyPath: Counter = try unbox(dictionary: ["A": ["B": ["int": 14]]], atKeyPath: "A.B")
        #expect(atKeyPath.int == 14)
        #expect(throws: UnboxError.self) { try unbox(dictionary: ["A": ["int": 14]], atKeyPath: "A.B") as Counter }

        let array: [Counter] = try unbox(dictionary: Self.nestedModels, atKeyPath: "A.B")
        let arrayFromData: [Counter] = try unbox(
            data: JSONSerialization.data(withJSONObject: Self.nestedModels), atKeyPath: "A.B")
        #expect(array.map(\.int) == [14, 15, 16] && arrayFromData.map(\.int) == [14, 15, 16])
        let element: Counter = try unbox(dictionary: Self.nestedModels, atKeyPath: "A.B.2")
        #expect(element.int == 16)
        #expect(throws: UnboxError.self) { try unbox(dictionary: Self.nestedModels, atKeyPath: "A.B.3") as Counter }
    }

    @Test func arraysOfStringsTransformedToInts() throws {
        struct Model: Unboxable {
            let intArray: [Int]
            init(unboxer: Unboxer) throws { intArray = try unboxer.unbox(key: "intArray") }
        }
        let model: Model = try unbox(dictionary: ["intArray": ["123", "456", "789"]])
        #expect(model.intArray == [123, 456, 789])
        #expect(throws: UnboxError.self) { try unbox(dictionary: ["intArray": ["123", "abc", "789"]]) as Model }
    }

    @Test func sets() throws {
        struct Model: Unboxable {
            let optional: Set<String>?
            let required: Set<String>

            init(unboxer: Unboxer) throws {
                optional = try? unboxer.unbox(key: "optional")
                required = try unboxer.unbox(key: "required")
            }
        }
        let dictionary: UnboxableDictionary = ["optional": ["A", "A", "B"], "required": ["A"]]
        let model: Model = try unbox(dictionary: dictionary)
        let fromData: Model = try unbox(data: JSONSerialization.data(withJSONObject: dictionary))
        for model in [model, fromData] {
            #expect(model.optional == ["A", "B"] && model.required == ["A"])
        }
    }
}
