import Foundation

/// What the native parsers make of a date formatter's settings: how to parse its strings, or that
/// the formatter must parse them itself.
///
/// Reading a formatter's settings back costs about a microsecond on Linux (the `calendar` getter
/// alone some 780 ns), twenty times the parse itself, so a decode reads them once per formatter
/// (`DateFormatTable`) and parses every value with what it found.
enum NativeDateFormat {
    /// The formatter parses (settings the native parsers do not handle).
    case formatter
    /// A compiled `DateFormatter` pattern; `zoneOffset` is the formatter's zone, in seconds east of
    /// UTC, for a pattern without a zone field.
    case pattern(DatePattern, zoneOffset: Int)
    /// An `ISO8601DateFormatter` with `.withInternetDateTime`, with `.withFractionalSeconds` or not.
    case internetDateTime(fractionalSeconds: Bool)

    /// The native format for `formatter` as it is configured now.
    init(_ formatter: DateFormatter) {
        // Not even the empty string is known to be invalid: ICU reads abutting fields
        // (`yyyyMMdd`) out of nothing as a date in 1969. Hence no pattern without a zone when the
        // formatter's zone is not a fixed offset.
        guard let entry = DateFormatterCache.shared.entry(for: formatter), let pattern = entry.pattern,
            pattern.hasZone || entry.zoneOffset != nil
        else {
            self = .formatter
            return
        }
        self = .pattern(pattern, zoneOffset: entry.zoneOffset ?? 0)
    }

    /// The native format for `formatter` with its options now.
    init(_ formatter: ISO8601DateFormatter) {
        // A subclass may parse its own way. The formatter's zone does not matter: the strings
        // parsed natively carry their own.
        guard type(of: formatter) == ISO8601DateFormatter.self else {
            self = .formatter
            return
        }
        switch formatter.formatOptions {
        case .withInternetDateTime: self = .internetDateTime(fractionalSeconds: false)
        case [.withInternetDateTime, .withFractionalSeconds]: self = .internetDateTime(fractionalSeconds: true)
        default: self = .formatter
        }
    }

    /// The native parse of `bytes`.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> DateParseResult {
        switch self {
        case .formatter:
            return .unknown
        case .pattern(let pattern, let zoneOffset):
            guard let date = pattern.parse(bytes, zoneOffset: zoneOffset) else { return .unknown }
            return .date(date)
        case .internetDateTime(let fractionalSeconds):
            return ISO8601Parsing.parseAsFormatter(bytes, fractionalSeconds: fractionalSeconds)
        }
    }
}

/// The native formats of the date formatters one decode has used, each read from its formatter's
/// settings on first use in the decode (`_DecodingContext.dateFormats`, emptied when a document
/// or a stream's window starts and when the decode ends).
///
/// The table keeps its formatters alive, so that no other formatter can take the identity of one
/// while its entry is here. It holds a few entries, replaced in turn: a decode that makes a new
/// formatter for every model reads each one's settings, as it would without the table.
struct DateFormatTable {
    private struct Slot {
        let formatter: AnyObject
        let format: NativeDateFormat
    }

    private static let capacity = 8
    private var slots: [Slot] = []
    private var nextVictim = 0

    /// The format found for `formatter` in this decode, if any.
    func format(for formatter: AnyObject) -> NativeDateFormat? {
        for slot in slots where slot.formatter === formatter { return slot.format }
        return nil
    }

    mutating func insert(_ format: NativeDateFormat, for formatter: AnyObject) {
        let slot = Slot(formatter: formatter, format: format)
        if slots.count < Self.capacity {
            slots.append(slot)
        } else {
            slots[nextVictim] = slot
            nextVictim = (nextVictim + 1) % Self.capacity
        }
    }
}
