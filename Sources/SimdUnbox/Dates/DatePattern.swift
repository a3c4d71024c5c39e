import Foundation

/// A `DateFormatter` pattern compiled for native parsing: fixed-width numeric fields (`yyyy`,
/// `MM`, `dd`, `HH`, `mm`, `ss`), abbreviated English month and weekday names (`MMM`, `E`…`EEE`,
/// as in Twitter's `EEE MMM dd HH:mm:ss Z yyyy`), fractional seconds (`S`…), zone offsets (`Z`,
/// `ZZ`, `ZZZ`, `ZZZZZ`, `X`…`XXXXX`, `x`…`xxxxx`) and ASCII literals, quoted or not.
///
/// Only patterns whose canonical strings ICU parses one way compile: year, month and day once
/// each, no other field twice, no digit among the literals, no fraction next to another number,
/// no letter right after a name (ICU reads the longest name it finds: `June` for `MMM`).
/// Everything else (full names, two-digit years, 12-hour clocks, `ZZZZ`, `z`, `v`, …) stays with
/// the formatter. Names are decided natively only as the `en_US_POSIX` locale writes them (`Sep`,
/// `Thu`), and a weekday only when it is the date's own: ICU also reads other cases, full names
/// and a weekday that contradicts the date, and those strings go to the formatter. A class: the
/// decode's table hands it out for every value.
final class DatePattern {
    enum Element: Hashable {
        case literal(UInt8)
        case year, month, day, hour, minute, second
        /// `MMM`: `Jan` … `Dec`.
        case monthName
        /// `E`, `EE` or `EEE`: `Sun` … `Sat`.
        case weekday
        /// Fractional seconds: 1 to 9 digits, truncated to milliseconds.
        case fraction
        case zone(ZoneOffsetStyle, acceptsZ: Bool)

        var isFixedWidth: Bool {
            switch self {
            case .fraction, .zone: false
            default: true
            }
        }

        var isNumber: Bool {
            switch self {
            case .literal, .zone, .monthName, .weekday: false
            default: true
            }
        }

        var isName: Bool { self == .monthName || self == .weekday }

        /// The width of a fixed-width element in its canonical form.
        var width: Int {
            switch self {
            case .literal: 1
            case .year: 4
            case .monthName, .weekday: 3
            default: 2
            }
        }
    }

    let elements: [Element]
    /// Whether the pattern has a zone field (otherwise the formatter's zone applies).
    let hasZone: Bool
    /// The pattern's leading fixed-width elements (all of them up to the first fraction or zone)
    /// as a byte template: each literal as it is, `Self.digit` where a field's digit lies. The
    /// fields there are read at fixed offsets once the template matches; the elements after it
    /// (`tail`) one by one. Callgrind, `yyyy-MM-dd'T'HH:mm:ssZ` read by `DateFormatter._format`:
    /// 795 instructions a date element by element (pattern a struct), 740 with the template and the
    /// pattern a class (one retain where the struct's copy retained three arrays).
    private let template: [UInt8]
    /// Where each field of the template starts (-1: not in the template).
    private let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    private let monthName: Int, weekday: Int
    /// Whether the pattern has a weekday (checked against the date, wherever it is).
    private let hasWeekday: Bool
    private let tail: ArraySlice<Element>

    /// A digit in `template`, which no literal is (they are ASCII).
    private static let digit: UInt8 = 0xFF
    /// A letter of a name in `template` (checked when the name is looked up).
    private static let letter: UInt8 = 0xFE

    /// Compiles `format`, or returns nil if it is not one the native parser handles.
    init?(_ format: String) {
        var elements: [Element] = []
        let bytes = Array(format.utf8)
        var index = 0
        var inQuote = false
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80, byte &- UInt8(ascii: "0") >= 10 else { return nil }
            if byte == UInt8(ascii: "'") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") {
                    elements.append(.literal(byte))
                    index += 2
                } else {
                    inQuote.toggle()
                    index += 1
                }
                continue
            }
            if inQuote || !isLetter(byte) {
                elements.append(.literal(byte))
                index += 1
                continue
            }
            var count = 1
            while index + count < bytes.count, bytes[index + count] == byte { count += 1 }
            index += count
            let element: Element
            switch (byte, count) {
            case (UInt8(ascii: "y"), 4): element = .year
            case (UInt8(ascii: "M"), 2): element = .month
            case (UInt8(ascii: "M"), 3): element = .monthName
            case (UInt8(ascii: "E"), 1...3): element = .weekday
            case (UInt8(ascii: "d"), 2): element = .day
            case (UInt8(ascii: "H"), 2): element = .hour
            case (UInt8(ascii: "m"), 2): element = .minute
            case (UInt8(ascii: "s"), 2): element = .second
            case (UInt8(ascii: "S"), 1...9): element = .fraction
            // `Z` for UTC is read as Foundation reads it under these patterns too (GitHub writes it).
            case (UInt8(ascii: "Z"), 1...3): element = .zone(.basic, acceptsZ: true)
            case (UInt8(ascii: "Z"), 5): element = .zone(.extended, acceptsZ: true)
            case (UInt8(ascii: "X"), 1): element = .zone(.short, acceptsZ: true)
            case (UInt8(ascii: "X"), 2), (UInt8(ascii: "X"), 4): element = .zone(.basic, acceptsZ: true)
            case (UInt8(ascii: "X"), 3), (UInt8(ascii: "X"), 5): element = .zone(.extended, acceptsZ: true)
            case (UInt8(ascii: "x"), 1): element = .zone(.short, acceptsZ: false)
            case (UInt8(ascii: "x"), 2), (UInt8(ascii: "x"), 4): element = .zone(.basic, acceptsZ: false)
            case (UInt8(ascii: "x"), 3), (UInt8(ascii: "x"), 5): element = .zone(.extended, acceptsZ: false)
            default: return nil
            }
            elements.append(element)
        }
        guard !inQuote else { return nil }
        // Each field once; year, month (as a number or a name) and day present.
        var zones = 0
        for field in [Element.year, .month, .monthName, .day, .hour, .minute, .second, .fraction, .weekday] {
            let count = elements.filter { $0 == field }.count
            let required = field == .year || field == .day
            guard count == 1 || (count == 0 && !required) else { return nil }
        }
        guard elements.contains(.month) != elements.contains(.monthName) else { return nil }
        // ICU reads the longest name it can: a letter after a name could belong to it.
        for (position, element) in elements.enumerated() where element.isName && position + 1 < elements.count {
            switch elements[position + 1] {
            case .literal(let byte) where isLetter(byte): return nil
            case .monthName, .weekday: return nil
            default: break
            }
        }
        for element in elements { if case .zone = element { zones += 1 } }
        guard zones <= 1 else { return nil }
        // A fraction reads all the digits it meets: no number may touch it.
        for (position, element) in elements.enumerated() where element == .fraction {
            if position > 0, elements[position - 1].isNumber { return nil }
            if position + 1 < elements.count, elements[position + 1].isNumber { return nil }
        }
        self.elements = elements
        hasZone = zones == 1
        var template: [UInt8] = []
        var offsets = [Element: Int]()
        let end = elements.firstIndex { !$0.isFixedWidth } ?? elements.endIndex
        for element in elements[..<end] {
            if case .literal(let byte) = element {
                template.append(byte)
            } else {
                offsets[element] = template.count
                template += repeatElement(element.isName ? Self.letter : Self.digit, count: element.width)
            }
        }
        self.template = template
        year = offsets[.year] ?? -1
        month = offsets[.month] ?? -1
        day = offsets[.day] ?? -1
        hour = offsets[.hour] ?? -1
        minute = offsets[.minute] ?? -1
        second = offsets[.second] ?? -1
        monthName = offsets[.monthName] ?? -1
        weekday = offsets[.weekday] ?? -1
        hasWeekday = elements.contains(.weekday)
        tail = elements[end...]
    }

    /// The value of the ASCII digits at `index`, known to be digits.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, count: Int) -> Int {
        var value = 0
        for offset in 0..<count { value = value &* 10 &+ Int(bytes[index &+ offset] &- UInt8(ascii: "0")) }
        return value
    }

    /// The names `en_US_POSIX` writes for `MMM` and `EEE`, each as its three bytes in a `UInt32`.
    private static let monthNames: [UInt32] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ].map(packed)
    private static let weekdayNames: [UInt32] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map(packed)

    private static func packed(_ name: String) -> UInt32 {
        name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The index in `names` of the three bytes at `index` (known to be in the input), or nil.
    private static func name(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, in names: [UInt32]) -> Int? {
        let key = UInt32(bytes[index]) << 16 | UInt32(bytes[index &+ 1]) << 8 | UInt32(bytes[index &+ 2])
        return names.firstIndex(of: key)
    }

    /// Parses `bytes` filling the whole input; `zoneOffset` is the formatter's zone, in seconds
    /// east of UTC, for a pattern without a zone field. Nil when the input is not canonical.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>, zoneOffset: Int) -> Date? {
        guard bytes.count >= template.count else { return nil }
        for (index, expected) in template.enumerated() {
            let byte = bytes[index]
            if expected == Self.digit {
                guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            } else if expected != Self.letter {
                guard byte == expected else { return nil }
            }
        }
        var year = self.year < 0 ? 0 : Self.number(bytes, at: self.year, count: 4)
        var month = self.month < 0 ? 0 : Self.number(bytes, at: self.month, count: 2)
        var day = self.day < 0 ? 0 : Self.number(bytes, at: self.day, count: 2)
        var hour = self.hour < 0 ? 0 : Self.number(bytes, at: self.hour, count: 2)
        var minute = self.minute < 0 ? 0 : Self.number(bytes, at: self.minute, count: 2)
        var second = self.second < 0 ? 0 : Self.number(bytes, at: self.second, count: 2)
        if self.monthName >= 0 {
            guard let value = Self.name(bytes, at: self.monthName, in: Self.monthNames) else { return nil }
            month = value + 1
        }
        var weekday = -1
        if self.weekday >= 0 {
            guard let value = Self.name(bytes, at: self.weekday, in: Self.weekdayNames) else { return nil }
            weekday = value
        }
        var milliseconds = 0
        var offset = zoneOffset
        var index = template.count
        for element in tail {
            switch element {
            case .literal(let byte):
                guard index < bytes.count, bytes[index] == byte else { return nil }
                index += 1
            case .year:
                guard let value = DateParsing.digits(bytes, at: index, count: 4) else { return nil }
                year = value
                index += 4
            case .month, .day, .hour, .minute, .second:
                guard let value = DateParsing.digits(bytes, at: index, count: 2) else { return nil }
                switch element {
                case .month: month = value
                case .day: day = value
                case .hour: hour = value
                case .minute: minute = value
                default: second = value
                }
                index += 2
            case .monthName, .weekday:
                guard index + 3 <= bytes.count,
                    let value = Self.name(
                        bytes, at: index, in: element == .monthName ? Self.monthNames : Self.weekdayNames)
                else { return nil }
                if element == .monthName { month = value + 1 } else { weekday = value }
                index += 3
            case .fraction:
                var digits = 0
                while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                    guard digits < 9 else { return nil }
                    if digits < 3 { milliseconds = milliseconds * 10 + Int(digit) }
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
                for _ in min(digits, 3)..<3 { milliseconds *= 10 }
            case .zone(let style, let acceptsZ):
                guard let (seconds, end) = style.read(bytes, at: index, acceptsZ: acceptsZ) else { return nil }
                offset = seconds
                index = end
            }
        }
        guard index == bytes.count,
            DateParsing.isValid(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        let days = DateParsing.daysSince1970(year: year, month: month, day: day)
        // 1970-01-01 was a Thursday (4, counting from Sunday); `days % 7` is negative before 1970.
        if hasWeekday, (days % 7 + 7 + 4) % 7 != weekday { return nil }
        let seconds = days * 86400 + hour * 3600 + minute * 60 + second - offset
        return DateParsing.dateFromICU(milliseconds: seconds * 1000 + milliseconds)
    }
}
