// Unescaping a key written with escape sequences: the cold path of a declared model's walk, taken
// only by a key that holds a backslash and whose raw bytes matched none of the model's keys.

/// The key `raw` (bytes between the quotes, as written) with its escape sequences decoded, or nil
/// when one is malformed (an unknown escape, a bad `\u` sequence, a lone surrogate).
@usableFromInline
func _unescapedJSONKey(_ raw: UnsafeRawBufferPointer) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var index = 0
    func hex(at position: Int) -> UInt32? {
        guard position + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = raw[position + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
    while index < raw.count {
        let byte = raw[index]
        guard byte == UInt8(ascii: "\\") else {
            out.append(byte)
            index += 1
            continue
        }
        guard index + 1 < raw.count else { return nil }
        let escape = raw[index + 1]
        index += 2
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            guard var scalar = hex(at: index) else { return nil }
            index += 4
            if scalar >= 0xD800 && scalar < 0xDC00 {
                guard index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
                    let low = hex(at: index + 2), low >= 0xDC00 && low < 0xE000
                else { return nil }
                index += 6
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
                return nil
            }
            guard let unicode = Unicode.Scalar(scalar) else { return nil }
            out.append(contentsOf: UTF8.encode(unicode).unsafelyUnwrapped)
        default:
            return nil
        }
    }
    return out
}
