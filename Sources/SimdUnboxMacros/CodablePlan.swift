/// The Codable conformance a declared model that declares `Decodable`, `Encodable` or `Codable`
/// gets from the same declaration: `init(from:)` and `encode(to:)` with the plan's keys, key
/// paths (nested containers), spellings, defaults and dates, through `_DeclaredCodable`.
struct CodablePlan {
    let plan: FieldPlan

    var model: DeclaredModel { plan.model }

    /// The key paths of a property, as `_DeclaredCodingKey` literals.
    func paths(_ property: DeclaredProperty) -> String {
        let spellings = property.spellings.map { steps in
            "["
                + steps.map { step in
                    switch step {
                    case .key(let key): stringLiteral(key)
                    case .index(let index): String(index)
                    }
                }.joined(separator: ", ") + "]"
        }
        return "[" + spellings.joined(separator: ", ") + "]"
    }

    /// The closure that reads a property's value from its own decoder, when it has a date format.
    func reader(_ property: DeclaredProperty) -> String {
        guard let date = property.date else { return "" }
        let format = model.isGeneric ? "(\(plan.dateFormat(date)))" : "Self.__UnboxPlan.date_\(property.name)"
        return ", using: { (decoder: any Swift.Decoder) throws -> (\(property.baseType.trimmedDescription)) in "
            + "try \(format)._decode(from: decoder) }"
    }

    func writer(_ property: DeclaredProperty) -> String {
        guard let date = property.date else { return "" }
        let format = model.isGeneric ? "(\(plan.dateFormat(date)))" : "Self.__UnboxPlan.date_\(property.name)"
        return ", using: { (value: (\(property.baseType.trimmedDescription)), encoder: any Swift.Encoder) throws in "
            + "try \(format)._encode(value, to: encoder) }"
    }

    func initializer() -> String {
        var lines = ""
        for property in model.decodedProperties where property.formatter == nil {
            let base = property.baseType.trimmedDescription
            let arguments = "(\(base)).self, paths: \(paths(property)), from: decoder\(reader(property))"
            if property.hasInitialValue {
                lines += """
                        if let value = try SimdUnbox._DeclaredCodable.decodeIfPresent(\(arguments)) {
                            self.\(property.name) = value
                        }

                    """
            } else if property.isOptional {
                lines += "    self.\(property.name) = try SimdUnbox._DeclaredCodable.decodeIfPresent(\(arguments))\n"
            } else {
                lines += "    self.\(property.name) = try SimdUnbox._DeclaredCodable.decode(\(arguments))\n"
            }
        }
        let required = model.isClass ? "" : ""
        return """
            \(model.access)\(required)init(from decoder: any Swift.Decoder) throws {
            \(lines)}
            """
    }

    func encoder() -> String {
        var lines = ""
        for property in model.decodedProperties where property.formatter == nil {
            var first = property
            first.spellings = Array(property.spellings.prefix(1))
            let path = paths(first).dropFirst().dropLast()
            lines +=
                "    try SimdUnbox._DeclaredCodable.encode(self.\(property.name), at: \(path), to: encoder\(writer(property)))\n"
        }
        if let extras = model.unknownKeysProperty {
            lines += "    try SimdUnbox._DeclaredCodable.encode(unknownKeys: self.\(extras.name), to: encoder)\n"
        }
        return """
            \(model.access)func encode(to encoder: any Swift.Encoder) throws {
            \(lines)}
            """
    }

    /// The members for the extension, or nil when the type declares neither protocol.
    func members() -> [String] {
        var members: [String] = []
        // A class's init(from:) must be a member (designated); a struct's lives in the extension.
        if model.decodable && !model.isClass && !model.hasOwnDecoder { members.append(initializer()) }
        if model.encodable && !model.hasOwnEncoder { members.append(encoder()) }
        return members
    }
}
