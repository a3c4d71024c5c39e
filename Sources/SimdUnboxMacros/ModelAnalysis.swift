import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// One step of a key: an object's key or an array's index.
enum KeyStep: Hashable {
    case key(String)
    case index(Int)

    /// The path component the runtime's errors name it with.
    var pathComponent: String {
        switch self {
        case .key(let key): ".key(\(stringLiteral(key)))"
        case .index(let index): ".index(\(index))"
        }
    }
}

/// How a property's value is read.
enum ValueShape {
    case plain
    case array(element: TypeSyntax)
    case set(element: TypeSyntax)
    case dictionary
}

/// A stored property of a declared model, as the macro reads it.
struct DeclaredProperty {
    var name: String
    var type: TypeSyntax
    /// The type without its optional, for an optional property.
    var baseType: TypeSyntax
    var isOptional: Bool
    var hasInitialValue: Bool
    var isLet: Bool
    /// The accepted spellings, each a key path (one step for a plain key).
    var spellings: [[KeyStep]]
    var date: ExprSyntax?
    var formatter: ExprSyntax?
    var lossy = false
    var ignored = false
    var unknownKeys = false
    var shape: ValueShape
    var node: Syntax

    /// The name of the local the generated decoder reads the property into.
    var local: String { "__unbox_\(name)" }
}

/// Everything the expansions need to know about a declared model.
struct DeclaredModel {
    var isClass: Bool
    var isGeneric: Bool
    var access: String
    var keyStyle: String
    var rejectsDuplicates: Bool
    var properties: [DeclaredProperty]
    var decodable: Bool
    var encodable: Bool
    /// Whether the type writes its own `init(from:)` or `encode(to:)`, which the macro then leaves.
    var hasOwnDecoder = false
    var hasOwnEncoder = false

    /// The properties decoding sets (not ignored, not the unknown keys' one).
    var decodedProperties: [DeclaredProperty] { properties.filter { !$0.ignored && !$0.unknownKeys } }
    var unknownKeysProperty: DeclaredProperty? { properties.first { $0.unknownKeys } }
}

/// A diagnostic of the macros.
struct DeclaredDiagnostic: DiagnosticMessage {
    let message: String
    let id: String
    var severity: DiagnosticSeverity { .error }
    var diagnosticID: MessageID { MessageID(domain: "SimdUnboxMacros", id: id) }
}

/// A fix-it of the macros.
struct DeclaredFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "SimdUnboxMacros", id: message) }
}

/// The Swift string literal for `text`.
func stringLiteral(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// Splits a key path into steps as `unbox(keyPath:)` does: dots between steps, an all-digit step
/// an array index.
func keySteps(_ path: String) -> [KeyStep] {
    path.split(separator: ".", omittingEmptySubsequences: false).map { part in
        if !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(part) {
            return .index(index)
        }
        return .key(String(part))
    }
}

/// The words of a camel-case name, split as `JSONEncoder`'s `convertToSnakeCase` splits them.
func words(of name: String) -> [String] {
    let characters = Array(name)
    var words: [String] = []
    var current = ""
    for (index, character) in characters.enumerated() {
        if character.isUppercase && !current.isEmpty {
            let previous = characters[index - 1]
            let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
            if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                words.append(current)
                current = ""
            }
        }
        current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words
}

/// `name` in the key style `style` (the case name of `UnboxKeyStyle`).
func convertedKey(_ name: String, style: String) -> String {
    switch style {
    case "snakeCase": return words(of: name).map { $0.lowercased() }.joined(separator: "_")
    case "kebabCase": return words(of: name).map { $0.lowercased() }.joined(separator: "-")
    case "screamingSnakeCase": return words(of: name).map { $0.uppercased() }.joined(separator: "_")
    case "pascalCase": return name.prefix(1).uppercased() + name.dropFirst()
    default: return name
    }
}

extension DeclaredModel {
    /// Reads the declaration `@Unboxable` is attached to, diagnosing what it cannot decode.
    /// Returns nil when the declaration cannot be made a declared model at all.
    static func analyze(
        attribute: AttributeSyntax, declaration: some DeclGroupSyntax, context: some MacroExpansionContext
    ) -> DeclaredModel? {
        func diagnose(_ node: some SyntaxProtocol, _ id: String, _ message: String, fixIts: [FixIt] = []) {
            context.diagnose(
                Diagnostic(node: Syntax(node), message: DeclaredDiagnostic(message: message, id: id), fixIts: fixIts))
        }

        var isClass = false
        var isGeneric = false
        if let structDecl = declaration.as(StructDeclSyntax.self) {
            isGeneric = structDecl.genericParameterClause != nil
        } else if let classDecl = declaration.as(ClassDeclSyntax.self) {
            isClass = true
            isGeneric = classDecl.genericParameterClause != nil
            let isFinal = classDecl.modifiers.contains { $0.name.tokenKind == .keyword(.final) }
            if !isFinal {
                var fixed = classDecl.modifiers
                fixed.append(DeclModifierSyntax(name: .keyword(.final, trailingTrivia: .space)))
                diagnose(
                    classDecl.classKeyword, "nonFinalClass",
                    "@Unboxable on a class needs a final class (a subclass would not be decoded); add 'final'",
                    fixIts: [
                        FixIt(
                            message: DeclaredFixIt(message: "add 'final'"),
                            changes: [.replace(oldNode: Syntax(classDecl.modifiers), newNode: Syntax(fixed))])
                    ])
                return nil
            }
        } else {
            diagnose(
                attribute, "unsupportedDeclaration",
                "@Unboxable applies to a struct or a final class; write init(unboxer:) by hand for other types "
                    + "(an enum conforms through UnboxableEnum)")
            return nil
        }

        var access = ""
        for modifier in declaration.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): access = "public "
            case .keyword(.package): access = "package "
            default: break
            }
        }

        var keyStyle = "unchanged"
        var rejectsDuplicates = false
        if case .argumentList(let arguments) = attribute.arguments {
            for argument in arguments {
                let text = argument.expression.trimmedDescription
                let caseName = text.split(separator: ".").last.map(String.init) ?? text
                switch argument.label?.text {
                case "keyStyle": keyStyle = caseName
                case "duplicateKeys": rejectsDuplicates = caseName == "reject"
                default: break
                }
            }
        }

        var decodable = false
        var encodable = false
        for inherited in declaration.inheritanceClause?.inheritedTypes ?? [] {
            let name = inherited.type.trimmedDescription
            switch name {
            case "Codable", "Swift.Codable":
                decodable = true
                encodable = true
            case "Decodable", "Swift.Decodable": decodable = true
            case "Encodable", "Swift.Encodable": encodable = true
            default: break
            }
        }

        var properties: [DeclaredProperty] = []
        var valid = true
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let isStatic = variable.modifiers.contains {
                $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
            }
            if isStatic { continue }
            let isLazy = variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }
            func attribute(_ name: String) -> AttributeSyntax? {
                attributes.first {
                    let text = $0.attributeName.trimmedDescription
                    return text == name || text == "SimdUnbox.\(name)"
                }
            }
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                if let accessors = binding.accessorBlock {
                    // Computed properties are skipped; observers keep a property stored.
                    guard case .accessors(let list) = accessors.accessors,
                        list.allSatisfy({
                            $0.accessorSpecifier.tokenKind == .keyword(.willSet)
                                || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
                        })
                    else { continue }
                }
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let name = pattern.identifier.trimmedDescription.filter { $0 != "`" }
                let ignored = attribute("UnboxIgnored") != nil || isLazy
                let hasInitialValue = binding.initializer != nil
                let typeAnnotation =
                    binding.typeAnnotation?.type
                    ?? bindings[(index + 1)...].lazy.compactMap { $0.typeAnnotation?.type }
                    .first
                if ignored {
                    let optionalVar =
                        !isLet && typeAnnotation.map { optionalBase(of: $0) != nil } == true
                    if !hasInitialValue && !optionalVar {
                        diagnose(
                            binding, "ignoredWithoutValue",
                            "@UnboxIgnored property '\(name)' needs an initial value, which it keeps: add '= ...'")
                        valid = false
                    }
                    continue
                }
                guard let type = typeAnnotation?.trimmed else {
                    diagnose(
                        binding, "missingType",
                        "'\(name)' needs a type annotation for @Unboxable to decode it (or mark it @UnboxIgnored)")
                    valid = false
                    continue
                }
                if isLet && hasInitialValue {
                    diagnose(
                        binding, "letWithValue",
                        "'let \(name)' has an initial value, so the decoder cannot set it; make it 'var' (the initial "
                            + "value is then used when the key is absent) or mark it @UnboxIgnored",
                        fixIts: [
                            FixIt(
                                message: DeclaredFixIt(message: "make it 'var'"),
                                changes: [
                                    .replace(
                                        oldNode: Syntax(variable.bindingSpecifier),
                                        newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var))))
                                ])
                        ])
                    valid = false
                    continue
                }
                let base = optionalBase(of: type)
                var property = DeclaredProperty(
                    name: name, type: type, baseType: base ?? type, isOptional: base != nil,
                    hasInitialValue: hasInitialValue || (!isLet && base != nil), isLet: isLet, spellings: [],
                    shape: shape(of: base ?? type), node: Syntax(binding))
                if attribute("UnboxUnknownKeys") != nil {
                    let compact = type.trimmedDescription.filter { !$0.isWhitespace }
                    guard compact == "[String:JSONValue]" || compact == "[String:SimdUnbox.JSONValue]" else {
                        diagnose(
                            binding, "unknownKeysType",
                            "@UnboxUnknownKeys property '\(name)' must be a '[String: JSONValue]'")
                        valid = false
                        continue
                    }
                    if properties.contains(where: { $0.unknownKeys }) {
                        diagnose(binding, "twoUnknownKeys", "only one property can keep the unknown keys")
                        valid = false
                        continue
                    }
                    property.unknownKeys = true
                    properties.append(property)
                    continue
                }
                if let key = attribute("UnboxKey"), case .argumentList(let arguments) = key.arguments {
                    for argument in arguments {
                        guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                            let text = literal.representedLiteralValue
                        else {
                            diagnose(argument, "keyNotLiteral", "@UnboxKey takes string literals")
                            valid = false
                            continue
                        }
                        let steps = keySteps(text)
                        if steps.contains(KeyStep.key("")) && steps.count > 1 {
                            diagnose(argument, "emptyStep", "the key path \"\(text)\" has an empty step")
                            valid = false
                            continue
                        }
                        property.spellings.append(steps)
                    }
                }
                if property.spellings.isEmpty { property.spellings = [[.key(convertedKey(name, style: keyStyle))]] }
                if let date = attribute("UnboxDate"), case .argumentList(let arguments) = date.arguments {
                    property.date = arguments.first?.expression.trimmed
                }
                if let formatter = attribute("UnboxFormatter"), case .argumentList(let arguments) = formatter.arguments
                {
                    property.formatter = arguments.first?.expression.trimmed
                }
                if attribute("UnboxLossy") != nil {
                    if case .plain = property.shape {
                        diagnose(
                            binding, "lossyNotCollection",
                            "@UnboxLossy applies to an array, a set or a dictionary; '\(name)' is none")
                        valid = false
                        continue
                    }
                    property.lossy = true
                }
                properties.append(property)
            }
        }
        guard valid else { return nil }
        var model = DeclaredModel(
            isClass: isClass, isGeneric: isGeneric, access: access, keyStyle: keyStyle,
            rejectsDuplicates: rejectsDuplicates, properties: properties, decodable: decodable,
            encodable: encodable)
        for member in declaration.memberBlock.members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self),
                initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
            {
                model.hasOwnDecoder = true
            }
            if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "encode",
                function.signature.parameterClause.parameters.first?.firstName.text == "to"
            {
                model.hasOwnEncoder = true
            }
        }
        return model
    }
}

/// The wrapped type of an optional type (`T?`, `T!`, `Optional<T>`), or nil.
func optionalBase(of type: TypeSyntax) -> TypeSyntax? {
    if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType.trimmed }
    if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return optional.wrappedType.trimmed }
    if let identifier = type.as(IdentifierTypeSyntax.self),
        identifier.name.text == "Optional", let argument = identifier.genericArgumentClause?.arguments.first
    {
        return TypeSyntax("\(raw: argument.argument.trimmedDescription)")
    }
    return nil
}

/// How a (non-optional) type's values are read.
func shape(of type: TypeSyntax) -> ValueShape {
    if let array = type.as(ArrayTypeSyntax.self) { return .array(element: array.element.trimmed) }
    if type.is(DictionaryTypeSyntax.self) { return .dictionary }
    if let identifier = type.as(IdentifierTypeSyntax.self),
        identifier.name.text == "Set", let argument = identifier.genericArgumentClause?.arguments.first
    {
        return .set(element: TypeSyntax("\(raw: argument.argument.trimmedDescription)"))
    }
    return .plain
}
