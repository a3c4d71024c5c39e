import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

extension EncodingSession {
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
        copyBytes(to: bytes + count, from: source, count: clean)
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

    /// How many bytes from `source` need no escape: text of 32 bytes or more in the shim, sixteen
    /// bytes at a time (`JSONEscaping`; gsoc-2018.json 33.41M → 26.48M instructions per encode),
    /// shorter text (most keys) here, eight at a time.
    ///
    /// A word needs a look byte by byte when one of its bytes is below 0x20, or equals `"`, `\`
    /// or (when escaped) `/`: the classic SWAR tests "has a byte less than n" and "has a zero
    /// byte" (of the word xor the character repeated), exact for the question "any such byte?".
    /// (Its gain over a byte loop has not been measured on its own yet; whole-encode figures
    /// only: gsoc-2018.json, mostly long strings, encodes at 350-650 MB/s.) The tail is checked as
    /// one more word, overlapping, and text of 4 to 7 bytes as two halves of one word, instead of
    /// byte by byte: 1 MB of records as JSON Lines, 41.5M → 38.6M instructions (-6.9%);
    /// twitter.json under `.sortedKeys`, 14.8M → 13.9M (-6.3%). Sixteen-byte `SIMD16<UInt8>`
    /// compares were tried and measured worse: 41.5M → 57.9M on the records (the toolchain does
    /// not keep them in vector registers here).
    @inline(__always)
    private func cleanPrefixLength(_ source: UnsafePointer<UInt8>, _ length: Int) -> Int {
        if length >= 32 {
            return JSONEscaping.cleanPrefixLength(source, length, escapeSlashes: escapeSlashes)
        }
        let raw = UnsafeRawPointer(source)
        var position = 0
        if length >= 8 {
            while position &+ 8 <= length {
                if wordNeedsEscape(raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)) { break }
                position &+= 8
            }
            // The last few bytes (when no word stopped the loop): the word that ends the text,
            // overlapping bytes already seen, instead of a loop byte by byte.
            if position < length && position &+ 8 > length
                && !wordNeedsEscape(raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self))
            {
                return length
            }
        } else if length >= 4 {
            // Short text (most keys): two overlapping four-byte halves checked as one word.
            let head = UInt64(raw.loadUnaligned(as: UInt32.self))
            let tail = UInt64(raw.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self))
            if !wordNeedsEscape(head | tail &<< 32) { return length }
        }
        while position < length && !needsEscape(source[position]) { position &+= 1 }
        return position
    }

    /// Whether one of the eight bytes of `word` needs an escape (see `cleanPrefixLength`).
    @inline(__always)
    private func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes: UInt64 = 0x2222_2222_2222_2222
        let backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C
        // Without slash escaping, look for quotes twice instead.
        let slashes: UInt64 = escapeSlashes ? 0x2F2F_2F2F_2F2F_2F2F : quotes
        let control = (word &- ones &* 0x20) & ~word
        let quote = ((word ^ quotes) &- ones) & ~(word ^ quotes)
        let backslash = ((word ^ backslashes) &- ones) & ~(word ^ backslashes)
        let slash = ((word ^ slashes) &- ones) & ~(word ^ slashes)
        return (control | quote | backslash | slash) & highs != 0
    }

    @inline(__always)
    private func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (byte == UInt8(ascii: "/") && escapeSlashes)
    }

    /// Writes `length` bytes from `source`, escaping what needs it (the slow path), in the shim:
    /// each escape, then the run of bytes up to the next one, found sixteen bytes at a time (URLs,
    /// with a `\/` every few bytes, are common).
    @inline(never)
    private func writeEscaped(_ source: UnsafePointer<UInt8>, _ length: Int) {
        reserve(length &* 6)
        count &+= JSONEscaping.writeEscaped(source, length, to: bytes + count, escapeSlashes: escapeSlashes)
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
        if Float.self == Double.self, let units = Self.shortDecimalUnits(unsafeBitCast(value, to: Double.self)) {
            writeShortDecimal(units, negative: value < 0)
            return
        }
        var sink = FloatSink(session: self)
        // The standard library prints into a stack buffer and hands it to `_writeASCII`: no
        // `String` is made (`description` allocates for 16 characters or more, most of
        // canada.json's coordinates): 7 allocations per encode of canada.json, against 435,601
        // for JSONEncoder, which goes through `description`.
        value.write(to: &sink)
        if count >= 2 && bytes[count &- 2] == UInt8(ascii: ".") && bytes[count &- 1] == UInt8(ascii: "0") {
            count &-= 2
        }
    }

    /// The ten-thousandths in `value` if it has at most four decimals and lies in [1e-4, 1e11) in
    /// magnitude (prices, scores, rounded coordinates): `writeShortDecimal` then writes it as
    /// `description` would. `nil` for the others, which take the standard library's printer.
    ///
    /// Why the result is `description`'s: in that range Swift prints plain decimals, and the
    /// shortest digits that read back as `value` are its fewest decimals. If some string of at
    /// most four decimals reads back as `value`, so does `m / 10⁴` with `m` the nearest integer to
    /// `value × 10⁴` (the product is exact to well under 0.5 there: below 10¹⁵, and `value`'s
    /// spacing times 10⁴ is below 0.08), and no other four-decimal string does (`value`'s
    /// rounding interval is narrower than 10⁻⁴). `m / 10⁴` is checked by one division, correctly
    /// rounded as reading the string would round it; dropping `m`'s trailing zeros gives the
    /// fewest decimals. Measured with callgrind on 1 MB of generated records as JSON Lines (two of
    /// their four doubles have three decimals): 38.6M → 37.8M instructions (-2.1%, about 80 fewer
    /// per short double, of about 250); canada.json (17-digit coordinates, all rejected by the
    /// check): 120.5M → 121.0M (+0.4%).
    @inline(__always)
    static func shortDecimalUnits(_ value: Double) -> UInt64? {
        let magnitude = value.magnitude
        guard magnitude >= 1e-4 && magnitude < 1e11 else { return nil }
        // Truncating `+ 0.5` rounds (a conversion instruction; `rounded()` is a libm call
        // without SSE4.1); a product that rounds the other way only fails the check below.
        let units = UInt64(magnitude * 10_000 + 0.5)
        guard Double(units) / 10_000 == magnitude else { return nil }
        return units
    }

    /// Writes `units` ten-thousandths (see `shortDecimalUnits`) with the fewest decimals.
    @inline(never)
    func writeShortDecimal(_ units: UInt64, negative: Bool) {
        var units = units
        var decimals = 4
        while decimals > 0 && units % 10 == 0 {
            units /= 10
            decimals &-= 1
        }
        reserve(24)
        if negative {
            bytes[count] = UInt8(ascii: "-")
            count &+= 1
        }
        guard decimals > 0 else {
            writeDecimal(units, negative: false)
            return
        }
        let divisor: UInt64 = decimals == 1 ? 10 : decimals == 2 ? 100 : decimals == 3 ? 1_000 : 10_000
        writeDecimal(units / divisor, negative: false)
        bytes[count] = UInt8(ascii: ".")
        var fraction = units % divisor
        var position = decimals
        while position > 0 {
            bytes[count &+ position] = UInt8(ascii: "0") &+ UInt8(fraction % 10)
            fraction /= 10
            position &-= 1
        }
        count &+= decimals &+ 1
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

/// Copies `count` bytes, with two overlapping word moves when there are 4 to 16 of them (keys and
/// most string values) instead of a call to `memcpy`. Measured with callgrind: 1 MB of generated
/// records written as JSON Lines, 42.2M → 41.5M instructions (-1.8%).
@inline(__always)
func copyBytes(to destination: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>, count: Int) {
    let target = UnsafeMutableRawPointer(destination)
    let origin = UnsafeRawPointer(source)
    if count >= 8 && count <= 16 {
        let head = origin.loadUnaligned(as: UInt64.self)
        let tail = origin.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        target.storeBytes(of: head, as: UInt64.self)
        target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
    } else if count >= 4 && count < 8 {
        let head = origin.loadUnaligned(as: UInt32.self)
        let tail = origin.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        target.storeBytes(of: head, as: UInt32.self)
        target.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
    } else if count < 4 {
        var position = 0
        while position < count {
            destination[position] = source[position]
            position &+= 1
        }
    } else {
        target.copyMemory(from: origin, byteCount: count)
    }
}

/// Receives the characters of a floating-point number straight into a session's buffer.
struct FloatSink: TextOutputStream {
    let session: EncodingSession

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { session.append(UnsafeRawBufferPointer($0)) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        session.append(UnsafeRawBufferPointer(buffer))
    }
}
