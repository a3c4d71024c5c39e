import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The keys a declared model reads, as a tree: the root object's keys, and under a key path's
/// first steps the nested object's (or array's) own. The generated decoder walks each node once.
final class PlanNode {
    /// The steps under this node, in the order the properties name them.
    var children: [(step: KeyStep, node: PlanNode)] = []
    /// The property whose value this node is, when it is a leaf.
    var property: Int?
    /// The matcher's number, for an object node (its static function's name).
    var number = 0

    func child(_ step: KeyStep) -> PlanNode {
        if let existing = children.first(where: { $0.step == step }) { return existing.node }
        let node = PlanNode()
        children.append((step, node))
        return node
    }

    var isArray: Bool { children.contains { if case .index = $0.step { true } else { false } } }
}

/// The plan of a declared model: its tree, and the code that walks it.
struct FieldPlan {
    let model: DeclaredModel
    let root = PlanNode()
    var objectNodes: [PlanNode] = []

    /// Builds the tree, diagnosing keys that two properties share and key paths that go on from a
    /// value a property reads whole. Nil when a diagnostic was made.
    init?(model: DeclaredModel, context: some MacroExpansionContext) {
        self.model = model
        var valid = true
        let properties = model.properties
        for (index, property) in properties.enumerated() where !property.ignored && !property.unknownKeys {
            for spelling in property.spellings {
                var node = root
                var conflict: String?
                for (position, step) in spelling.enumerated() {
                    if let owner = node.property, owner != index {
                        conflict =
                            "'\(property.name)' reads into the value of \(describe(spelling.prefix(position))), "
                            + "which '\(properties[owner].name)' reads whole: one pass cannot do both"
                        break
                    }
                    let isArrayStep: Bool = if case .index = step { true } else { false }
                    if !node.children.isEmpty && node.isArray != isArrayStep {
                        conflict =
                            "the key paths step into \(describe(spelling.prefix(position))) both as an object "
                            + "and as an array"
                        break
                    }
                    node = node.child(step)
                }
                if conflict == nil {
                    if let owner = node.property, owner != index {
                        conflict =
                            "'\(property.name)' and '\(properties[owner].name)' both read \(describe(spelling[...])): "
                            + "give one of them another key with @UnboxKey"
                    } else if !node.children.isEmpty {
                        conflict =
                            "'\(property.name)' reads \(describe(spelling[...])) whole, which another property's key "
                            + "path walks into: one pass cannot do both"
                    }
                }
                if let conflict {
                    context.diagnose(
                        Diagnostic(
                            node: property.node, message: DeclaredDiagnostic(message: conflict, id: "keyConflict")))
                    valid = false
                    continue
                }
                node.property = index
            }
        }
        guard valid else { return nil }
        var objects: [PlanNode] = []
        func number(_ node: PlanNode) {
            if !node.isArray {
                node.number = objects.count
                objects.append(node)
            }
            for child in node.children where !child.node.children.isEmpty { number(child.node) }
        }
        number(root)
        objectNodes = objects
    }

    // MARK: Matchers

    /// The static function that gives a raw key's index among an object node's keys (-1: none):
    /// a switch on the key's length, then a comparison of 8-byte words.
    func matcher(for node: PlanNode) -> String {
        var byLength: [Int: [(index: Int, bytes: [UInt8])]] = [:]
        for (index, child) in node.children.enumerated() {
            guard case .key(let key) = child.step else { continue }
            let bytes = Array(key.utf8)
            byLength[bytes.count, default: []].append((index, bytes))
        }
        var cases = ""
        for length in byLength.keys.sorted() {
            cases += "    case \(length):\n"
            for (index, bytes) in byLength[length] ?? [] {
                if bytes.isEmpty {
                    cases += "        return \(index)\n"
                    continue
                }
                var tests: [String] = []
                var offset = 0
                while offset < bytes.count {
                    let count = min(8, bytes.count - offset)
                    var word: UInt64 = 0
                    for position in 0..<count { word |= UInt64(bytes[offset + position]) << (8 * UInt64(position)) }
                    let hex = "0x" + String(word, radix: 16)
                    tests.append(
                        count == 8 ? "key._word(\(offset)) == \(hex)" : "key._word(\(offset), \(count)) == \(hex)")
                    offset += 8
                }
                cases += "        if \(tests.joined(separator: ", ")) { return \(index) }\n"
            }
        }
        return """
            static func keyIndex\(node.number)(_ key: SimdUnbox._RawKey) -> Swift.Int {
                switch key.count {
            \(cases)    default:
                    break
                }
                return -1
            }
            """
    }

    // MARK: The walk

    /// The statements that read an object node's fields from `walk`, a `_FieldWalk` on it.
    func objectWalk(_ node: PlanNode, isRoot: Bool, receiver: String = "walk", indent: String) -> String {
        var cases = ""
        for (index, child) in node.children.enumerated() {
            cases += "\(indent)    case \(index):\n"
            cases += step(into: child.node, indent: indent + "        ")
        }
        var fallback = "break"
        if isRoot, let extras = model.unknownKeysProperty {
            fallback = "try walk.keepUnknown(in: &\(extras.local))"
        }
        return """
            \(indent)try \(receiver).forEachField { (walk) throws(SimdUnbox.UnboxError) in
            \(indent)    var index = Self.__UnboxPlan.keyIndex\(node.number)(walk.key)
            \(indent)    if _slowPath(index < 0), let unescaped = try walk.unescapedKey() {
            \(indent)        index = Self.__UnboxPlan.keyIndex\(node.number)(unescaped.key)
            \(indent)        unescaped.release()
            \(indent)    }
            \(indent)    switch index {
            \(cases)\(indent)    default:
            \(indent)        \(fallback)
            \(indent)    }
            \(indent)}

            """
    }

    /// The statements that read an array node's elements from `walk`, an `_ElementWalk` on it.
    func arrayWalk(_ node: PlanNode, receiver: String, indent: String) -> String {
        var cases = ""
        for child in node.children {
            guard case .index(let index) = child.step else { continue }
            cases += "\(indent)    case \(index):\n"
            cases += step(into: child.node, indent: indent + "        ")
        }
        return """
            \(indent)try \(receiver).forEachElement { (walk) throws(SimdUnbox.UnboxError) in
            \(indent)    switch walk.index {
            \(cases)\(indent)    default:
            \(indent)        break
            \(indent)    }
            \(indent)}

            """
    }

    /// The statements for the value `walk` stands on, which is `node`: a property's read, or a
    /// nested walk.
    func step(into node: PlanNode, indent: String) -> String {
        if let index = node.property { return indent + read(model.properties[index]) + "\n" }
        let walkType = node.isArray ? "_ElementWalk(array:" : "_FieldWalk(object:"
        // An object walk ends with the errors collected in it (an element walk does so itself).
        let collectedCheck =
            node.isArray
            ? "" : "\(indent)    if _slowPath(nested._collectStart >= 0) { throw nested.failure(missing: []) }\n"
        let inner =
            node.isArray
            ? arrayWalk(node, receiver: "nested", indent: indent + "    ")
            : objectWalk(node, isRoot: false, receiver: "nested", indent: indent + "    ")
        return """
            \(indent)do throws(SimdUnbox.UnboxError) {
            \(indent)    var nested = try SimdUnbox.\(walkType) &walk.value, context: walk.context, rejectsDuplicates: walk.rejectsDuplicates)
            \(inner)\(collectedCheck)\(indent)} catch {
            \(indent)    try walk.collectOrThrow(error)
            \(indent)}

            """
    }

    /// The read of `property`'s value from `walk` into its local.
    func read(_ property: DeclaredProperty) -> String {
        // A property with an initial value takes it for `null` too (as `decodeIfPresent(...) ?? value`
        // does): its local tells `null` from a value, as an optional's does.
        let function = property.isOptional || property.hasInitialValue ? "readOptional" : "read"
        guard let decoder = decoder(for: property) else { return "try walk.\(function)(&\(property.local))" }
        return "try walk.\(function)(&\(property.local)) { (value, context) throws(SimdUnbox.UnboxError) in \(decoder) }"
    }

    /// The expression that decodes `property`'s value from `value` in `context`, when it is not
    /// a plain `UnboxCompatible` read.
    func decoder(for property: DeclaredProperty) -> String? {
        if let date = property.date {
            let format = model.isGeneric ? "(\(dateFormat(date)))" : "Self.__UnboxPlan.date_\(property.name)"
            return "try \(format)._read(&value, context)"
        }
        if let formatter = property.formatter {
            let instance = model.isGeneric ? "(\(formatter))" : "Self.__UnboxPlan.formatter_\(property.name).formatter"
            return "try SimdUnbox._DeclaredDecoders.formatted(&value, context, \(instance))"
        }
        switch property.shape {
        case .plain: return nil
        case .array: return property.lossy ? "try SimdUnbox._DeclaredDecoders.array(&value, context, lossy: true)" : nil
        case .set: return "try SimdUnbox._DeclaredDecoders.set(&value, context, lossy: \(property.lossy))"
        case .dictionary:
            return property.lossy ? "try SimdUnbox._DeclaredDecoders.dictionary(&value, context, lossy: true)" : nil
        }
    }

    /// `@UnboxDate`'s argument as an expression of type `UnboxDateFormat`.
    func dateFormat(_ expression: ExprSyntax) -> String {
        let text = expression.trimmedDescription
        return text.hasPrefix(".") ? "SimdUnbox.UnboxDateFormat\(text)" : text
    }

    /// The static properties that keep the model's date formats and formatters (none for a
    /// generic type, which cannot have stored static properties).
    func statics() -> [String] {
        guard !model.isGeneric else { return [] }
        var result: [String] = []
        for property in model.properties where !property.ignored {
            if let date = property.date {
                result.append(
                    "static let date_\(property.name): SimdUnbox.UnboxDateFormat = \(dateFormat(date))")
            } else if let formatter = property.formatter {
                result.append(
                    "static let formatter_\(property.name) = SimdUnbox._FormatterBox(\(formatter))")
            }
        }
        return result
    }

    /// The initializer that walks an object and sets every property.
    func fieldsInitializer() -> String {
        var locals = ""
        for property in model.decodedProperties {
            let optionals = property.isOptional || property.hasInitialValue ? "??" : "?"
            locals += "    var \(property.local): (\(property.baseType))\(optionals) = nil\n"
        }
        if let extras = model.unknownKeysProperty {
            locals += "    var \(extras.local): [Swift.String: SimdUnbox.JSONValue] = [:]\n"
        }
        var assignments = ""
        let required = model.decodedProperties.filter { !$0.hasInitialValue && !$0.isOptional }
        let conditions = required.map { "\($0.local) == nil" } + ["walk._collectStart >= 0"]
        let missing = required.map { property in
            let path = (property.spellings.first ?? []).map(\.pathComponent).joined(separator: ", ")
            return "\(property.local) == nil ? [\(path)] : nil"
        }
        assignments += """
                if _slowPath(\(conditions.joined(separator: " || "))) {
                    throw walk.failure(missing: [\(missing.joined(separator: ", "))])
                }

            """
        for property in model.decodedProperties {
            if property.hasInitialValue && property.isOptional {
                assignments += "    if let \(property.local) { self.\(property.name) = \(property.local) }\n"
            } else if property.hasInitialValue {
                assignments +=
                    "    if let \(property.local) = \(property.local) ?? nil { self.\(property.name) = \(property.local) }\n"
            } else if property.isOptional {
                assignments += "    self.\(property.name) = \(property.local) ?? nil\n"
            } else {
                let path = (property.spellings.first ?? []).map(\.pathComponent).joined(separator: ", ")
                assignments += """
                        guard let \(property.local) else { throw walk.missingKeyError([\(path)]) }
                        self.\(property.name) = \(property.local)

                    """
            }
        }
        if let extras = model.unknownKeysProperty {
            assignments += "    self.\(extras.name) = \(extras.local)\n"
        }
        return """
            \(model.access)init(_unboxFields walk: inout SimdUnbox._FieldWalk) throws(SimdUnbox.UnboxError) {
            \(locals)\(objectWalk(root, isRoot: true, indent: "    "))\(assignments)}
            """
    }

    /// `init(unboxer:)`, over the unboxer's object.
    func unboxerInitializer() -> String {
        """
        \(model.access)\(model.isClass ? "convenience " : "")init(unboxer: SimdUnbox.Unboxer) throws(SimdUnbox.UnboxError) {
            var walk = try unboxer._declaredWalk(rejectsDuplicates: \(model.rejectsDuplicates))
            try self.init(_unboxFields: &walk)
        }
        """
    }

    /// `_unbox(from:context:)`, the entry every decode of the model goes through.
    func unboxFunction() -> String {
        """
        \(model.access)static func _unbox(from value: inout SimdUnbox._JSONCursor, context: SimdUnbox._DecodingContext) throws(SimdUnbox.UnboxError) -> Self {
            var walk = try SimdUnbox._FieldWalk(object: &value, context: context, rejectsDuplicates: \(model.rejectsDuplicates))
            return try Self(_unboxFields: &walk)
        }
        """
    }

    /// The matchers of every object node.
    func matchers() -> [String] { objectNodes.map(matcher(for:)) }

    /// The namespace of the generated helpers: the key matchers, the date formats and formatters.
    func planNamespace() -> String {
        let members = (matchers() + statics()).joined(separator: "\n\n")
        return "\(model.access)enum __UnboxPlan {\n\(members)\n}"
    }
}

/// A key path's steps as text, for diagnostics.
func describe(_ steps: ArraySlice<KeyStep>) -> String {
    let text = steps.map { step -> String in
        switch step {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }
    .joined(separator: ".")
    return "\"\(text)\""
}
