import SimdUnboxMacros
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import Testing

let testMacros: [String: Macro.Type] = [
    "Unboxable": UnboxableMacro.self, "UnboxKey": UnboxAttributeMacro.self, "UnboxIgnored": UnboxAttributeMacro.self,
]
