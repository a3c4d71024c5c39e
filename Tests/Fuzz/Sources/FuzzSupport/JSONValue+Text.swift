import SimdUnbox

extension JSONValue {
    /// The value written as compact JSON: numbers as their exact text, strings with only the
    /// escapes JSON requires. Parsing the text again must give the same value.
    public var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let number): text += number.text
        case .string(let string): Self.write(string, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let fields):
            text += "{"
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { text += "," }
                Self.write(key, to: &text)
                text += ":"
                value.write(to: &text)
            }
            text += "}"
        }
    }

    private static func write(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// How deeply arrays and objects nest in the value (0 for a scalar, 1 for `[]`).
    public var nestingDepth: Int {
        switch self {
        case .array(let elements): 1 + (elements.map(\.nestingDepth).max() ?? 0)
        case .object(let fields): 1 + (fields.values.map(\.nestingDepth).max() ?? 0)
        default: 0
        }
    }
}
