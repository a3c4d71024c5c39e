import Foundation
import SimdUnbox
import Testing

/// Decodes many small documents with both `JSONDecoder` and `SimdJSONDecoder` and expects the
/// same value, or the same `DecodingError` case and coding path.
@Suite("SimdJSONDecoder matches JSONDecoder")
struct CodableDifferentialTests {
    typealias F = CodableFixtures

    static let scalars: [DifferentialCase] = [
        .init(Int.self, "1"), .init(Int.self, "-0"), .init(Int.self, "1.0"), .init(Int.self, "1e2"),
        .init(Int.self, "1E2"), .init(Int.self, "100e-2"), .init(Int.self, "1.5"), .init(Int.self, "1e-2"),
        .init(Int.self, "9223372036854775807"), .init(Int.self, "9223372036854775808"),
        .init(Int.self, "-9223372036854775808"), .init(Int.self, "9223372036854775807.0"),
        .init(Int.self, "9007199254740993.0"), .init(Int.self, "1.0000000000000000001"), .init(Int.self, "1e18"),
        .init(Int.self, "1e19"), .init(Int.self, "12345678901234567890123e-5"),
        .init(Int.self, "100000000000000000000e-10"), .init(Int.self, "\"1\""), .init(Int.self, "null"),
        .init(Int.self, "true"), .init(Int.self, "[]"), .init(Int.self, "{}"), .init(Int8.self, "127"),
        .init(Int8.self, "128"), .init(Int8.self, "-128"), .init(Int8.self, "1e2"), .init(UInt.self, "-1"),
        .init(UInt.self, "-0"), .init(UInt64.self, "18446744073709551615"),
        .init(UInt64.self, "18446744073709551616"), .init(UInt64.self, "18446744073709551615.0"),
        .init(UInt8.self, "255"), .init(UInt8.self, "256"), .init(Int16.self, "-32769"),
        .init(UInt32.self, "4294967295"),
        .init(Int128.self, "170141183460469231731687303715884105727"),
        .init(Int128.self, "-170141183460469231731687303715884105728"),
        .init(Int128.self, "170141183460469231731687303715884105728"), .init(Int128.self, "1e3"),
        .init(Int128.self, "1e40"), .init(UInt128.self, "340282366920938463463374607431768211455"),
        .init(UInt128.self, "-1"), .init(Double.self, "1.5"), .init(Double.self, "-0.0"), .init(Double.self, "0"),
        .init(Double.self, "1e400"), .init(Double.self, "-1e400"), .init(Double.self, "1e-400"),
        .init(Double.self, "5e-324"), .init(Double.self, "2e-324"), .init(Double.self, "3e-324"),
        .init(Double.self, "1e-320"), .init(Double.self, "1.7976931348623157e308"),
        .init(Double.self, "1.7976931348623159e308"), .init(Double.self, "0e999"), .init(Double.self, "-0e-999"),
        .init(Double.self, "123456789012345678901234567890"), .init(Double.self, "0.1"), .init(Double.self, "\"1.5\""),
        .init(Double.self, "null"), .init(Float.self, "0.1"), .init(Float.self, "1e-40"), .init(Float.self, "1e-45"),
        .init(Float.self, "1e-46"), .init(Float.self, "3.4028235e38"), .init(Float.self, "3.4028236e38"),
        .init(Float.self, "3.4028235677973366e38"), .init(Float.self, "1e39"), .init(Float.self, "-1e-50"),
        .init(Float.self, "0.0e-999"), .init(Float.self, "16777217"), .init(Float.self, "1.00000005960464477539"),
        .init(Bool.self, "true"), .init(Bool.self, "false"), .init(Bool.self, "1"), .init(Bool.self, "null"),
        .init(String.self, "\"héllo\""), .init(String.self, #""\u00e9\n\"""#), .init(String.self, "1"),
        .init(String.self, "null"), .init(String.self, #""\ud83d\ude00""#),
        .init(Decimal.self, "3.14159265358979323846264338327950288419"),
        .init(Decimal.self, "1e-5"), .init(Decimal.self, "-0"), .init(Decimal.self, "123.456e-2"),
        .init(Decimal.self, "\"1\""), .init(Decimal.self, "null"), .init(Decimal.self, "1e200"),
        .init(URL.self, "\"https://example.com/a?b=c\""), .init(URL.self, "\"https://a.b/c d\""),
        .init(URL.self, "\"\""),
        .init(URL.self, "1"), .init(URL.self, "null"), .init(Int?.self, "null"), .init(Int?.self, "3"),
        .init(Int??.self, "null"),
    ]

    static let containers: [DifferentialCase] = [
        .init(F.Pair.self, #"{"a":1,"b":"x"}"#), .init(F.Pair.self, #"{"b":"x","a":1}"#),
        .init(F.Pair.self, #"{"a":1}"#), .init(F.Pair.self, #"{"a":null,"b":"x"}"#),
        .init(F.Pair.self, #"{"a":"1","b":"x"}"#), .init(F.Pair.self, #"{"a":1,"b":2}"#), .init(F.Pair.self, "[]"),
        .init(F.Pair.self, "null"), .init(F.Pair.self, #"{"a":1,"b":"x","a":2}"#),
        .init(F.Pair.self, #"{"a":1,"b":"x","extra":{"deep":[1,2,{"x":null}]}}"#),
        .init(F.Pair.self, #"{"a":1.5,"b":"x"}"#), .init(F.Pair.self, #"{"a":300000000000000000000,"b":"x"}"#),
        .init(F.NamedKeys.self, F.namedKeys(pair: #"{"a":1,"b":"x"}"#)),
        .init(F.NamedKeys.self, F.namedKeys(pair: #"{"a":"1","b":"x"}"#)),
        .init(F.NamedKeys.self, F.namedKeys(pair: #"{"b":"x"}"#)),
        .init(F.NamedKeys.self, F.namedKeys(list: "[1,null]")),
        .init(F.NamedKeys.self, F.namedKeys(count: "true")),
        .init(F.NamedKeys.self, F.namedKeys(inner: #"{"inner":"1"}"#)),
        .init(F.NamedKeys.self, F.namedKeys(inner: "[]")),
        .init(F.NamedKeys.self, F.namedKeys(siblings: #"{"s":{"a":1}}"#)),
        .init(F.NamedKeys.self, F.namedKeys(siblings: #"{"s":{"a":1,"b":"x"},"t":{"a":true,"b":"y"}}"#)),
        .init(F.Wrapper.self, #"{"items":[{"a":1,"b":"x"},{"a":2,"b":"y"}]}"#),
        .init(F.Wrapper.self, #"{"items":[{"a":1,"b":"x"},{"a":"2","b":"y"}]}"#),
        .init(F.Wrapper.self, #"{"items":[{"a":1,"b":"x"},{"b":"y"}]}"#),
        .init(F.Wrapper.self, #"{"items":[{"a":1,"b":"x"},null]}"#), .init(F.Wrapper.self, #"{"items":{}}"#),
        .init(F.Wrapper.self, #"{"items":null}"#), .init(F.Optionals.self, "{}"),
        .init(F.Optionals.self, #"{"a":null,"b":null,"c":null,"d":null}"#),
        .init(F.Optionals.self, #"{"a":1,"b":"x","c":[1,2],"d":{"a":1,"b":"y"}}"#),
        .init(F.Optionals.self, #"{"a":"x"}"#), .init(F.Optionals.self, #"{"c":[1,null]}"#),
        .init(F.Optionals.self, #"{"d":{"a":1}}"#), .init(F.NestedOptional.self, #"{"a":null}"#),
        .init(F.NestedOptional.self, "{}"), .init(F.NestedOptional.self, #"{"a":3}"#),
        .init(
            F.Numbers.self,
            #"{"i8":-1,"i16":300,"i32":70000,"i64":-5,"u":7,"u8":255,"u16":65535,"u32":1,"u64":2,"f":0.5,"d":2.5,"i":1e3}"#
        ),
        .init(F.Numbers.self, #"{"u8":256}"#), .init(F.Numbers.self, #"{"f":1e39}"#),
        // Out of range for signed and unsigned types narrower than 64 bits, and negative for an
        // unsigned one (the keyed container reads them as 64-bit integers of the type's sign).
        .init(F.Numbers.self, #"{"i8":-200}"#), .init(F.Numbers.self, #"{"i32":-2147483649}"#),
        .init(F.Numbers.self, #"{"u16":70000}"#), .init(F.Numbers.self, #"{"u16":-1}"#),
        .init(F.Numbers.self, #"{"d":1e-400}"#),
        .init(F.Numbers.self, #"{"d":0}"#), .init(F.Numbers.self, #"{"d":0.0,"f":0}"#),
        // A zero is checked against its text: the first copy's, not a later copy of its key.
        .init(F.Numbers.self, #"{"d":0,"d":5}"#), .init(F.Numbers.self, #"{"d":-0.0,"i":1,"d":1e-400}"#),
        .init(F.Flags.self, #"{"on":true,"name":"n","ratio":-0.0,"count":1,"ratio":2}"#),
        .init(F.Flags.self, #"{"on":true,"name":"n","ratio":0,"count":1,"ratio":"x"}"#),
        .init(F.Numbers.self, #"{"i":1.5}"#),
        .init(F.Numbers.self, #"{"u":-3}"#), .init(F.Numbers.self, #"{"i64":true}"#),
        .init(
            F.Big.self, #"{"i":-170141183460469231731687303715884105728,"u":340282366920938463463374607431768211455}"#),
        .init(F.Big.self, #"{"u":-1}"#), .init(F.Flags.self, #"{"on":true,"name":"n","ratio":0.25,"count":3}"#),
        .init(F.Flags.self, #"{"on":1,"name":"n","ratio":0.25,"count":3}"#),
        .init(F.Flags.self, #"{"on":true,"name":"n","ratio":"x","count":3}"#),
        .init(F.Manual.self, #"{"x":0,"inner":{"x":5},"list":[1,2,3],"nothing":null}"#),
        .init(F.Manual.self, #"{"inner":{"x":5},"list":[1,2,3],"nothing":1,"missing":0}"#),
        .init(F.Manual.self, #"{"inner":{"y":5},"list":[],"nothing":null}"#),
        .init(F.Manual.self, #"{"inner":[],"list":[],"nothing":null}"#),
        .init(F.Manual.self, #"{"inner":null,"list":[],"nothing":null}"#),
        .init(F.Manual.self, #"{"inner":{"x":5},"list":null,"nothing":null}"#),
        .init(F.Manual.self, #"{"inner":{"x":5},"list":[1]}"#), .init(F.Manual.self, #"{"list":[1]}"#),
        .init(F.Elements.self, "[1,null,2]"), .init(F.Elements.self, "[]"), .init(F.Elements.self, #"[1,"x"]"#),
        .init(F.Two.self, "[1,2]"), .init(F.Two.self, "[1,2,3]"), .init(F.Two.self, "[1]"), .init(F.Two.self, "{}"),
        .init(F.Two.self, "[1,null]"), .init(F.Mixed.self, #"[[1],{"y":2}]"#), .init(F.Mixed.self, #"[[],{"y":2}]"#),
        .init(F.Mixed.self, "[[1]]"), .init(F.Mixed.self, #"[[1],{"z":2}]"#), .init(F.Mixed.self, "[[1],null]"),
        .init(F.Mixed.self, "[{},{}]"),
        .init(F.Derived.self, #"{"id":1,"name":"n","parent":{"a":1,"b":"p"},"super":{"id":9}}"#),
        .init(F.Derived.self, #"{"name":"n","parent":{"a":1,"b":"p"},"super":{"id":9}}"#),
        .init(F.Derived.self, #"{"name":"n","super":{"id":9}}"#),
        .init(F.Derived.self, #"{"name":"n","parent":{"a":1,"b":"p"}}"#),
        .init(F.Shape.self, #"{"circle":{"radius":2}}"#), .init(F.Shape.self, #"{"square":{"_0":3}}"#),
        .init(F.Shape.self, #"{"empty":{}}"#), .init(F.Shape.self, #"{"triangle":{}}"#),
        .init(F.Shape.self, #"{"circle":{"radius":2},"empty":{}}"#), .init(F.Shape.self, #"{"circle":{}}"#),
        .init(F.Kinds.self, #"{"kinds":["a","b"]}"#), .init(F.Kinds.self, #"{"kinds":["a","c"]}"#),
        .init(F.Kinds.self, #"{"kinds":["a",1]}"#), .init([F.Flexible].self, #"[1,"x",{"a":1,"b":"y"},[1,2]]"#),
        .init([F.Flexible].self, #"[{"a":1}]"#),
        .init(F.Lossy<F.Pair>.self, #"[{"a":1,"b":"x"},{"a":"bad"},{"a":2,"b":"y"}]"#),
        .init(F.Lossy<Int>.self, #"[1,"x",2,null,3]"#), .init(F.Counted.self, "[1,2,3]"), .init(F.Counted.self, "[]"),
        .init(F.Reversed.self, #"{"a":1,"b":2,"c":3}"#), .init(F.Reversed.self, #"{"a":1,"b":2}"#),
        .init(F.IntKeyed.self, #"{"map":{"1":"x","2":"y"}}"#), .init(F.IntKeyed.self, #"{"map":{"x":"y"}}"#),
        .init([String: Int].self, #"{"b":1,"a":2}"#), .init([String: Int].self, #"{"b":1,"a":2,"b":3}"#),
        .init([String: Int].self, #"{"b":1,"a":2,"c":"x"}"#), .init([String: [Int]].self, #"{"a":[1],"b":[]}"#),
        // Dictionaries are read in one pass: errors, escaped keys, nesting and duplicates there.
        .init([String: Int].self, "[]"), .init([String: Int].self, #""x""#), .init([String: Int].self, "{}"),
        .init([String: Int].self, #"{"a"b":1,"é":2}"#),
        .init([String: [String: Int]].self, #"{"a":{"b":1,"b":2},"c":{}}"#),
        .init([String: [String: Int]].self, #"{"a":{"b":1},"c":{"d":"x"}}"#),
        .init([String: Int?].self, #"{"a":null,"b":1,"a":2}"#), .init([String: Int].self, #"{"a":1,"b":2"#),
        // Past the first block of gathered entries: duplicates there, and an error after it.
        .init([String: F.Pair].self, manyEntries(40, duplicateOf: 3)),
        .init([String: F.Pair].self, manyEntries(40, badAt: 37)), .init([String: String].self, manyStrings(70)),
        // Dictionaries in dictionaries, each past the first block: the outer one gathers in room the
        // parser lends, the inner ones in room of their own; an error deep in an inner one.
        .init([String: [String: String]].self, nestedEntries(outer: 40, inner: 20)),
        .init([String: [String: String]].self, nestedEntries(outer: 40, inner: 20, badAt: (33, 18))),
        .init([String: [String: String]].self, nestedEntries(outer: 3, inner: 20, badAt: (2, 19))),
        // Values of each size and alignment, past the first block: entries are laid out as
        // `(String, Value)` tuples, the value at the next multiple of its alignment.
        .init([String: Bool].self, entries(20, "true")), .init([String: UInt8].self, entries(20, "7")),
        .init([String: Int16].self, entries(20, "-300")), .init([String: Int8?].self, entries(20, "null")),
        .init([String: F.Nothing].self, entries(20, "{}")), .init([String: F.Nothing].self, entries(20, "[]")),
        .init([String: SIMD4<Float>].self, entries(20, "[1,2,3,4]")),
        .init([String: SIMD8<Double>].self, entries(20, "[1,2,3,4,5,6,7,8]")),
        .init([String: SIMD8<Double>].self, entries(20, "[1,2,3,4,5,6,7,8]", bad: "[1]")),
        .init([String: [String: SIMD4<Float>]].self, "{\"a\":" + entries(20, "[1,2,3,4]") + "}"),
        .init([Int].self, "[1,2,3]"), .init([Int].self, "[1,null]"), .init([Int].self, #"[1,"2"]"#),
        .init([Int].self, "[1,2.5]"), .init([Int?].self, "[1,null]"), .init([Double].self, "[1,2.5,-0.0,1e-400]"),
        .init([Double].self, "[1,null]"), .init([Double].self, #"[1,"x"]"#), .init([Double].self, "null"),
        .init([Double].self, "{}"), .init([[Double]].self, "[[1,2],[3,4.5]]"),
        .init([[Double]].self, "[[1,2],[3,null]]"),
        .init([String].self, #"["a","b"]"#), .init([String].self, #"["a",1]"#), .init([Bool].self, "[true,false]"),
        .init([Bool].self, "[true,0]"), .init([Float].self, "[0.5,1e39]"), .init([Int64].self, "[1,-2]"),
        .init([[Int]].self, "[[1],[2,3],[]]"), .init([F.Pair].self, "[]"),
        // Arrays read in bulk, past the first block of scratch space, with an element at the end that
        // needs the element-by-element rules.
        .init([Double].self, "[" + (1...200).map { "\($0).5," }.joined() + "0]"),
        .init([Double].self, "[" + (1...200).map { "\($0).5," }.joined() + "1e-400]"),
        .init([Double].self, "[" + (1...200).map { "\($0)," }.joined() + "1e400]"),
        .init([Int].self, "[" + (1...200).map { "\($0)," }.joined() + "1.0]"),
        .init([Int].self, "[" + (1...200).map { "\($0)," }.joined() + "1e2,2.5]"),
        .init([Int64].self, "[" + (1...200).map { "\($0)," }.joined() + "9223372036854775808]"),
        .init([Int].self, "[1,2,tru]"), .init([Double].self, "[1.5,2,nul]"),
    ]

    static let strategies: [DifferentialCase] = [
        .init(F.SnakeModel.self, #"{"foo_bar":1}"#, .snakeCase),
        .init(F.SnakeModel.self, #"{"_foo_bar_":1}"#, .snakeCase),
        .init(F.SnakeModel.self, #"{"foo__bar":1}"#, .snakeCase),
        .init(F.SnakeModel.self, #"{"FOO_BAR":1}"#, .snakeCase),
        .init(F.SnakeModel.self, #"{"foo_bar":1,"a_u_r_l":2}"#, .snakeCase),
        .init(F.SnakeModel.self, #"{"foo_bar":1,"a_url":2}"#, .snakeCase),
        .init(F.SnakeModel.self, #"{"foo_bar":1,"fooBar":2}"#, .snakeCase),
        // Found by fuzzing: a string-keyed dictionary under a key strategy meeting null.
        .init([String: Int].self, "null", .snakeCase), .init([String: [Int?]].self, #"{"a_b":null}"#, .snakeCase),
        .init([String: Int].self, "[]", .snakeCase), .init([String: Int].self, "null"),
        .init(F.SnakeModel.self, #"{"fooBar":2}"#, .snakeCase), .init(F.SnakeModel.self, #"{}"#, .snakeCase),
        .init(F.SnakeModel.self, #"{"foo_bar":1,"dict":{"some_key":1,"other":2}}"#, .snakeCase),
        .init([String: Int].self, #"{"foo_bar":1}"#, .snakeCase),
        .init(Date.self, "12.5"), .init(Date.self, "\"x\""), .init(Date.self, "null"),
        .init(Date.self, "1.5", CodableOptions(dates: .secondsSince1970)),
        .init(Date.self, "\"12\"", CodableOptions(dates: .secondsSince1970)),
        .init(Date.self, "1e400", CodableOptions(dates: .secondsSince1970)),
        .init(Date.self, "1500", CodableOptions(dates: .millisecondsSince1970)),
        .init(Date.self, "\"2020-01-01T00:00:00Z\"", CodableOptions(dates: .iso8601)),
        .init(Date.self, "\"2020-01-01T00:00:00.123Z\"", CodableOptions(dates: .iso8601)),
        .init(Date.self, "\"2020-01-01T00:00:00.123+01:00\"", CodableOptions(dates: .iso8601)),
        .init(Date.self, "\"2020-01-01 00:00:00Z\"", CodableOptions(dates: .iso8601)),
        .init(Date.self, "12", CodableOptions(dates: .iso8601)),
        .init(F.Specials.self, #"{"date":"2020-01-01"}"#, CodableOptions(dates: .iso8601)),
        .init(F.Specials.self, #"{"date":null}"#, CodableOptions(dates: .iso8601)),
        .init(
            F.Specials.self, #"{"date":"2020-01-01T10:00:00Z","url":"https://a.b","decimal":1.25,"data":"AQI="}"#,
            CodableOptions(dates: .iso8601)),
        .init(F.Specials.self, #"{"url":""}"#), .init(F.Specials.self, #"{"url":3}"#),
        .init(F.Specials.self, #"{"decimal":"1"}"#), .init(F.Specials.self, #"{"data":"AQI"}"#),
        .init(F.Specials.self, #"{"data":1}"#),
        .init(Date.self, "\"01/02/2020\"", CodableOptions(dates: .formatted(CodableDifferentialTests.formatter))),
        .init(Date.self, "\"2020-01-02\"", CodableOptions(dates: .formatted(CodableDifferentialTests.formatter))),
        .init(
            Date.self, "7",
            CodableOptions(
                dates: .custom { decoder in
                    Date(timeIntervalSince1970: try decoder.singleValueContainer().decode(Double.self) * 86_400)
                })),
        .init(Data.self, "\"AQI=\""), .init(Data.self, "\"A Q I=\""), .init(Data.self, "null"),
        .init(Data.self, "[1,2]", CodableOptions(data: .deferredToData)),
        .init(Data.self, "[1,256]", CodableOptions(data: .deferredToData)),
        .init(
            Data.self, "\"abc\"",
            CodableOptions(
                data: .custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) })),
        .init(Double.self, "\"inf\"", .nonConforming), .init(Double.self, "\"-inf\"", .nonConforming),
        .init(Float.self, "\"-inf\"", .nonConforming), .init(Double.self, "\"+inf\"", .nonConforming),
        .init(Int.self, "\"inf\"", .nonConforming), .init(Double.self, "\"inf\""),
        .init([Double].self, #"[1,"inf"]"#, .nonConforming),
    ]

    /// Keys written with escape sequences match as Foundation matches them, through every kind of
    /// lookup: fused scalar reads (required and optional), nested values, containers, `contains`,
    /// `decodeNil`, and key strategies. A key missing as written gets a second, unescaping look.
    static let escapedKeys: [DifferentialCase] = [
        .init(F.Flags.self, #"{"\u006fn":true,"na\u006de":"n","r\u0061tio":0.25,"coun\u0074":3}"#),
        .init(F.Flags.self, #"{"on":true,"name":"n","ratio":0,"\u0063ount":3}"#),
        .init(F.Flags.self, #"{"on":true,"name":"n","r\u0061tio":"x","count":3}"#),
        .init(F.Flags.self, #"{"on":true,"name":"n","ratio":0.5}"#),
        // Escapes in values first (an escaped quote, a trailing backslash), then the escaped key.
        .init(F.Flags.self, #"{"on":true,"name":"a\\\"b\\\\","ratio":0.5,"\u0063ount"  :3}"#),
        .init(F.Flags.self, #"{"on":true,"name":"\\","ratio":0.5,"count":3,"\u0063ount":4}"#),
        .init(
            F.Numbers.self,
            #"{"i\u0038":-1,"\u006916":300,"u\u0038":255,"\u0075":7,"\u0066":0.5,"\u0064":0,"\u0069":1e3}"#),
        .init(F.Numbers.self, #"{"\u0075\u0038":256}"#), .init(F.Numbers.self, #"{"\u0069\u0036\u0034":null,"d":1}"#),
        .init(F.Big.self, #"{"\u0069":-170141183460469231731687303715884105728,"u":1}"#),
        .init(F.Optionals.self, #"{"\u0061":1,"\u0062":"x","\u0063":[1,2],"\u0064":{"\u0061":1,"b":"y"}}"#),
        .init(F.Optionals.self, #"{"\u0061":null,"\u0062":null,"\u0063":null,"\u0064":null}"#),
        .init(F.Optionals.self, #"{"a":1,"\u0062":2}"#), .init(F.NestedOptional.self, #"{"\u0061":null}"#),
        .init(F.Wrapper.self, #"{"it\u0065ms":[{"a":1,"b":"x"},{"\u0061":2,"b":"y"}]}"#),
        .init(
            F.Manual.self, #"{"x":0,"\u0069nner":{"\u0078":5},"l\u0069st":[1],"nothin\u0067":null,"missin\u0067":0}"#),
        .init(F.Manual.self, #"{"inner":{"x":5},"list":[],"\u006eothing":1}"#),
        .init(F.Derived.self, #"{"id":1,"n\u0061me":"n","p\u0061rent":{"a":1,"b":"p"},"\u0073uper":{"id":9}}"#),
        .init(F.Specials.self, #"{"\u0075rl":"https://a.b","decim\u0061l":1.25,"d\u0061ta":"AQI="}"#),
        .init(F.Pair.self, #"{"\u0061":1,"b":"x","c\"d":2}"#), .init(F.Pair.self, #"{"a\u0000":1,"b":"x"}"#),
        .init(F.SnakeModel.self, #"{"foo\u005fbar":1,"a_\u0075rl":2}"#, .snakeCase),
        .init(F.SnakeModel.self, #"{"f\u006fo_bar":1,"dict":{"k\u0065y":1}}"#, .snakeCase),
    ]

    static let malformed: [DifferentialCase] = [
        .init(Int.self, ""), .init(Int.self, "1 2"), .init(Int.self, "[1,"), .init(Int.self, "tru"),
        .init([Int].self, "[1,tru]"), .init(F.Pair.self, #"{"a":1,"b":"x"} x"#), .init(Int.self, "01"),
        .init(Double.self, ".5"), .init(Double.self, "1."), .init(Int.self, "NaN"), .init(String.self, #""\ud800""#),
        .init(F.Pair.self, #"{"a":1,"b":"\u00"}"#), .init(F.Pair.self, "{\"a\":1,\"b\":\"\u{1}\"}"),
        .init(Int.self, "\u{FEFF}1"), .init(Int.self, "  1  "), .init(F.Pair.self, #"{"a":tru,"b":"x"}"#),
        .init(F.Pair.self, #"{"a":nul,"b":"x"}"#),
    ]

    static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MM/dd/yyyy"
        return formatter
    }()

    @Test(arguments: scalars)
    func scalar(_ testCase: DifferentialCase) {
        let (foundation, simd) = testCase.run()
        #expect(simd == foundation)
    }

    @Test(arguments: containers)
    func container(_ testCase: DifferentialCase) {
        let (foundation, simd) = testCase.run()
        #expect(simd == foundation)
    }

    @Test(arguments: strategies)
    func strategy(_ testCase: DifferentialCase) {
        let (foundation, simd) = testCase.run()
        #expect(simd == foundation)
    }

    @Test(arguments: escapedKeys)
    func escapedKey(_ testCase: DifferentialCase) {
        let (foundation, simd) = testCase.run()
        #expect(simd == foundation)
    }

    @Test(arguments: malformed)
    func malformedJSON(_ testCase: DifferentialCase) {
        let (foundation, simd) = testCase.run()
        #expect(simd == foundation)
    }
}

/// An object of `count` `Pair` entries keyed "k0", "k1", ...; `duplicateOf` repeats that key as the
/// last entry (with other values), `badAt` gives that entry a string where `a` is an integer.
private func manyEntries(_ count: Int, duplicateOf duplicate: Int? = nil, badAt bad: Int? = nil) -> String {
    var entries = (0..<count).map { index in
        index == bad ? #""k\#(index)":{"a":"x","b":"v\#(index)"}"# : #""k\#(index)":{"a":\#(index),"b":"v\#(index)"}"#
    }
    if let duplicate { entries.append(#""k\#(duplicate)":{"a":-1,"b":"again"}"#) }
    return "{" + entries.joined(separator: ",") + "}"
}

/// An object of `count` entries keyed "k0", "k1", ..., each `value` (the last one `bad` if given).
private func entries(_ count: Int, _ value: String, bad: String? = nil) -> String {
    "{" + (0..<count).map { #""k\#($0)":\#($0 == count - 1 ? bad ?? value : value)"# }.joined(separator: ",") + "}"
}

/// An object of `count` string entries with long, non-ASCII values.
private func manyStrings(_ count: Int) -> String {
    "{" + (0..<count).map { #""key \#($0)":"välue \#(String(repeating: "ü", count: $0))""# }.joined(separator: ",")
        + "}"
}

/// An object of `outer` objects of `inner` strings each; the entry at `badAt` (outer, inner) is a
/// number instead.
private func nestedEntries(outer: Int, inner: Int, badAt bad: (Int, Int)? = nil) -> String {
    "{"
        + (0..<outer).map { o in
            #""o\#(o)":{"#
                + (0..<inner).map { i in
                    bad.map { $0 == (o, i) } == true ? #""i\#(i)":\#(i)"# : #""i\#(i)":"v\#(o).\#(i)""#
                }.joined(separator: ",") + "}"
        }.joined(separator: ",") + "}"
}
