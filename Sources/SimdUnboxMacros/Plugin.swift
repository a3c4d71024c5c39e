import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that carries SimdUnbox's macros.
@main
struct SimdUnboxMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [UnboxableMacro.self, UnboxAttributeMacro.self]
}
