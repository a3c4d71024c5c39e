import Foundation

extension _EncodingSession {
    // MARK: Strings

    /// Writes `string` quoted and escaped as Foundation escapes: `"`, `\`, control characters
    /// (`\b \f \n \r \t`, others as `\u00XX`), `/` unless `.withoutEscapingSlashes`; everything else,
    /// non-ASCII included, as it is. Returns whether anything was escaped.
    @inline(__always)
    @discardableResult
    func writeString(_ string: String) -> Bool {
        if let escaped = string.utf8.withContiguousStorageIfAvailable({ writeString(utf8: $0) }) {
            return escaped
        }
        var copy = string
        return copy.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes UTF-8 text quoted and escaped (see `writeString(_:)`).
    @discardableResult
    func writeString(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = utf8.count
        reserve(length &+ 2)
        bytes[count] = UInt8(ascii: "\"")
        count &+= 1
        guard let source = utf8.baseAddress, length > 0 else {
            bytes[count] = UInt8(ascii: "\"")
            count &+= 1
            return false
        }
        let clean = cleanPrefixLength(source, length)
        // Text that needs no escape (almost all of it) is copied in one go.
        (bytes + count).update(from: source, count: clean)
        count &+= clean
        if _fastPath(clean == length) {
            bytes[count] = UInt8(ascii: "\"")
            count &+= 1
            return false
        }
        writeEscaped(source + clean, length &- clean)
        append(UInt8(ascii: "\""))
        return true
    }

    /// How many bytes from `source` need no escape, looked at eight at a time.
    ///
    /// A word needs a look byte by byte when one of its bytes is below 0x20, or equals `"`, `\`
    /// or (when escaped) `/`: the classic SWAR tests "has a byte less than n" and "has a zero
    /// byte" (of the word xor the character repeated), exact for the question "any such byte?".
    /// (Its gain over a byte loop has not been measured on its own yet; whole-encode figures
    /// only: gsoc-2018.json, mostly long strings, encodes at 350-650 MB/s.)
    @inline(__always)
    private func cleanPrefixLength(_ source: UnsafePointer<UInt8>, _ length: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes: UInt64 = 0x2222_2222_2222_2222
        let backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C
        // Without slash escaping, look for quotes twice instead.
        let slashes: UInt64 = escapeSlashes ? 0x2F2F_2F2F_2F2F_2F2F : quotes
        let raw = UnsafeRawPointer(source)
        var position = 0
        while position &+ 8 <= length {
            let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            let control = (word &- ones &* 0x20) & ~word
            let quote = ((word ^ quotes) &- ones) & ~(word ^ quotes)
            let backslash = ((word ^ backslashes) &- ones) & ~(word ^ backslashes)
            let slash = ((word ^ slashes) &- ones) & ~(word ^ slashes)
            if (control | quote | backslash | slash) & highs != 0 { break }
            position &+= 8
        }
        while position < length && !needsEscape(source[position]) { position &+= 1 }
        return position
    }

    @inline(__always)
    private func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (byte == UInt8(ascii: "/") && escapeSlashes)
    }

    /// Writes `length` bytes from `source`, escaping what needs it (the slow path): each escape,
    /// then the run of bytes up to the next one, found and copied as in the fast path (URLs,
    /// with a `\/` every few bytes, are common).
    @inline(never)
    private func writeEscaped(_ source: UnsafePointer<UInt8>, _ length: Int) {
        reserve(length &* 6)
        let hex: StaticString = "0123456789abcdef"
        var position = 0
        while position < length {
            let byte = source[position]
            position &+= 1
            bytes[count] = UInt8(ascii: "\\")
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                bytes[count &+ 1] = byte
                count &+= 2
            case 0x08: bytes[count &+ 1] = UInt8(ascii: "b"); count &+= 2
            case 0x0C: bytes[count &+ 1] = UInt8(ascii: "f"); count &+= 2
            case 0x0A: bytes[count &+ 1] = UInt8(ascii: "n"); count &+= 2
            case 0x0D: bytes[count &+ 1] = UInt8(ascii: "r"); count &+= 2
            case 0x09: bytes[count &+ 1] = UInt8(ascii: "t"); count &+= 2
            default:
                bytes[count &+ 1] = UInt8(ascii: "u")
                bytes[count &+ 2] = UInt8(ascii: "0")
                bytes[count &+ 3] = UInt8(ascii: "0")
                bytes[count &+ 4] = hex.utf8Start[Int(byte >> 4)]
                bytes[count &+ 5] = hex.utf8Start[Int(byte & 0xF)]
                count &+= 6
            }
            let clean = cleanPrefixLength(source + position, length &- position)
            (bytes + count).update(from: source + position, count: clean)
            count &+= clean
            position &+= clean
        }
    }

    // MARK: Integers

    /// Writes an integer in decimal, as `description` would.
    @inline(__always)
    func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        if Integer.bitWidth <= 64 {
            if Integer.isSigned {
                let wide = Int64(truncatingIfNeeded: value)
                writeDecimal(wide.magnitude, negative: wide < 0)
            } else {
                writeDecimal(UInt64(truncatingIfNeeded: value), negative: false)
            }
        } else {
            writeWideInteger(value)
        }
    }

    @inline(never)
    private func writeWideInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        var text = value.description
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Writes a 64-bit magnitude, two digits at a time from a table.
    func writeDecimal(_ magnitude: UInt64, negative: Bool) {
        reserve(21)
        if negative {
            bytes[count] = UInt8(ascii: "-")
            count &+= 1
        }
        var digits = 1
        var bound: UInt64 = 10
        while digits < 20 && magnitude >= bound {
            digits &+= 1
            bound = bound &* 10
        }
        let pairs: StaticString = """
            0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
            5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
            """
        let table = pairs.utf8Start
        var end = bytes + count + digits
        var rest = magnitude
        while rest >= 100 {
            let pair = Int(rest % 100) &* 2
            rest /= 100
            end -= 2
            end[0] = table[pair]
            end[1] = table[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(rest) &* 2
            end -= 2
            end[0] = table[pair]
            end[1] = table[pair &+ 1]
        } else {
            end -= 1
            end[0] = UInt8(ascii: "0") &+ UInt8(rest)
        }
        count &+= digits
    }

    // MARK: Floating point

    /// Writes a finite `Double` or `Float` as Foundation does: Swift's shortest round-trip form
    /// (`description`), without a trailing `.0` (`1e-07`, `1e+16`, `0.1`, `-0`, `5e-324`).
    @inline(__always)
    func writeFinite<Float: BinaryFloatingPoint & TextOutputStreamable>(_ value: Float) {
        var sink = _FloatSink(session: self)
        // The standard library prints into a stack buffer and hands it to `_writeASCII`: no
        // `String` is made (`description` allocates for 16 characters or more, most of
        // canada.json's coordinates): 7 allocations per encode of canada.json, against 435,601
        // for JSONEncoder, which goes through `description`.
        value.write(to: &sink)
        if count >= 2 && bytes[count &- 2] == UInt8(ascii: ".") && bytes[count &- 1] == UInt8(ascii: "0") {
            count &-= 2
        }
    }

    /// Writes a `Double` or `Float`, or its stand-in string under
    /// `.convertToString`; throws `EncodingError.invalidValue` for infinities and NaN otherwise.
    /// `path`: the coding path for the error, made only when thrown.
    @inline(__always)
    func writeFloatingPoint<Float: BinaryFloatingPoint & TextOutputStreamable>(
        _ value: Float, path: () -> [any CodingKey]
    ) throws {
        if _fastPath(value.isFinite) {
            writeFinite(value)
        } else {
            try writeNonConforming(value, path: path)
        }
    }

    /// Whether `value` can be written: finite, or allowed by `.convertToString`.
    @inline(__always)
    func canWrite<Float: BinaryFloatingPoint>(_ value: Float) -> Bool {
        value.isFinite || nonConformingStrings != nil
    }

    @inline(never)
    func writeNonConforming<Float: BinaryFloatingPoint & TextOutputStreamable>(
        _ value: Float, path: () -> [any CodingKey]
    ) throws {
        guard let strings = nonConformingStrings else {
            throw Self.nonConformingError(value, path: path())
        }
        if value.isNaN {
            writeString(strings.nan)
        } else {
            writeString(value > 0 ? strings.positiveInfinity : strings.negativeInfinity)
        }
    }

    /// The error Foundation throws for an infinity or NaN it may not write.
    static func nonConformingError<Float: BinaryFloatingPoint>(_ value: Float, path: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: path, debugDescription: "Unable to encode \(Float.self).\(value) directly in JSON."))
    }
}

/// Receives the characters of a floating-point number straight into a session's buffer.
struct _FloatSink: TextOutputStream {
    let session: _EncodingSession

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { session.append(UnsafeRawBufferPointer($0)) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        session.append(UnsafeRawBufferPointer(buffer))
    }
}
