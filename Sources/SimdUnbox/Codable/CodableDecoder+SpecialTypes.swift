import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

// The types Foundation's JSONDecoder decodes by its own rules rather than through their
// `init(from:)`: `Date` and `Data` (by the decoder's strategies), `URL`, `Decimal`, and
// string-keyed dictionaries when a key strategy is set (their keys are not converted).

extension CodableDecoder {
    /// Throws `valueNotFound(type)` when the frame's value is `null` (consuming it).
    func checkNotNull(_ type: Any.Type) throws {
        if isMissing { throw valueNotFound(type, level: level, component: nil) }
        guard case .none = opened else { return }
        var value = self.value
        var isNull = false
        if value.isNull(&isNull) == .success && isNull {
            throw valueNotFound(type, level: level, component: nil)
        }
    }

    func decodeDate(containerLevel: Int) throws -> Date {
        try checkNotNull(Date.self)
        switch session.options.dateDecodingStrategy {
        case .deferredToDate:
            return try Date(from: self)
        case .secondsSince1970:
            return Date(
                timeIntervalSince1970: try readFrame(Double.self) { v throws(ReadFailure) in try readDouble(&v) })
        case .millisecondsSince1970:
            let milliseconds = try readFrame(Double.self) { v throws(ReadFailure) in try readDouble(&v) }
            return Date(timeIntervalSince1970: milliseconds / 1000)
        case .iso8601:
            // Parsed natively from the string's bytes where that gives `Date.ISO8601FormatStyle`'s
            // result (what Foundation's JSONDecoder parses with), by that style otherwise.
            let (string, native) = try readDateString(ISO8601Parsing.parseAsFormatStyle)
            if case .date(let date) = native { return date }
            guard case .unknown = native, let date = try? Date.ISO8601FormatStyle().parse(string) else {
                throw failureError(
                    .corruptedInContainer(
                        "Expected date string to be ISO8601-formatted (\"\(string)\" near byte \(frameOffset()))."),
                    type: Date.self, level: containerLevel, component: nil)
            }
            return date
        case .custom(let closure):
            return try closure(self)
        #if canImport(Darwin)
            case .formatted(let formatter):
                return try decodeDate(formattedBy: formatter)
        #endif
        @unknown default:
            return try Date(from: self)
        }
    }

    /// A date string parsed by `formatter`: natively from the string's bytes where the formatter's
    /// settings (read once per decode, on first use) allow it, by the formatter otherwise.
    func decodeDate(formattedBy formatter: DateFormatter) throws -> Date {
        let format = context.nativeDateFormat(for: formatter)
        let (string, native) = try readDateString(format.parse)
        if case .date(let date) = native { return date }
        guard case .unknown = native, let date = formatter.date(from: string) else {
            throw failureError(
                .corrupted("Date string does not match format expected by formatter."), type: Date.self,
                level: level, component: nil)
        }
        return date
    }

    /// The frame's string parsed natively by `parse` from its bytes; the string itself is made
    /// only when `parse` gives no date (for the fallback parser and the error message).
    @inline(__always)
    func readDateString(_ parse: (UnsafeBufferPointer<UInt8>) -> DateParseResult) throws -> (
        String, DateParseResult
    ) {
        var native = DateParseResult.unknown
        let string = try readFrame(String.self) { v throws(ReadFailure) -> String in
            var bytes: UnsafePointer<UInt8>?
            var count = 0
            let code = v.getString(context._parser.handle, &bytes, &count)
            guard _fastPath(code == .success) else { throw readFailure(code, &v, expected: .string) }
            native = parse(UnsafeBufferPointer(start: bytes, count: count))
            if case .date = native { return "" }
            return _Parser.string(bytes, count) { context._parser.strings }
        }
        return (string, native)
    }

    func decodeData() throws -> Data {
        try checkNotNull(Data.self)
        switch session.options.dataDecodingStrategy {
        case .deferredToData:
            return try Data(from: self)
        case .base64:
            let string = try readFrame(Data.self) { v throws(ReadFailure) in try readStringReportingString(&v) }
            guard let data = Data(base64Encoded: string) else {
                throw failureError(
                    .corrupted("Encountered Data is not valid Base64 (near byte \(frameOffset()))."), type: Data.self,
                    level: level, component: nil)
            }
            return data
        case .custom(let closure):
            return try closure(self)
        @unknown default:
            return try Data(from: self)
        }
    }

    func decodeURL() throws -> URL {
        try checkNotNull(URL.self)
        let string = try readFrame(URL.self) { v throws(ReadFailure) in try readStringReportingString(&v) }
        guard let url = URL(string: string) else {
            throw failureError(
                .corrupted("Invalid URL string (\"\(string)\" near byte \(frameOffset())."), type: URL.self,
                level: level, component: nil)
        }
        return url
    }

    func decodeDecimal() throws -> Decimal {
        try checkNotNull(Decimal.self)
        return try readFrame(Decimal.self) { v throws(ReadFailure) in try readDecimal(&v) }
    }

    /// A string, for a type decoded from one (`URL`, base64 `Data`): a mismatch is reported as
    /// one with `String`, as Foundation does.
    func readStringReportingString(_ value: inout _JSONCursor) throws(ReadFailure) -> String {
        do throws(ReadFailure) {
            return try readString(&value)
        } catch {
            if case .mismatch(let found, _, let offset) = error {
                throw .mismatch(found, type: String.self, offset: offset)
            }
            throw error
        }
    }

    /// The byte offset of the frame's value, for messages.
    func frameOffset() -> Int {
        var value = self.value
        return context._offset(of: &value)
    }

    /// A string-keyed dictionary, read in one pass over the object: its keys are taken as written
    /// whatever the key strategy, as Foundation does; for a key that appears twice, the first
    /// value wins.
    func decodeStringKeyedDictionary<Value: Decodable>(_ type: Value.Type) throws -> [String: Value] {
        guard _fastPath(frameIsLive) else { return try reviveFrame { try decodeStringKeyedDictionary(type) } }
        // As Foundation's `Dictionary.init(from:)`, which asks for a keyed container: a missing or
        // `null` value is that container's error.
        var object = try openObject(&value, opened: &opened, isMissing: isMissing, level: level, component: nil)
        var hasFields = false
        var code = object.reset(&hasFields)
        var iterator = _ObjectIterator()
        if code == .success { code = object.iterate(&iterator) }
        guard code == .success else { throw context._containerError(code) }
        // The entries are gathered first and the dictionary is built in one call: inserting one
        // at a time from this unspecialized code looks up the metadata of `[String: Value]` and
        // `Value?` on every insert, and rehashes as the dictionary grows.
        var entries = DictionaryEntries(Value.self, parser: context._parser)
        let myLevel = level
        let myToken = token
        let myStart = value.startToken
        var fieldValue = _JSONCursor()
        while true {
            // An entry's `init(from:)` may have read through a container of an ancestor.
            if _slowPath(!session.isLive(level: myLevel, token: myToken)) && fieldValue.isSet {
                try resumeIteration(level: myLevel, token: myToken, last: fieldValue, start: myStart)
            }
            var hasField = false
            var keyBytes: UnsafePointer<UInt8>?
            var keyCount = 0
            code = iterator.next(context._parser.handle, &hasField, &keyBytes, &keyCount, &fieldValue)
            guard code == .success else { throw context._containerError(code) }
            guard hasField else { break }
            guard session.claim(level: myLevel, token: myToken) else { throw staleError(level: myLevel) }
            let key = _Parser.string(keyBytes, keyCount) { context._parser.strings }
            var fieldOpened = OpenedValue.none
            entries.append(
                key,
                try decodeNested(
                    Value.self, from: &fieldValue, opened: &fieldOpened, level: myLevel,
                    component: session.holdString(key, level: myLevel)))
        }
        return entries.makeDictionary(Value.self)
    }
}

/// The entries of a string-keyed dictionary being decoded, in the order they were read, owned by
/// this value until `makeDictionary` moves them out (a decode that throws midway frees them).
///
/// They gather in room the parser lends (`ScratchArena`'s entry room), grown as needed and kept with the
/// parser for the next decode: a large dictionary (gsoc-2018.json's 1,264 projects) no longer
/// grows a fresh buffer by doubling on every decode, each step a copy into new pages. A dictionary
/// nested in one being gathered uses room of its own. Each entry is a key, then a value at the
/// next multiple of the value's alignment.
///
/// Not generic over the value (its methods are): the decoding code is not specialized for the
/// model's types, and a generic struct's metadata is looked up in the runtime's cache wherever the
/// struct is used (about 150 lookups a decode of github_events.json through the `Payload` `try?`
/// chain).
struct DictionaryEntries: ~Copyable {
    private var room: UnsafeMutableRawPointer?
    /// The distance between entries, and where in an entry its value lies.
    private let stride: Int
    private let valueOffset: Int
    /// The type of the values, to free them when the decode throws.
    private let valueType: any Any.Type
    /// Entries `start..<count` are initialized (those before `start` were moved out).
    private var start = 0
    private var count = 0
    private var capacity = 0
    /// The scratch memory that lent room for the entries, to be given back (grown or not); nil if
    /// none.
    private let lender: ScratchArena?
    /// Whether `room` was allocated here (rather than lent, and not grown yet).
    private var ownsRoom = false

    init<Value>(_: Value.Type, parser: _Parser) {
        valueType = Value.self
        let alignment = MemoryLayout<Value>.alignment
        valueOffset = (MemoryLayout<String>.size + alignment - 1) / alignment * alignment
        let entryAlignment = Swift.max(MemoryLayout<String>.alignment, alignment)
        stride = Swift.max(
            1, (valueOffset + MemoryLayout<Value>.size + entryAlignment - 1) / entryAlignment * entryAlignment)
        let scratch = parser.scratch
        guard !scratch.entriesLent, alignment <= ScratchArena.entryAlignment else {
            lender = nil
            return
        }
        scratch.entriesLent = true
        lender = scratch
        capacity = scratch.entryRoomBytes / stride
        if capacity > 0 { room = scratch.entryRoom }
    }

    deinit {
        if start < count { destroyEntries(valueType) }
        if let lender {
            lender.giveBackEntries(room, bytes: capacity * stride)
        } else if ownsRoom {
            room?.deallocate()
        }
    }

    private func destroyEntries<Value>(_: Value.Type) {
        for index in start..<count {
            keySlot(index).deinitialize(count: 1)
            valueSlot(index, Value.self).deinitialize(count: 1)
        }
    }

    @inline(__always)
    private func keySlot(_ index: Int) -> UnsafeMutablePointer<String> {
        (room.unsafelyUnwrapped + index * stride).assumingMemoryBound(to: String.self)
    }

    @inline(__always)
    private func valueSlot<Value>(_ index: Int, _: Value.Type) -> UnsafeMutablePointer<Value> {
        (room.unsafelyUnwrapped + index * stride + valueOffset).assumingMemoryBound(to: Value.self)
    }

    @inline(__always)
    mutating func append<Value>(_ key: String, _ value: consuming Value) {
        if count == capacity { grow(Value.self) }
        let entry = room.unsafelyUnwrapped + count * stride
        entry.initializeMemory(as: String.self, to: key)
        (entry + valueOffset).initializeMemory(as: Value.self, to: value)
        count += 1
    }

    @inline(never)
    private mutating func grow<Value>(_: Value.Type) {
        let grownCapacity = Swift.max(16, count * 2)
        let grown = UnsafeMutableRawPointer.allocate(
            byteCount: grownCapacity * stride,
            alignment: Swift.max(ScratchArena.entryAlignment, MemoryLayout<Value>.alignment))
        for index in 0..<count {
            let entry = grown + index * stride
            entry.initializeMemory(as: String.self, to: keySlot(index).move())
            (entry + valueOffset).initializeMemory(as: Value.self, to: valueSlot(index, Value.self).move())
        }
        // Lent room is the lender's to free when it is given back.
        if ownsRoom { room?.deallocate() }
        room = grown
        capacity = grownCapacity
        ownsRoom = true
    }

    /// The dictionary of the entries; for a key that appears twice, the first value wins.
    ///
    /// The keys are hashed into a `[String: Int]` (each key's first entry), in code that is not
    /// generic, and `mapValues` then moves the values into a dictionary of the same layout, without
    /// hashing again. `Dictionary(_:uniquingKeysWith:)` over the entries ran unspecialized: a hash
    /// and a probe through the key's witnesses, and the metadata of the dictionary and its storage
    /// looked up, for every dictionary. Callgrind, github_events.json decoded with the free-form
    /// `Payload` `try?` chain (84 dictionaries, 650 entries a decode): 5.22M instructions per
    /// decode, 5.08M this way, 4.72M with `DictionaryEntries` no longer generic (gsoc-2018.json as
    /// `[String: Project]`: 28.24M, then 28.10M).
    consuming func makeDictionary<Value>(_: Value.Type) -> [String: Value] {
        guard count > start, let room else { return [:] }
        let (firsts, duplicates) = Self.firstEntries(room, stride: stride, start: start, count: count)
        for index in duplicates { valueSlot(index, Value.self).deinitialize(count: 1) }
        start = count
        let stride = stride
        let valueOffset = valueOffset
        return firsts.mapValues { index in
            (room + index * stride + valueOffset).assumingMemoryBound(to: Value.self).move()
        }
    }

    /// Moves the keys of entries `start..<count` into a dictionary of the index of each key's
    /// first entry, and lists the later entries of keys that appear twice.
    private static func firstEntries(_ room: UnsafeMutableRawPointer, stride: Int, start: Int, count: Int)
        -> (firsts: [String: Int], duplicates: [Int])
    {
        var firsts = [String: Int](minimumCapacity: count - start)
        var duplicates: [Int] = []
        for index in start..<count {
            let key = (room + index * stride).assumingMemoryBound(to: String.self).move()
            if let first = firsts.updateValue(index, forKey: key) {
                // A duplicate (rare): the first entry stays.
                firsts[key] = first
                duplicates.append(index)
            }
        }
        return (firsts, duplicates)
    }
}

/// String-keyed dictionaries: decoded in one pass (not through `Dictionary.init(from:)`, which
/// lists the keys first and then looks each one up), and left alone by key strategies.
protocol StringKeyedDictionary {
    static func decodeWithoutKeyStrategy(from decoder: CodableDecoder) throws -> Self
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeWithoutKeyStrategy(from decoder: CodableDecoder) throws -> Self {
        try decoder.decodeStringKeyedDictionary(Value.self)
    }
}
