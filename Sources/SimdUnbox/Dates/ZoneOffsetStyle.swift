/// A way of writing a zone's offset from UTC that the native date parsers read: the canonical
/// forms of ICU's zone fields (`Z`, `ZZZZZ`, `X`…`XXXXX`, `x`…`xxxxx`). Hours run from 00 to 23
/// and minutes from 00 to 59, as in ICU; any other form is left to the formatter.
enum ZoneOffsetStyle: Equatable {
    /// `+HHMM` (`Z`, `ZZ`, `ZZZ`, `xx`, `xxxx`).
    case basic
    /// `+HH:MM` (`xxx`, `xxxxx`).
    case extended
    /// `+HH` or `+HHMM` (`x`).
    case short

    /// Reads the offset at `index`, in seconds east of UTC, with the index after it; `Z` reads as
    /// UTC when `acceptsZ`. Nil when the bytes are not in this style.
    func read(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, acceptsZ: Bool, maximumHours: Int = 23
    ) -> (seconds: Int, end: Int)? {
        guard index < bytes.count else { return nil }
        let sign: Int
        switch bytes[index] {
        case UInt8(ascii: "Z") where acceptsZ: return (0, index + 1)
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        guard let hours = DateParsing.digits(bytes, at: index + 1, count: 2), hours <= maximumHours else { return nil }
        var end = index + 3
        var minutes = 0
        switch self {
        case .basic:
            guard let value = DateParsing.digits(bytes, at: end, count: 2) else { return nil }
            minutes = value
            end += 2
        case .extended:
            guard end < bytes.count, bytes[end] == UInt8(ascii: ":"),
                let value = DateParsing.digits(bytes, at: end + 1, count: 2)
            else { return nil }
            minutes = value
            end += 3
        case .short:
            if end < bytes.count, bytes[end] &- UInt8(ascii: "0") < 10 {
                guard let value = DateParsing.digits(bytes, at: end, count: 2) else { return nil }
                minutes = value
                end += 2
            }
        }
        guard minutes < 60 else { return nil }
        // A digit or a separator right after the offset may belong to it (seconds): not decided here.
        if end < bytes.count {
            let next = bytes[end]
            if next &- UInt8(ascii: "0") < 10 || next == UInt8(ascii: ":") { return nil }
        }
        return (sign * (hours * 3600 + minutes * 60), end)
    }
}
