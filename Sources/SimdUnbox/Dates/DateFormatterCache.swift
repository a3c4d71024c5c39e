import Foundation

/// The native parsers' view of `DateFormatter`s: each formatter's pattern compiled once, kept
/// while its format and zone stay the same.
///
/// A `DateFormatter` is mutable, so every look-up reads back the properties the result depends on
/// (format, zone, locale, calendar, leniency, default date, Gregorian start date, relative
/// formatting) and compares them with what was compiled, or checks them. A decode looks a
/// formatter up on its first use only (`DateFormatTable`); `format(unboxedValue:)` on every call.
/// Entries are keyed by the formatter's identity; one left by a formatter since freed is only
/// ever used for a formatter whose properties are the same, for which it is right. The cache is
/// shared between threads behind a lock and holds a few entries, replaced in turn.
final class DateFormatterCache: @unchecked Sendable {
    /// A formatter's compiled configuration.
    final class Entry: @unchecked Sendable {
        let formatter: ObjectIdentifier
        let dateFormat: String
        let timeZone: TimeZone
        /// The compiled pattern, or nil when the format is not parsed natively.
        let pattern: DatePattern?
        /// The zone's fixed offset in seconds, or nil when it is not fixed (the pattern must
        /// then have a zone field to be parsed natively).
        let zoneOffset: Int?

        init(formatter: ObjectIdentifier, dateFormat: String, timeZone: TimeZone) {
            self.formatter = formatter
            self.dateFormat = dateFormat
            self.timeZone = timeZone
            pattern = DatePattern(dateFormat)
            zoneOffset = Self.fixedOffset(of: timeZone)
        }

        /// The offset of a zone that has one offset at all times, as ICU reads its identifier:
        /// `GMT`, `UTC`, `Etc/UTC`, `Etc/GMT`, or `GMT±HHMM` (what `TimeZone(secondsFromGMT:)`
        /// makes, whole minutes only); nil for any other zone.
        static func fixedOffset(of timeZone: TimeZone) -> Int? {
            let identifier = timeZone.identifier
            switch identifier {
            case "GMT", "UTC", "Etc/UTC", "Etc/GMT": return 0
            default: break
            }
            let bytes = Array(identifier.utf8)
            guard bytes.count == 8, bytes.starts(with: Array("GMT".utf8)) else { return nil }
            return bytes.withUnsafeBufferPointer { buffer in
                ZoneOffsetStyle.basic.read(buffer, at: 3, acceptsZ: false).flatMap { $0.end == 8 ? $0.seconds : nil }
            }
        }
    }

    static let shared = DateFormatterCache()
    static let capacity = 16
    /// ICU's default start of the Gregorian calendar, 1582-10-15 (seconds since 1970).
    static let defaultGregorianStart = -12_219_292_800.0

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var nextVictim = 0

    /// The entry for `formatter` as it is configured now, or nil when its configuration is not
    /// one the native parser handles (then the formatter parses).
    func entry(for formatter: DateFormatter) -> Entry? {
        // A subclass may parse its own way.
        guard type(of: formatter) == DateFormatter.self,
            !formatter.isLenient, formatter.defaultDate == nil, !formatter.doesRelativeDateFormatting,
            let dateFormat = formatter.dateFormat, let timeZone = formatter.timeZone
        else { return nil }
        let identifier = ObjectIdentifier(formatter)
        let cached: Entry? = lock.withLock {
            entries.first { $0.formatter == identifier && $0.dateFormat == dateFormat && $0.timeZone == timeZone }
        }
        let entry = cached ?? insert(Entry(formatter: identifier, dateFormat: dateFormat, timeZone: timeZone))
        guard entry.pattern != nil,
            formatter.locale?.identifier == "en_US_POSIX",
            formatter.calendar?.identifier == .gregorian,
            formatter.gregorianStartDate.map({ $0.timeIntervalSince1970 == Self.defaultGregorianStart }) ?? true
        else { return nil }
        return entry
    }

    private func insert(_ entry: Entry) -> Entry {
        lock.withLock {
            if let index = entries.firstIndex(where: { $0.formatter == entry.formatter }) {
                entries[index] = entry
            } else if entries.count < Self.capacity {
                entries.append(entry)
            } else {
                entries[nextVictim] = entry
                nextVictim = (nextVictim + 1) % Self.capacity
            }
        }
        return entry
    }
}

extension DateFormatter {
    /// The native parse of `bytes` with this formatter's configuration, read now.
    func nativeDate(from bytes: UnsafeBufferPointer<UInt8>) -> DateParseResult {
        NativeDateFormat(self).parse(bytes)
    }
}

extension ISO8601DateFormatter {
    /// The native parse of `bytes` with this formatter's options, read now.
    func nativeDate(from bytes: UnsafeBufferPointer<UInt8>) -> DateParseResult {
        NativeDateFormat(self).parse(bytes)
    }
}
