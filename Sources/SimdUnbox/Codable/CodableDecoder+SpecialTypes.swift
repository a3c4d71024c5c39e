import CSimdJSON
import Foundation

// The types Foundation's JSONDecoder decodes by its own rules rather than through their
// `init(from:)`: `Date` and `Data` (by the decoder's strategies), `URL`, `Decimal`, and
// string-keyed dictionaries when a key strategy is set (their keys are not converted).

extension _CodableDecoder {
    /// Throws `valueNotFound(type)` when the frame's value is `null` (consuming it).
    func _checkNotNull(_ type: Any.Type) throws {
        if isMissing { throw _valueNotFound(type, level: level, component: nil) }
        guard case .none = opened else { return }
        var value = self.value
        var isNull = false
        if csimdjson_value_is_null(&value, &isNull) == CSIMDJSON_SUCCESS && isNull {
            throw _valueNotFound(type, level: level, component: nil)
        }
    }

    func _decodeDate(containerLevel: Int) throws -> Date {
        try _checkNotNull(Date.self)
        switch session.options.dateDecodingStrategy {
        case .deferredToDate:
            return try Date(from: self)
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try _readFrame(Double.self) { v throws(_ReadFailure) in try _readDouble(&v) })
        case .millisecondsSince1970:
            let milliseconds = try _readFrame(Double.self) { v throws(_ReadFailure) in try _readDouble(&v) }
            return Date(timeIntervalSince1970: milliseconds / 1000)
        case .iso8601:
            let string = try _readFrame(String.self) { v throws(_ReadFailure) in try _readString(&v) }
            guard let date = try? Date.ISO8601FormatStyle().parse(string) else {
                throw _error(
                    .corruptedInContainer(
                        "Expected date string to be ISO8601-formatted (\"\(string)\" near byte \(_frameOffset()))."),
                    type: Date.self, level: containerLevel, component: nil)
            }
            return date
        case .custom(let closure):
            return try closure(self)
        #if canImport(Darwin)
        case .formatted(let formatter):
            let string = try _readFrame(String.self) { v throws(_ReadFailure) in try _readString(&v) }
            guard let date = formatter.date(from: string) else {
                throw _error(
                    .corrupted("Date string does not match format expected by formatter."), type: Date.self,
                    level: level, component: nil)
            }
            return date
        #endif
        @unknown default:
            return try Date(from: self)
        }
    }

    func _decodeData() throws -> Data {
        try _checkNotNull(Data.self)
        switch session.options.dataDecodingStrategy {
        case .deferredToData:
            return try Data(from: self)
        case .base64:
            let string = try _readFrame(Data.self) { v throws(_ReadFailure) in try _readStringReportingString(&v) }
            guard let data = Data(base64Encoded: string) else {
                throw _error(
                    .corrupted("Encountered Data is not valid Base64 (near byte \(_frameOffset()))."), type: Data.self,
                    level: level, component: nil)
            }
            return data
        case .custom(let closure):
            return try closure(self)
        @unknown default:
            return try Data(from: self)
        }
    }

    func _decodeURL() throws -> URL {
        try _checkNotNull(URL.self)
        let string = try _readFrame(URL.self) { v throws(_ReadFailure) in try _readStringReportingString(&v) }
        guard let url = URL(string: string) else {
            throw _error(
                .corrupted("Invalid URL string (\"\(string)\" near byte \(_frameOffset())."), type: URL.self,
                level: level, component: nil)
        }
        return url
    }

    func _decodeDecimal() throws -> Decimal {
        try _checkNotNull(Decimal.self)
        return try _readFrame(Decimal.self) { v throws(_ReadFailure) in try _readDecimal(&v) }
    }

    /// A string, for a type decoded from one (`URL`, base64 `Data`): a mismatch is reported as
    /// one with `String`, as Foundation does.
    func _readStringReportingString(_ value: inout csimdjson_value) throws(_ReadFailure) -> String {
        do throws(_ReadFailure) {
            return try _readString(&value)
        } catch {
            if case .mismatch(let found, _, let offset) = error {
                throw .mismatch(found, type: String.self, offset: offset)
            }
            throw error
        }
    }

    /// The byte offset of the frame's value, for messages.
    func _frameOffset() -> Int {
        var value = self.value
        return context._offset(of: &value)
    }

    /// A string-keyed dictionary, read in one pass over the object: its keys are taken as written
    /// whatever the key strategy, as Foundation does; for a key that appears twice, the first
    /// value wins.
    func _decodeStringKeyedDictionary<Value: Decodable>(_: Value.Type) throws -> [String: Value] {
        try _checkFrame()
        if isMissing || { var v = value; var n = false; return csimdjson_value_is_null(&v, &n) == CSIMDJSON_SUCCESS && n }() {
            throw _valueNotFound([String: Any].self, level: level, component: nil)
        }
        var object = try _openObject(&value, opened: &opened, isMissing: false, level: level, component: nil)
        var hasFields = false
        var code = csimdjson_object_reset(&object, &hasFields)
        var iterator = csimdjson_object_iterator()
        if code == CSIMDJSON_SUCCESS { code = csimdjson_object_iterate(&object, &iterator) }
        guard code == CSIMDJSON_SUCCESS else { throw context._containerError(code) }
        // The entries are gathered first and the dictionary is built in one call: inserting one
        // at a time from this unspecialized code looks up the metadata of `[String: Value]` and
        // `Value?` on every insert, and rehashes as the dictionary grows.
        var entries = _DictionaryEntries<Value>()
        let myLevel = level
        let myToken = token
        while true {
            var hasField = false
            var keyBytes: UnsafePointer<UInt8>?
            var keyCount = 0
            var fieldValue = csimdjson_value()
            code = csimdjson_object_iterator_next(context._parser.handle, &iterator, &hasField, &keyBytes, &keyCount, &fieldValue)
            guard code == CSIMDJSON_SUCCESS else { throw context._containerError(code) }
            guard hasField else { break }
            guard session.claim(level: myLevel, token: myToken) else { throw _staleError(level: myLevel) }
            let key = _validatedString(keyBytes, keyCount)
            var fieldOpened = _OpenedValue.none
            entries.append(
                key,
                try _decodeNested(
                    Value.self, from: &fieldValue, opened: &fieldOpened, level: myLevel,
                    component: .key(_CodableKey(stringValue: key))))
        }
        return entries.makeDictionary()
    }
}

/// The entries of a string-keyed dictionary being decoded, in the order they were read: the keys
/// in an array, the values in a buffer owned by this value until `makeDictionary()` moves them
/// out (a decode that throws midway frees them).
struct _DictionaryEntries<Value>: ~Copyable {
    private var keys: [String] = []
    private var values: UnsafeMutablePointer<Value>?
    private var capacity = 0

    init() {}

    deinit {
        guard let values else { return }
        values.deinitialize(count: keys.count)
        values.deallocate()
    }

    @inline(__always)
    mutating func append(_ key: String, _ value: consuming Value) {
        if keys.count == capacity { grow() }
        (values.unsafelyUnwrapped + keys.count).initialize(to: value)
        keys.append(key)
    }

    @inline(never)
    private mutating func grow() {
        let count = keys.count
        capacity = Swift.max(16, count * 2)
        let grown = UnsafeMutablePointer<Value>.allocate(capacity: capacity)
        if let values {
            grown.moveInitialize(from: values, count: count)
            values.deallocate()
        }
        values = grown
        keys.reserveCapacity(capacity)
    }

    /// The dictionary of the entries; for a key that appears twice, the first value wins.
    consuming func makeDictionary() -> [String: Value] {
        guard let values else { return [:] }
        self.values = nil
        let count = keys.count
        var moved = 0
        let dictionary = withUnsafeMutablePointer(to: &moved) { moved in
            Dictionary(
                _MovingEntries(keys: keys, values: values, moved: moved),
                uniquingKeysWith: { first, _ in first })
        }
        (values + moved).deinitialize(count: count - moved)
        values.deallocate()
        return dictionary
    }
}

/// Entries as a sequence that moves each value out of its buffer as it is read, counting them in
/// `moved` (whatever is left is the owner's to free).
private struct _MovingEntries<Value>: Sequence, IteratorProtocol {
    let keys: [String]
    let values: UnsafeMutablePointer<Value>
    let moved: UnsafeMutablePointer<Int>

    func makeIterator() -> Self { self }

    var underestimatedCount: Int { keys.count - moved.pointee }

    mutating func next() -> (String, Value)? {
        let index = moved.pointee
        guard index < keys.count else { return nil }
        moved.pointee = index + 1
        return (keys[index], (values + index).move())
    }
}

/// String-keyed dictionaries: decoded in one pass (not through `Dictionary.init(from:)`, which
/// lists the keys first and then looks each one up), and left alone by key strategies.
protocol _StringKeyedDictionary {
    static func _decodeWithoutKeyStrategy(from decoder: _CodableDecoder) throws -> Self
}

extension Dictionary: _StringKeyedDictionary where Key == String, Value: Decodable {
    static func _decodeWithoutKeyStrategy(from decoder: _CodableDecoder) throws -> Self {
        try decoder._decodeStringKeyedDictionary(Value.self)
    }
}
