// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// The names (`stringValue`) of the keys of one `CodingKey` enum without payloads, by case, read
/// once per case and decode: asking the model's key for its name on every field read is a dynamic
/// call into the model's code, and more than the rest of reading a short string field.
///
/// Only for enums of at most one byte with no payload (every `CodingKeys` enum), whose byte tells
/// the cases apart. Kept with the parser (`CodableParserCache`), one per key type, and emptied at
/// the first use of each decode (`prepare`), so that keys whose names depend on a setting follow
/// it from one decode to the next; the names' UTF-8 is copied into memory of its own, so lookups
/// read it without touching a `String`.
final class KeyNames {
    /// Per case: where its name starts in `bytes`, its length and its `LookupKey.plain` (a start
    /// of -1: not read yet).
    private var entries: UnsafeMutablePointer<(start: Int, length: Int, plain: Bool)>
    private var capacity = 16
    private var bytes: UnsafeMutablePointer<UInt8>
    private var bytesUsed = 0
    private var bytesCapacity = 256
    /// The decode (`CodableParserCache.generation`) the names were read in.
    private var generation: UInt64 = 0
    /// With `convertFromSnakeCase`: per case, the number of its name in `SnakeCaseKeys` (-1: not
    /// looked up yet), valid in the epoch `numbersEpoch` of those keys.
    private var numbers: UnsafeMutablePointer<Int32>?
    private var numbersEpoch: UInt32 = 0

    /// Names for `Key`, or nil if its values are not told apart by one byte.
    static func make<Key: CodingKey>(for _: Key.Type) -> KeyNames? {
        guard MemoryLayout<Key>.size <= 1, _isPOD(Key.self), isEnum(Key.self) else { return nil }
        return KeyNames()
    }

    private init() {
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: (-1, 0, false), count: capacity)
        bytes = .allocate(capacity: bytesCapacity)
    }

    deinit {
        entries.deallocate()
        bytes.deallocate()
        numbers?.deallocate()
    }

    /// Forgets the names read by an earlier decode.
    func prepare(generation: UInt64) {
        guard generation != self.generation else { return }
        self.generation = generation
        entries.update(repeating: (-1, 0, false), count: capacity)
        bytesUsed = 0
        numbersEpoch = 0
    }

    /// The number of `key`'s name in `keys` (`convertFromSnakeCase`), looked up once per case and
    /// epoch of `keys`.
    @inline(__always)
    func number<Key: CodingKey>(of key: Key, in keys: SnakeCaseKeys) -> Int32 {
        let tag = MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
        if _fastPath(numbersEpoch == keys.epoch), let numbers {
            let number = numbers[tag]
            if number >= 0 { return number }
        }
        return lookUpNumber(key, tag, keys)
    }

    @inline(never)
    private func lookUpNumber<Key: CodingKey>(_ key: Key, _ tag: Int, _ keys: SnakeCaseKeys) -> Int32 {
        let numbers = self.numbers ?? .allocate(capacity: 256)
        if self.numbers == nil || numbersEpoch != keys.epoch {
            numbers.initialize(repeating: -1, count: 256)
            self.numbers = numbers
            numbersEpoch = keys.epoch
        }
        let number = withName(of: key) { keys.number(ofName: UnsafeRawBufferPointer($0.bytes)) }
        numbers[tag] = number
        return number
    }

    /// Runs `body` with `key`'s name.
    @inline(__always)
    func withName<Key: CodingKey, R>(of key: Key, _ body: (LookupKey) -> R) -> R {
        let tag = MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
        if _fastPath(tag < capacity) {
            let entry = entries[tag]
            if entry.start >= 0 {
                return body(LookupKey(start: bytes + entry.start, length: entry.length, plain: entry.plain))
            }
        }
        let entry = record(key, tag)
        return body(LookupKey(start: bytes + entry.start, length: entry.length, plain: entry.plain))
    }

    @inline(never)
    private func record<Key: CodingKey>(_ key: Key, _ tag: Int) -> (start: Int, length: Int, plain: Bool) {
        if tag >= capacity {
            let grown = UnsafeMutablePointer<(start: Int, length: Int, plain: Bool)>.allocate(capacity: 256)
            grown.moveInitialize(from: entries, count: capacity)
            (grown + capacity).initialize(repeating: (-1, 0, false), count: 256 - capacity)
            entries.deallocate()
            entries = grown
            capacity = 256
        }
        var name = key.stringValue
        let entry = name.withUTF8 { utf8 in
            if bytesUsed + utf8.count > bytesCapacity {
                bytesCapacity = Swift.max(bytesCapacity * 2, bytesUsed + utf8.count)
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: bytesCapacity)
                grown.initialize(from: bytes, count: bytesUsed)
                bytes.deallocate()
                bytes = grown
            }
            if let base = utf8.baseAddress { (bytes + bytesUsed).initialize(from: base, count: utf8.count) }
            defer { bytesUsed += utf8.count }
            return (start: bytesUsed, length: utf8.count, plain: LookupKey(checking: utf8).plain)
        }
        entries[tag] = entry
        return entry
    }
}

/// Whether `T` is an enum (its metadata's kind, the word at its start in Swift's stable ABI, is
/// 0x201). With `_isPOD` and a size of at most one byte, its byte is its value.
func isEnum<T>(_: T.Type) -> Bool {
    guard reliesOnPrivateLayouts else { return false }
    return unsafeBitCast(T.self as Any.Type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x201
}
