import Foundation

// The per-decode table of the date formats SimdUnbox parses natively (Dates/, the layer below
// Core), read once per formatter and decode.

extension _DecodingContext {
    /// The native format of `formatter`, its settings read on its first use in this decode.
    func nativeDateFormat(for formatter: DateFormatter) -> NativeDateFormat {
        if let format = dateFormats.format(for: formatter) { return format }
        return readDateFormat(of: formatter)
    }

    /// The native format of `formatter`, its options read on its first use in this decode.
    func nativeDateFormat(for formatter: ISO8601DateFormatter) -> NativeDateFormat {
        if let format = dateFormats.format(for: formatter) { return format }
        return readDateFormat(of: formatter)
    }

    @inline(never)
    private func readDateFormat(of formatter: DateFormatter) -> NativeDateFormat {
        let format = NativeDateFormat(formatter)
        dateFormats.insert(format, for: formatter)
        return format
    }

    @inline(never)
    private func readDateFormat(of formatter: ISO8601DateFormatter) -> NativeDateFormat {
        let format = NativeDateFormat(formatter)
        dateFormats.insert(format, for: formatter)
        return format
    }
}
