import Foundation

// JSON5 input (`SimdJSONDecoder.allowsJSON5`) and brace-less top-level objects
// (`assumesTopLevelDictionary`) are rewritten as plain JSON once, then decoded on the usual path:
// the cost of the option is one pass over the input and one copy, paid only by those who set it.
// Plain JSON never comes here.
//
// What is rewritten, following the JSON5 that Foundation's `JSONDecoder` accepts:
// - `//` and `/* */` comments become spaces; a trailing comma in an array or object is dropped;
// - unquoted keys (`{id: 1}`) and single-quoted strings get double quotes;
// - the escapes JSON lacks: `\'` → `'`, `\xHH` → `\u00HH`, an escaped line break → `\n`
//   (`\r`, `\r\n`), as Foundation reads them;
// - numbers: hexadecimal (`0x1F`) → decimal, a leading `+` dropped, `.5` → `0.5`, `5.` → `5.0`;
//   `Infinity`, `-Infinity` and `NaN`, which JSON cannot hold, become the strings that the
//   non-conforming float strategy reads back as those values (see `SimdJSONDecoder.decodeUTF8`).

/// Rewrites JSON5 (or JSON without the top-level braces) as plain JSON.
struct JSON5Translator {
    private let input: UnsafeRawBufferPointer
    private var position = 0
    private var output: [UInt8] = []
    private let json5: Bool
    private var depth = 0
    /// The JSON strings (quotes included) written for `Infinity`, `-Infinity` and `NaN`.
    private let nonConforming: (positiveInfinity: [UInt8], negativeInfinity: [UInt8], nan: [UInt8])
    /// Whether one of them was written.
    private var wroteNonConforming = false

    private init(
        _ input: UnsafeRawBufferPointer, json5: Bool,
        nonConforming: (positiveInfinity: String, negativeInfinity: String, nan: String)
    ) {
        self.input = input
        self.json5 = json5
        self.nonConforming = (
            Self.quoted(nonConforming.positiveInfinity), Self.quoted(nonConforming.negativeInfinity),
            Self.quoted(nonConforming.nan)
        )
        output.reserveCapacity(input.count + input.count / 8 + 2)
    }

    /// `input` as plain JSON, and whether it wrote one of the `nonConforming` strings (for JSON5's
    /// `Infinity`, `-Infinity` and `NaN`). `json5`: read JSON5 syntax;
    /// `assumesTopLevelDictionary`: the root is an object even without its braces.
    ///
    /// - Throws: `UnboxError` (malformed JSON, with the byte offset in `input`) for what neither
    ///   JSON5 nor the translation can take.
    static func translate(
        _ input: UnsafeRawBufferPointer, json5: Bool, assumesTopLevelDictionary: Bool,
        nonConforming: (positiveInfinity: String, negativeInfinity: String, nan: String)
    ) throws -> (json: [UInt8], wroteNonConforming: Bool) {
        var translator = JSON5Translator(input, json5: json5, nonConforming: nonConforming)
        try translator.skipSpace()
        if assumesTopLevelDictionary && translator.peek() != UInt8(ascii: "{") {
            try translator.objectBody(closing: nil)
        } else {
            try translator.value()
        }
        try translator.skipSpace()
        if translator.position < input.count { throw translator.failure("unexpected content after the root value") }
        return (translator.output, translator.wroteNonConforming)
    }

    /// `text` as a JSON string.
    private static func quoted(_ text: String) -> [UInt8] {
        var result: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                result.append(UInt8(ascii: "\\"))
                result.append(byte)
            case 0..<0x20:
                result.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
            default:
                result.append(byte)
            }
        }
        result.append(UInt8(ascii: "\""))
        return result
    }

    // MARK: Reading

    private func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < input.count ? input[position + offset] : nil
    }

    private func failure(_ message: String) -> UnboxError {
        UnboxError(reason: .malformedJSON("JSON5: \(message)"), byteOffset: position)
    }

    /// Skips whitespace, and comments in JSON5, writing one space for what it skipped.
    private mutating func skipSpace() throws {
        let start = position
        while let byte = peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                position += 1
            case UInt8(ascii: "/") where json5 && peek(1) == UInt8(ascii: "/"):
                position += 2
                while let next = peek(), next != 0x0A && next != 0x0D { position += 1 }
            case UInt8(ascii: "/") where json5 && peek(1) == UInt8(ascii: "*"):
                position += 2
                while peek() != nil && !(peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) { position += 1 }
                guard peek() != nil else { throw failure("unterminated comment") }
                position += 2
            default:
                if position > start { output.append(0x20) }
                return
            }
        }
        if position > start { output.append(0x20) }
    }

    // MARK: Values

    private mutating func value() throws {
        guard let byte = peek() else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"):
            position += 1
            try nest { try $0.objectBody(closing: UInt8(ascii: "}")) }
        case UInt8(ascii: "["):
            position += 1
            try nest { try $0.arrayBody() }
        case UInt8(ascii: "\""):
            try string(quote: byte)
        case UInt8(ascii: "'") where json5:
            try string(quote: byte)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            try literal()
        default:
            try number()
        }
    }

    /// Foundation's limit on nesting, checked here so that the rewriting never recurses deeper.
    private mutating func nest(_ body: (inout JSON5Translator) throws -> Void) throws {
        guard depth < CodableDecoder.maximumDepth else { throw failure("too many nested arrays or objects") }
        depth += 1
        defer { depth -= 1 }
        try body(&self)
    }

    private mutating func literal() throws {
        for word in ["true", "false", "null"] where matches(word) {
            output.append(contentsOf: word.utf8)
            position += word.utf8.count
            return
        }
        throw failure("unexpected character")
    }

    private func matches(_ word: String) -> Bool {
        var offset = 0
        for byte in word.utf8 {
            guard peek(offset) == byte else { return false }
            offset += 1
        }
        return true
    }

    private mutating func arrayBody() throws {
        output.append(UInt8(ascii: "["))
        try skipSpace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            output.append(UInt8(ascii: "]"))
            return
        }
        while true {
            try value()
            try skipSpace()
            guard let byte = peek() else { throw failure("unexpected end of input in an array") }
            position += 1
            if byte == UInt8(ascii: "]") { break }
            guard byte == UInt8(ascii: ",") else {
                position -= 1
                throw failure("expected ',' or ']' in an array")
            }
            try skipSpace()
            if json5 && peek() == UInt8(ascii: "]") {
                position += 1
                break
            }
            output.append(UInt8(ascii: ","))
        }
        output.append(UInt8(ascii: "]"))
    }

    /// An object's members up to `closing` (nil: the end of the input, for a brace-less root).
    private mutating func objectBody(closing: UInt8?) throws {
        output.append(UInt8(ascii: "{"))
        try skipSpace()
        if peek() == closing {
            if closing != nil { position += 1 }
            output.append(UInt8(ascii: "}"))
            return
        }
        while true {
            try key()
            try skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            position += 1
            output.append(UInt8(ascii: ":"))
            try skipSpace()
            try value()
            try skipSpace()
            let byte = peek()
            if byte == closing {
                if closing != nil { position += 1 }
                break
            }
            guard byte == UInt8(ascii: ",") else { throw failure("expected ',' or '}' in an object") }
            position += 1
            try skipSpace()
            // A trailing comma: JSON5 allows it, and so does a brace-less root (Foundation).
            if peek() == closing && (json5 || closing == nil) {
                if closing != nil { position += 1 }
                break
            }
            output.append(UInt8(ascii: ","))
        }
        output.append(UInt8(ascii: "}"))
    }

    private mutating func key() throws {
        guard let byte = peek() else { throw failure("unexpected end of input, expected a key") }
        if byte == UInt8(ascii: "\"") || (json5 && byte == UInt8(ascii: "'")) {
            try string(quote: byte)
            return
        }
        guard json5 else { throw failure("expected a key") }
        // An unquoted key: letters, digits, `_`, `$`, marks and escapes, up to what cannot be in one.
        let start = position
        output.append(UInt8(ascii: "\""))
        while position < input.count {
            let (scalar, length) = decodeScalar(at: position)
            let allowed = position == start ? scalar.isUnquotedKeyStart : scalar.isUnquotedKeyPart
            guard allowed else { break }
            if scalar == "\\" {
                // `\uXXXX`: the same escape in a JSON string.
                guard peek(1) == UInt8(ascii: "u") else { throw failure("invalid escape in an unquoted key") }
                output.append(contentsOf: input[position..<min(position + 6, input.count)])
                position += 6
                continue
            }
            output.append(contentsOf: input[position..<(position + length)])
            position += length
        }
        guard position > start else { throw failure("invalid character at the beginning of an unquoted key") }
        output.append(UInt8(ascii: "\""))
    }

    /// The scalar at `offset` of the (UTF-8) input and its length; U+FFFD for an invalid byte.
    private func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int) {
        let lead = input[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard offset + length <= input.count else { return ("\u{FFFD}", 1) }
        var decoder = UTF8()
        var iterator = input[offset..<(offset + length)].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return (scalar, length) }
        return ("\u{FFFD}", 1)
    }

    private mutating func string(quote: UInt8) throws {
        position += 1
        output.append(UInt8(ascii: "\""))
        while true {
            guard let byte = peek() else { throw failure("unterminated string") }
            position += 1
            if byte == quote { break }
            if byte == UInt8(ascii: "\"") {
                // A double quote inside a single-quoted string.
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                continue
            }
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                continue
            }
            guard let escaped = peek() else { throw failure("unterminated string") }
            position += 1
            switch escaped {
            case UInt8(ascii: "'") where json5:
                output.append(escaped)
            case UInt8(ascii: "x") where json5:
                guard let high = peek(), let low = peek(1), high.isHexDigit, low.isHexDigit else {
                    throw failure("invalid \\x escape")
                }
                position += 2
                output.append(contentsOf: Array("\\u00".utf8) + [high, low])
            case 0x0A where json5:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D where json5:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                if peek() == 0x0A {
                    position += 1
                    output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                }
            default:
                // JSON's own escapes; anything else is refused by the JSON reader after.
                output.append(UInt8(ascii: "\\"))
                output.append(escaped)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func number() throws {
        let start = position
        var negative = false
        if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
            guard json5 || peek() == UInt8(ascii: "-") else { throw failure("unexpected character") }
            negative = peek() == UInt8(ascii: "-")
            position += 1
        }
        if json5 && (matches("Infinity") || matches("NaN")) {
            let infinity = matches("Infinity")
            position += infinity ? 8 : 3
            output.append(
                contentsOf: !infinity
                    ? nonConforming.nan : negative ? nonConforming.negativeInfinity : nonConforming.positiveInfinity)
            wroteNonConforming = true
            return
        }
        if json5 && peek() == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X")) {
            position += 2
            var magnitude: UInt64 = 0
            let digits = position
            while let byte = peek(), byte.isHexDigit {
                let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 16)
                guard !overflow else { throw failure("hexadecimal number out of range") }
                magnitude = shifted | UInt64(byte.hexValue)
                position += 1
            }
            guard position > digits else { throw failure("invalid hexadecimal number") }
            if negative && magnitude != 0 { output.append(UInt8(ascii: "-")) }
            output.append(contentsOf: String(magnitude).utf8)
            return
        }
        if negative { output.append(UInt8(ascii: "-")) }
        if json5 && peek() == UInt8(ascii: ".") { output.append(UInt8(ascii: "0")) }
        var sawDigit = false
        while let byte = peek() {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                sawDigit = true
                output.append(byte)
            } else if byte == UInt8(ascii: ".") {
                output.append(byte)
                let next = peek(1)
                if json5 && !(next.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false) {
                    output.append(UInt8(ascii: "0"))
                }
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-")
            {
                output.append(byte)
            } else {
                break
            }
            position += 1
        }
        guard sawDigit else {
            position = start
            throw failure("unexpected character")
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
            || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "f"))
    }

    fileprivate var hexValue: UInt8 {
        self <= UInt8(ascii: "9") ? self - UInt8(ascii: "0") : (self | 0x20) - UInt8(ascii: "a") + 10
    }
}

extension Unicode.Scalar {
    /// What may begin an unquoted JSON5 key, as Foundation reads one.
    fileprivate var isUnquotedKeyStart: Bool {
        switch self {
        case "$", "_", "\\": return true
        default: return isKeyLetter
        }
    }

    /// What may continue an unquoted JSON5 key.
    fileprivate var isUnquotedKeyPart: Bool {
        if isUnquotedKeyStart || self == "\u{200C}" || self == "\u{200D}" { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    private var isKeyLetter: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
            return true
        default: return false
        }
    }
}
