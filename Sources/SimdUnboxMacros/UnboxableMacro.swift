import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Unboxable`: `Unboxable` conformance from a struct's or final class's stored properties, with
/// a decoder that walks each object once (see `FieldPlan`).
public struct UnboxableMacro: MemberMacro, ExtensionMacro {
    /// A final class gets its initializers as members (a designated initializer cannot live in an
    /// extension); a struct gets them in the extension, which keeps its memberwise initializer.
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(ClassDeclSyntax.self) else { return [] }
        guard let model = DeclaredModel.analyze(attribute: node, declaration: declaration, context: context),
            let plan = FieldPlan(model: model, context: context)
        else { return [] }
        var members = [plan.fieldsInitializer(), plan.unboxerInitializer()]
        if model.decodable && !model.hasOwnDecoder { members.append(CodablePlan(plan: plan).initializer()) }
        return members.map { DeclSyntax(stringLiteral: $0) }
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // The member expansion of a class diagnoses; the extension's stays quiet for it.
        let quiet = declaration.is(ClassDeclSyntax.self)
        let analysis: DeclaredModel?
        if quiet {
            analysis = DeclaredModel.analyze(attribute: node, declaration: declaration, context: SilentContext(context))
        } else {
            analysis = DeclaredModel.analyze(attribute: node, declaration: declaration, context: context)
        }
        guard let model = analysis else { return [] }
        let plan: FieldPlan?
        if quiet {
            plan = FieldPlan(model: model, context: SilentContext(context))
        } else {
            plan = FieldPlan(model: model, context: context)
        }
        guard let plan else { return [] }
        var members: [String] = []
        if !model.isClass {
            members.append(plan.fieldsInitializer())
            members.append(plan.unboxerInitializer())
        }
        members.append(plan.unboxFunction())
        members += CodablePlan(plan: plan).members()
        members.append(plan.planNamespace())
        let conformance = protocols.isEmpty ? "" : ": SimdUnbox.Unboxable"
        let body = members.joined(separator: "\n\n")
        let source = "extension \(type.trimmedDescription)\(conformance) {\n\(body)\n}"
        return [try ExtensionDeclSyntax("\(raw: source)")]
    }
}

/// A context that drops diagnostics, for the second of two expansions that analyse the same
/// declaration (each problem is reported once).
final class SilentContext<Base: MacroExpansionContext>: MacroExpansionContext {
    let base: Base
    init(_ base: Base) { self.base = base }
    func makeUniqueName(_ name: String) -> TokenSyntax { base.makeUniqueName(name) }
    func diagnose(_ diagnostic: Diagnostic) {}
    func location(
        of node: some SyntaxProtocol, at position: PositionInSyntaxNode, filePathMode: SourceLocationFilePathMode
    ) -> AbstractSourceLocation? {
        base.location(of: node, at: position, filePathMode: filePathMode)
    }
    var lexicalContext: [Syntax] { base.lexicalContext }
}

/// `@UnboxKey`, `@UnboxDate`, `@UnboxFormatter`, `@UnboxLossy`, `@UnboxIgnored` and
/// `@UnboxUnknownKeys`: markers that `@Unboxable` reads. They expand to nothing.
public struct UnboxAttributeMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}
