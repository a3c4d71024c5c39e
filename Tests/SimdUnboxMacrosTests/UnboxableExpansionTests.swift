import SimdUnboxMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros under test, by the names the test sources use.
let testMacros: [String: MacroSpec] = [
    "Unboxable": MacroSpec(type: UnboxableMacro.self, conformances: ["Unboxable"]),
    "UnboxKey": MacroSpec(type: UnboxAttributeMacro.self),
    "UnboxIgnored": MacroSpec(type: UnboxAttributeMacro.self),
    "UnboxUnknownKeys": MacroSpec(type: UnboxAttributeMacro.self),
    "UnboxLossy": MacroSpec(type: UnboxAttributeMacro.self),
    "UnboxDate": MacroSpec(type: UnboxAttributeMacro.self),
]

/// `assertMacroExpansion` reporting through Swift Testing.
func expectExpansion(
    _ source: String, expandsTo expected: String, diagnostics: [DiagnosticSpec] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: testMacros,
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        })
}
