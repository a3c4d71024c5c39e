import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Unboxable diagnostics")
struct UnboxableDiagnosticTests {
    @Test func refusesAnEnum() {
        expectExpansion(
            """
            @Unboxable
            enum Kind {
                case a
            }
            """,
            expandsTo: """
                enum Kind {
                    case a
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Unboxable applies to a struct or a final class; write init(unboxer:) by hand for "
                        + "other types (an enum conforms through UnboxableEnum)", line: 1, column: 1)
            ])
    }

    @Test func asksForAFinalClass() {
        expectExpansion(
            """
            @Unboxable
            class Node {
                let value: Int
            }
            """,
            expandsTo: """
                class Node {
                    let value: Int
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Unboxable on a class needs a final class (a subclass would not be decoded); add 'final'",
                    line: 2, column: 1, fixIts: [FixItSpec(message: "add 'final'")])
            ])
    }

    @Test func refusesALetWithAValue() {
        expectExpansion(
            """
            @Unboxable
            struct User {
                let name: String = "x"
            }
            """,
            expandsTo: """
                struct User {
                    let name: String = "x"
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'let name' has an initial value, so the decoder cannot set it; make it 'var' (the "
                        + "initial value is then used when the key is absent) or mark it @UnboxIgnored",
                    line: 3, column: 9, fixIts: [FixItSpec(message: "make it 'var'")])
            ])
    }

    @Test func asksIgnoredPropertiesForAValue() {
        expectExpansion(
            """
            @Unboxable
            struct User {
                @UnboxIgnored let cache: [Int]
            }
            """,
            expandsTo: """
                struct User {
                    let cache: [Int]
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@UnboxIgnored property 'cache' needs an initial value, which it keeps: add '= ...'",
                    line: 3, column: 23)
            ])
    }

    @Test func checksTheUnknownKeysType() {
        expectExpansion(
            """
            @Unboxable
            struct User {
                @UnboxUnknownKeys var extras: [String: Int] = [:]
            }
            """,
            expandsTo: """
                struct User {
                    var extras: [String: Int] = [:]
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@UnboxUnknownKeys property 'extras' must be a '[String: JSONValue]'", line: 3, column: 27)
            ])
    }

    @Test func refusesTwoPropertiesOnOneKey() {
        expectExpansion(
            """
            @Unboxable
            struct User {
                let name: String
                @UnboxKey("name") let title: String
            }
            """,
            expandsTo: """
                struct User {
                    let name: String
                    let title: String
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'title' and 'name' both read \"name\": give one of them another key with @UnboxKey",
                    line: 4, column: 27)
            ])
    }

    @Test func refusesAPathIntoAValueReadWhole() {
        expectExpansion(
            """
            @Unboxable
            struct Tweet {
                let user: String
                @UnboxKey("user.id") let userID: Int
            }
            """,
            expandsTo: """
                struct Tweet {
                    let user: String
                    let userID: Int
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'userID' reads into the value of \"user\", which 'user' reads whole: one pass cannot do "
                        + "both", line: 4, column: 30)
            ])
    }

    @Test func refusesLossyScalars() {
        expectExpansion(
            """
            @Unboxable
            struct User {
                @UnboxLossy let age: Int
            }
            """,
            expandsTo: """
                struct User {
                    let age: Int
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@UnboxLossy applies to an array, a set or a dictionary; 'age' is none", line: 3,
                    column: 21)
            ])
    }

    @Test func asksForATypeAnnotation() {
        expectExpansion(
            """
            @Unboxable
            struct User {
                var age = 3
            }
            """,
            expandsTo: """
                struct User {
                    var age = 3
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'age' needs a type annotation for @Unboxable to decode it (or mark it @UnboxIgnored)",
                    line: 3, column: 9)
            ])
    }
}
