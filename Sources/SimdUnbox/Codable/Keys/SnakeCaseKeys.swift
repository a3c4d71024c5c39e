import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

// Keys under `convertFromSnakeCase`
// =================================
//
// Foundation converts every key of every object (`created_at` → `createdAt`) and looks the model's
// keys up among the converted ones; when several keys of an object convert to the same name, the
// first one in the object wins. Converting is slow (`capitalized`, `split`, `joined`), and a
// dictionary per object is slower than reading the object.
//
// Here each distinct key is converted once and kept (`SnakeCaseKeys`, with the parser: one decode
// at a time uses it, so no lock), as a number for its converted name. A keyed container walks its
// object's fields in order (`SnakeCaseKeys.find`), telling each key's name number by its bytes,
// and remembers the first field of each name it has passed, so that:
// - a model reading in document order walks the object once, as with default keys;
// - a name met before (out of order, or read twice) goes back to its first field;
// - a name not met before is looked for from the furthest field walked, and is missing once the
//   walk reaches the end: the first field of each name, exactly as Foundation finds it.
// No per-object table of keys, no `String` for a key seen before.

/// A table from short byte strings to numbers, for `SnakeCaseKeys`: open addressing over a
/// power-of-two number of slots, the strings copied into memory of its own (with 8 bytes to spare
/// after the last, so that comparisons read whole words).
struct ByteTable {
    struct Entry {
        var hash: UInt64
        var start: Int
        var length: Int
        var value: Int32
        /// The string holds no `"` and no backslash (a shim lookup can take it as it is).
        var plain: Bool
    }

    private var slots: UnsafeMutablePointer<Int32>
    private var slotMask: Int
    private var entries: UnsafeMutablePointer<Entry>
    private var entryCapacity: Int
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    private var bytesCapacity: Int
    private var bytesUsed = 0
    /// The number of strings held.
    private(set) var count = 0

    init() {
        slotMask = 63
        slots = .allocate(capacity: 64)
        slots.initialize(repeating: -1, count: 64)
        entryCapacity = 32
        entries = .allocate(capacity: entryCapacity)
        bytesCapacity = 1024
        bytes = .allocate(capacity: bytesCapacity + 8)
    }

    func deallocate() {
        slots.deallocate()
        entries.deallocate()
        bytes.deallocate()
    }

    /// The entry numbered `index` (`index(for:)`).
    @inline(__always)
    func entry(_ index: Int32) -> Entry { entries[Int(index)] }

    /// The index of the entry for `key`, or -1. `padded`: at least 8 bytes can be read past the
    /// end of `key` (a key the shim read: in the document, or in its string buffer, both of which
    /// have padding to spare), so it is read a word at a time.
    @inline(__always)
    func index(for key: UnsafeRawBufferPointer, padded: Bool) -> Int32 {
        let hash = padded ? Self.paddedHash(key) : Self.hash(key)
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while true {
            let index = slots[slot]
            if index < 0 { return -1 }
            let entry = entries[Int(index)]
            if entry.hash == hash && entry.length == key.count
                && (padded ? paddedEqual(bytes + entry.start, key) : equal(bytes + entry.start, key))
            {
                return index
            }
            slot = (slot + 1) & slotMask
        }
    }

    /// Whether the `key.count` bytes at `stored` are `key`, read a word at a time (both padded).
    @inline(__always)
    private func paddedEqual(_ stored: UnsafeMutablePointer<UInt8>, _ key: UnsafeRawBufferPointer) -> Bool {
        guard key.count > 0, let right = key.baseAddress else { return true }
        let left = UnsafeRawPointer(stored)
        var offset = 0
        while offset &+ 8 <= key.count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset &+= 8
        }
        guard offset < key.count else { return true }
        let mask = ~UInt64(0) >> (64 &- 8 &* UInt64(truncatingIfNeeded: key.count &- offset))
        return
            (left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            ^ right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & mask == 0
    }

    private func equal(_ stored: UnsafeMutablePointer<UInt8>, _ key: UnsafeRawBufferPointer) -> Bool {
        key.count == 0 || memcmp(stored, key.baseAddress.unsafelyUnwrapped, key.count) == 0
    }

    /// Adds `key` (not in the table) with `value`; returns its entry's index.
    @discardableResult
    mutating func insert(_ key: UnsafeRawBufferPointer, value: Int32) -> Int32 {
        if (count + 1) * 2 > slotMask + 1 { growSlots() }
        if count == entryCapacity {
            entryCapacity *= 2
            let grown = UnsafeMutablePointer<Entry>.allocate(capacity: entryCapacity)
            grown.moveInitialize(from: entries, count: count)
            entries.deallocate()
            entries = grown
        }
        if bytesUsed + key.count > bytesCapacity {
            bytesCapacity = Swift.max(bytesCapacity * 2, bytesUsed + key.count)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: bytesCapacity + 8)
            grown.initialize(from: bytes, count: bytesUsed)
            bytes.deallocate()
            bytes = grown
        }
        if let base = key.baseAddress {
            (bytes + bytesUsed).initialize(from: base.assumingMemoryBound(to: UInt8.self), count: key.count)
        }
        let plain = !key.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        let hash = Self.hash(key)
        (entries + count).initialize(
            to: Entry(hash: hash, start: bytesUsed, length: key.count, value: value, plain: plain))
        bytesUsed += key.count
        place(count, hash: hash)
        count += 1
        return Int32(count - 1)
    }

    private func place(_ index: Int, hash: UInt64) {
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        while slots[slot] >= 0 { slot = (slot + 1) & slotMask }
        slots[slot] = Int32(index)
    }

    private mutating func growSlots() {
        let capacity = (slotMask + 1) * 2
        slots.deallocate()
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: -1, count: capacity)
        slotMask = capacity - 1
        for index in 0..<count { place(index, hash: entries[index].hash) }
    }

    static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A hash of `key`: its length and its first and last eight bytes (fewer, zero-filled, for a
    /// shorter key). Hashing every word cost about 30 instructions more per key on twitter.json;
    /// the keys of a document rarely share both ends.
    static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        var first: UInt64 = 0
        var last: UInt64 = 0
        if let base = key.baseAddress {
            if key.count >= 8 {
                first = base.loadUnaligned(as: UInt64.self)
                last = base.loadUnaligned(fromByteOffset: key.count - 8, as: UInt64.self)
            } else {
                for offset in 0..<key.count {
                    first |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << (8 * UInt64(offset))
                }
            }
        }
        return combine(key.count, first, last)
    }

    /// `hash(key)` for a padded key, its first word read whole and masked.
    @inline(__always)
    static func paddedHash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        guard key.count > 0, let base = key.baseAddress else { return combine(0, 0, 0) }
        var first = base.loadUnaligned(as: UInt64.self)
        var last: UInt64 = 0
        if key.count >= 8 {
            last = base.loadUnaligned(fromByteOffset: key.count &- 8, as: UInt64.self)
        } else {
            first &= ~UInt64(0) >> (64 &- 8 &* UInt64(truncatingIfNeeded: key.count))
        }
        return combine(key.count, first, last)
    }

    @inline(__always)
    static func combine(_ count: Int, _ first: UInt64, _ last: UInt64) -> UInt64 {
        let hash = (first ^ (last &* multiplier) ^ UInt64(truncatingIfNeeded: count)) &* multiplier
        return hash ^ (hash >> 29)
    }
}

/// What a keyed container's walk over its object's fields has reached (`SnakeCaseKeys.find`).
struct SnakeCaseCursor {
    /// The container's object: the decode (`CodableParserCache.generation`) and token it belongs to.
    var generation: UInt64 = 0
    var token: UInt64 = 0
    var iterator = _ObjectIterator()
    /// The field the iterator stands on (-1 before the first, `scanned` once past the last, -2
    /// before the walk started).
    var index = -2
    /// The number of fields walked from the first: their names are in the seen table.
    var scanned = 0
    /// Whether the walk has passed the last field.
    var complete = false
    /// Whether two fields walked have the same name (a lookup by a key's bytes could then find
    /// the wrong one).
    var repeats = false
    /// The value of the field the iterator stands on, when nobody has read it yet (`untouched`).
    var value = _JSONCursor()
    var untouched = false
    /// Tells this object's entries in the seen table from those of earlier objects.
    var stamp: UInt64 = 0
    /// The seen table: per slot, a stamp, a name number, the first field with that name and its
    /// key (an entry of `SnakeCaseKeys.keys`).
    var seen: UnsafeMutablePointer<SeenField>?
    var seenMask = 0
    var seenCount = 0
    /// The run: while every lookup in the object has found its name at the next field by the bytes
    /// of its key (`SnakeCaseKeys.readNext`), the names and keys of the fields walked (field `i` at
    /// `run[i]`) are kept here instead of in the seen table, with a filter of their names (bit
    /// `name & 63`). They move into the seen table (`settle`) when a lookup cannot go on that way.
    var run: UnsafeMutablePointer<SeenField>?
    var runCapacity = 0
    var runCount = 0
    var runNames: UInt64 = 0
}

/// A name met in a walk over an object (`SnakeCaseCursor.seen`).
struct SeenField {
    var stamp: UInt64
    var name: Int32
    var field: Int32
    var key: Int32
}

/// The converted names of the keys met under `convertFromSnakeCase`, kept with a parser from one
/// decode to the next (see the comment at the top of this file), and the walks of the objects that
/// the decode's keyed containers read, one per nesting level.
final class SnakeCaseKeys {
    /// The number of distinct keys (and names) kept from one decode to the next: more, and all are
    /// forgotten when a decode starts or ends, so that documents of ever new keys (identifiers used
    /// as keys) do not grow the memory a parser keeps without limit.
    static let limit = 4096

    /// A key as written (unescaped) → the number of its converted name.
    @exclusivity(unchecked) private var keys = ByteTable()
    /// A converted name → its number.
    @exclusivity(unchecked) private var nameNumbers = ByteTable()
    /// The converted names, by number.
    @exclusivity(unchecked) private(set) var names: [String] = []
    /// By name number, the entry in `keys` of the first key met that converts to the name and
    /// holds no escape, or -1 (`readNext`).
    @exclusivity(unchecked) private var expectedKeys: [Int32] = []
    /// Counts the times the tables were emptied: a name number is valid with the epoch it was read in.
    @exclusivity(unchecked) private(set) var epoch: UInt32 = 1
    @exclusivity(unchecked) private var cursors: UnsafeMutablePointer<SnakeCaseCursor>
    @exclusivity(unchecked) private var cursorCapacity = 8
    @exclusivity(unchecked) private var lastStamp: UInt64 = 0
    /// The decode under way (`begin`): its number and parser.
    @exclusivity(unchecked) private var generation: UInt64 = 0
    @exclusivity(unchecked) private var parser: OpaquePointer?

    init() {
        cursors = .allocate(capacity: cursorCapacity)
        cursors.initialize(repeating: SnakeCaseCursor(), count: cursorCapacity)
    }

    deinit {
        keys.deallocate()
        nameNumbers.deallocate()
        for level in 0..<cursorCapacity {
            cursors[level].seen?.deallocate()
            cursors[level].run?.deallocate()
        }
        cursors.deallocate()
    }

    /// The number of distinct keys kept.
    var count: Int { keys.count }

    /// Starts a decode, numbered `generation`, on `parser`.
    func begin(generation: UInt64, parser: OpaquePointer) {
        trim()
        self.generation = generation
        self.parser = parser
    }

    /// Forgets every key if more than `limit` are kept. Only between decodes (or stream elements):
    /// containers hold name numbers.
    func trim() {
        guard keys.count > Self.limit || nameNumbers.count > Self.limit else { return }
        keys.deallocate()
        nameNumbers.deallocate()
        keys = ByteTable()
        nameNumbers = ByteTable()
        names = []
        expectedKeys = []
        epoch &+= 1
        for level in 0..<cursorCapacity {
            cursors[level].seen?.deallocate()
            cursors[level].run?.deallocate()
            cursors[level] = SnakeCaseCursor()
        }
    }

    // MARK: Names

    /// The number of the name `name` (a model's key), added if new.
    func number(ofName name: UnsafeRawBufferPointer) -> Int32 {
        let index = nameNumbers.index(for: name, padded: false)
        if index >= 0 { return nameNumbers.entry(index).value }
        let number = Int32(names.count)
        names.append(_validatedString(name.baseAddress?.assumingMemoryBound(to: UInt8.self), name.count))
        expectedKeys.append(-1)
        nameNumbers.insert(name, value: number)
        return number
    }

    /// The number of the name `name`, added if new.
    func number(ofName name: String) -> Int32 {
        var name = name
        return name.withUTF8 { utf8 -> Int32 in self.number(ofName: UnsafeRawBufferPointer(utf8)) }
    }

    /// The entry in `keys` of `key`, a key as written in the input, read by the parser (padded).
    @inline(__always)
    private func keyEntry(_ key: UnsafeRawBufferPointer) -> Int32 {
        let index = keys.index(for: key, padded: true)
        if _fastPath(index >= 0) { return index }
        return convert(key)
    }

    @inline(never)
    private func convert(_ key: UnsafeRawBufferPointer) -> Int32 {
        var converted = convertedFromSnakeCase(
            _validatedString(key.baseAddress?.assumingMemoryBound(to: UInt8.self), key.count))
        let number = converted.withUTF8 { utf8 -> Int32 in self.number(ofName: UnsafeRawBufferPointer(utf8)) }
        let entry = keys.insert(key, value: number)
        if expectedKeys[Int(number)] < 0 && keys.entry(entry).plain { expectedKeys[Int(number)] = entry }
        return entry
    }

    // MARK: Walking an object

    /// The cursor for the object of the container at `level` with `token`, started over the
    /// object if it was another's.
    @inline(__always)
    private func levelCursor(level: Int, token: UInt64) -> UnsafeMutablePointer<SnakeCaseCursor> {
        if _slowPath(level >= cursorCapacity) { growCursors(level + 1) }
        let cursor = cursors + level
        if _slowPath(cursor.pointee.generation != generation || cursor.pointee.token != token) {
            lastStamp &+= 1
            cursor.pointee.generation = generation
            cursor.pointee.token = token
            cursor.pointee.index = -2
            cursor.pointee.scanned = 0
            cursor.pointee.complete = false
            cursor.pointee.repeats = false
            cursor.pointee.untouched = false
            cursor.pointee.stamp = lastStamp
            cursor.pointee.seenCount = 0
            cursor.pointee.runCount = 0
            cursor.pointee.runNames = 0
        }
        return cursor
    }

    private func growCursors(_ needed: Int) {
        let capacity = Swift.max(needed, cursorCapacity * 2)
        let grown = UnsafeMutablePointer<SnakeCaseCursor>.allocate(capacity: capacity)
        grown.moveInitialize(from: cursors, count: cursorCapacity)
        (grown + cursorCapacity).initialize(repeating: SnakeCaseCursor(), count: capacity - cursorCapacity)
        cursors.deallocate()
        cursors = grown
        cursorCapacity = capacity
    }

    /// Finds the first field of `object` (read by the container at `level` with `token`) whose key
    /// converts to the name numbered `name`: `.success` with its value in `value`,
    /// `.noSuchField`, or malformed JSON met on the way. `peek`: the caller only looks
    /// at the value without reading it (`contains`, a `null` check), so a lookup of the same name
    /// next can have it again without going back.
    func find(
        _ name: Int32, in object: inout _ObjectCursor, level: Int, token: UInt64, into value: inout _JSONCursor,
        peek: Bool = false
    ) -> _SimdJSONError {
        find(name, levelCursor(level: level, token: token), &object, into: &value, peek: peek)
    }

    /// `find` for the walk `cursor`.
    @inline(__always)
    private func find(
        _ name: Int32, _ cursor: UnsafeMutablePointer<SnakeCaseCursor>, _ object: inout _ObjectCursor,
        into value: inout _JSONCursor, peek: Bool
    ) -> _SimdJSONError {
        settle(cursor)
        if let seen = firstSeen(cursor, name) {
            let field = Int(seen.field)
            if field == cursor.pointee.index && cursor.pointee.untouched {
                value = cursor.pointee.value
                cursor.pointee.untouched = peek
                return .success
            }
            let code = move(cursor, to: field, key: seen.key, in: &object, into: &value)
            if code == .success { leave(cursor, value, peek: peek) }
            return code
        }
        if cursor.pointee.complete { return .noSuchField }
        let last = cursor.pointee.scanned - 1
        if cursor.pointee.index != last {
            if last >= 0 {
                // Back to the last field walked (the ones before it are known).
                guard let seen = seenField(cursor, last) else { return .tapeError }
                let code = move(cursor, to: last, key: seen.key, in: &object, into: &value)
                guard code == .success else { return code }
            } else {
                let code = restart(cursor, &object)
                guard code == .success else { return code }
            }
        }
        let parser = self.parser
        while true {
            var hasField = false
            var key: UnsafePointer<UInt8>?
            var count = 0
            let code = cursor.pointee.iterator.next(parser, &hasField, &key, &count, &value)
            guard _fastPath(code == .success) else { return code }
            let index = cursor.pointee.index &+ 1
            cursor.pointee.index = index
            guard hasField else {
                cursor.pointee.complete = true
                cursor.pointee.untouched = false
                return .noSuchField
            }
            cursor.pointee.scanned = index &+ 1
            let entry = keyEntry(UnsafeRawBufferPointer(start: key, count: count))
            let number = keys.entry(entry).value
            if record(cursor, number, field: index, key: entry) && number == name {
                leave(cursor, value, peek: peek)
                return .success
            }
        }
    }

    /// What `readNext` did.
    enum NextRead {
        /// The next field was the first of the name: its value is read, with this result.
        case read(_SimdJSONError)
        /// The lookup went as `find` goes, with this result (its value is not read).
        case found(_SimdJSONError)
    }

    /// `find` for a value to be read as `kind`, reading it at once when the next field decides.
    ///
    /// That is the case in document order: when the walk has recorded nothing in the seen table,
    /// has not reached the object's end and stands on the last field walked, and `name` is not
    /// among the names of the run, the next field is the first of the name if its key converts to
    /// it. A key with the bytes of the key known to convert to the name (`expectedKeys`) does: one
    /// call to the shim moves to it and reads its value, and the run grows by it, without the key
    /// being read, looked up among `keys` or recorded in the seen table. Any other key is looked up
    /// as `find` does, which then goes on.
    ///
    /// (Callgrind, 1 MB of orders through `convertFromSnakeCase`: 63.14M instructions per decode
    /// with every field found by `find` and read by another call; 52.79M this way, nested models
    /// included (`CodableKeyedContainer.requireNext`), against 49.65M for the same orders
    /// with camelCase keys; the plain Codable twitter.json model 14.10M and 13.76M. Comparing the
    /// next key's bytes in the walk but reading the value by another call took 62.43M, and the run
    /// without the fused read 62.93M: the calls cost more than the seen table. Through
    /// `CodableKeyedContainer.find` for every value read by its caller, twitter.json took 14.11M.)
    @inline(__always)
    func readNext(
        _ name: Int32, in object: inout _ObjectCursor, level: Int, token: UInt64, as kind: _FieldRead,
        into scalar: inout _FieldScalar, value: inout _JSONCursor
    ) -> NextRead {
        let cursor = levelCursor(level: level, token: token)
        let bit = UInt64(1) &<< (UInt64(truncatingIfNeeded: name) & 63)
        let walked = cursor.pointee.scanned
        let index = cursor.pointee.index
        guard cursor.pointee.seenCount == 0, cursor.pointee.runNames & bit == 0, cursor.pointee.runCount == walked,
            index == walked &- 1 || (index == -2 && walked == 0), !cursor.pointee.complete, name >= 0,
            Int(name) < expectedKeys.count
        else {
            return .found(find(name, cursor, &object, into: &value, peek: false))
        }
        let expected = expectedKeys[Int(name)]
        guard expected >= 0 else { return .found(find(name, cursor, &object, into: &value, peek: false)) }
        if index == -2 {
            let code = restart(cursor, &object)
            guard code == .success else { return .found(code) }
        }
        let entry = keys.entry(expected)
        var hasField = false
        var matched = false
        var key: UnsafePointer<UInt8>?
        var count = 0
        let code = cursor.pointee.iterator.next(
            parser, expecting: keys.bytes + entry.start, entry.length, reading: kind, &hasField, &matched, &key,
            &count, &scalar, &value)
        cursor.pointee.untouched = false
        if _fastPath(matched) {
            cursor.pointee.index = walked
            cursor.pointee.scanned = walked &+ 1
            if _slowPath(walked == cursor.pointee.runCapacity) { growRun(cursor) }
            cursor.pointee.run.unsafelyUnwrapped[walked] = SeenField(
                stamp: 0, name: name, field: Int32(truncatingIfNeeded: walked), key: expected)
            cursor.pointee.runCount = walked &+ 1
            cursor.pointee.runNames |= bit
            return .read(code)
        }
        guard code == .success else { return .found(code) }
        cursor.pointee.index = walked
        settle(cursor)
        guard hasField else {
            cursor.pointee.complete = true
            return .found(.noSuchField)
        }
        // Another key: looked up as `find` looks one up, which goes on from this field if it is
        // not the first of the name.
        cursor.pointee.scanned = walked &+ 1
        let other = keyEntry(UnsafeRawBufferPointer(start: key, count: count))
        let number = keys.entry(other).value
        if record(cursor, number, field: walked, key: other) && number == name { return .found(.success) }
        return .found(find(name, cursor, &object, into: &value, peek: false))
    }

    /// Moves the run of the walk into its seen table.
    @inline(__always)
    private func settle(_ cursor: UnsafeMutablePointer<SnakeCaseCursor>) {
        guard _slowPath(cursor.pointee.runCount > 0) else { return }
        settleRun(cursor)
    }

    @inline(never)
    private func settleRun(_ cursor: UnsafeMutablePointer<SnakeCaseCursor>) {
        let count = cursor.pointee.runCount
        guard let run = cursor.pointee.run else { return }
        cursor.pointee.runCount = 0
        cursor.pointee.runNames = 0
        for field in 0..<count { record(cursor, run[field].name, field: field, key: run[field].key) }
    }

    @inline(never)
    private func growRun(_ cursor: UnsafeMutablePointer<SnakeCaseCursor>) {
        let capacity = Swift.max(32, cursor.pointee.runCapacity * 2)
        let grown = UnsafeMutablePointer<SeenField>.allocate(capacity: capacity)
        if let old = cursor.pointee.run {
            grown.moveInitialize(from: old, count: cursor.pointee.runCount)
            old.deallocate()
        }
        cursor.pointee.run = grown
        cursor.pointee.runCapacity = capacity
    }

    /// Records that the value the walk at `level` stands on was read (a `null` checked and
    /// consumed): a later lookup goes back to it.
    func markRead(level: Int) {
        if level < cursorCapacity { cursors[level].untouched = false }
    }

    /// Forgets the walk of the container at `level` with `token`, whose object the cursor went
    /// back to the start of (a container used after its parent moved on): its next lookup walks
    /// again from the first field.
    func forget(level: Int, token: UInt64) {
        if level < cursorCapacity && cursors[level].token == token { cursors[level].token = 0 }
    }

    @inline(__always)
    private func leave(_ cursor: UnsafeMutablePointer<SnakeCaseCursor>, _ value: _JSONCursor, peek: Bool) {
        cursor.pointee.untouched = peek
        if peek { cursor.pointee.value = value }
    }

    /// Calls `body` with the first field of each name in `object`, in order (for `allKeys`).
    func forEachName(
        in object: inout _ObjectCursor, level: Int, token: UInt64, _ body: (Int32) -> Void
    ) -> _SimdJSONError {
        // Walk to the end (no name has a negative number), then read the seen names in field order.
        var value = _JSONCursor()
        let code = find(-1, in: &object, level: level, token: token, into: &value)
        guard code == .noSuchField else { return code }
        let cursor = levelCursor(level: level, token: token)
        guard let seen = cursor.pointee.seen else { return .success }
        var firsts: [(field: Int32, name: Int32)] = []
        firsts.reserveCapacity(cursor.pointee.seenCount)
        for slot in 0...cursor.pointee.seenMask where seen[slot].stamp == cursor.pointee.stamp {
            firsts.append((seen[slot].field, seen[slot].name))
        }
        firsts.sort { $0.field < $1.field }
        for first in firsts { body(first.name) }
        return .success
    }

    /// Starts the walk over from before the first field.
    private func restart(_ cursor: UnsafeMutablePointer<SnakeCaseCursor>, _ object: inout _ObjectCursor)
        -> _SimdJSONError
    {
        var hasFields = false
        var code = object.reset(&hasFields)
        guard code == .success else { return code }
        code = object.iterate(&cursor.pointee.iterator)
        guard code == .success else { return code }
        cursor.pointee.index = -1
        cursor.pointee.untouched = false
        return .success
    }

    /// Moves the walk to `field`, one already walked whose key is the entry `key`, and leaves its
    /// value in `value`.
    ///
    /// The shim's lookup by the key's bytes finds it, much faster than walking the fields again
    /// here; the walk's iterator goes on from wherever the lookup leaves the document's cursor.
    /// That needs the key written without escapes, and no other field of the same name among those
    /// walked (`repeats`); otherwise the walk starts over. Once the whole object was walked, the key
    /// is then the only one of its kind, and the lookup starts where the document's cursor is
    /// (wrapping around). Before that, a field not walked yet may be a second copy of the key
    /// (`{"a_b": 1, "x": 2, "a_b": 3}` read `x` then `aB` twice), so the lookup starts from the
    /// object's first field, and finds the first copy, as Foundation does.
    private func move(
        _ cursor: UnsafeMutablePointer<SnakeCaseCursor>, to field: Int, key: Int32, in object: inout _ObjectCursor,
        into value: inout _JSONCursor
    ) -> _SimdJSONError {
        cursor.pointee.untouched = false
        if !cursor.pointee.repeats {
            let entry = keys.entry(key)
            if entry.plain {
                if !cursor.pointee.complete {
                    var hasFields = false
                    let code = object.reset(&hasFields)
                    guard code == .success else { return code }
                }
                let code = object.findField(keys.bytes + entry.start, entry.length, plain: true, &value)
                if code == .success {
                    cursor.pointee.index = field
                    return code
                }
                guard code == .noSuchField else { return code }
                // (The key is written with escapes.) The missed lookup put the document's cursor
                // back where it started: at the first field, after a reset.
                if !cursor.pointee.complete { cursor.pointee.index = -2 }
            }
        }
        if field <= cursor.pointee.index || cursor.pointee.index == -2 {
            let code = restart(cursor, &object)
            guard code == .success else { return code }
        }
        while cursor.pointee.index < field {
            var hasField = false
            var key: UnsafePointer<UInt8>?
            var count = 0
            let code = cursor.pointee.iterator.next(parser, &hasField, &key, &count, &value)
            guard code == .success else { return code }
            // The fields walked before cannot have gone.
            guard hasField else { return .tapeError }
            cursor.pointee.index += 1
        }
        return .success
    }

    // MARK: The seen table

    @inline(__always)
    private static func seenSlot(_ name: Int32, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: UInt32(bitPattern: name) &* 0x9E37_79B1) & mask
    }

    /// The first field of `name` walked in the cursor's object, if any.
    @inline(__always)
    private func firstSeen(_ cursor: UnsafeMutablePointer<SnakeCaseCursor>, _ name: Int32) -> SeenField? {
        guard let seen = cursor.pointee.seen else { return nil }
        let stamp = cursor.pointee.stamp
        let mask = cursor.pointee.seenMask
        var slot = Self.seenSlot(name, mask)
        while seen[slot].stamp == stamp {
            if seen[slot].name == name { return seen[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The entry of the field numbered `field` (a slow search, for going back to the last field
    /// walked after a lookup went back further).
    private func seenField(_ cursor: UnsafeMutablePointer<SnakeCaseCursor>, _ field: Int) -> SeenField? {
        guard let seen = cursor.pointee.seen else { return nil }
        for slot in 0...cursor.pointee.seenMask
        where seen[slot].stamp == cursor.pointee.stamp && Int(seen[slot].field) == field {
            return seen[slot]
        }
        return nil
    }

    /// Records `field` as the first of `name`, unless one was: whether it is the first.
    @inline(__always) @discardableResult
    private func record(_ cursor: UnsafeMutablePointer<SnakeCaseCursor>, _ name: Int32, field: Int, key: Int32)
        -> Bool
    {
        if _slowPath((cursor.pointee.seenCount &+ 1) &* 2 > cursor.pointee.seenMask &+ 1) { growSeen(cursor) }
        guard let seen = cursor.pointee.seen else { return false }
        let stamp = cursor.pointee.stamp
        let mask = cursor.pointee.seenMask
        var slot = Self.seenSlot(name, mask)
        while seen[slot].stamp == stamp {
            if seen[slot].name == name {
                cursor.pointee.repeats = true
                return false
            }
            slot = (slot + 1) & mask
        }
        seen[slot] = SeenField(stamp: stamp, name: name, field: Int32(truncatingIfNeeded: field), key: key)
        cursor.pointee.seenCount &+= 1
        return true
    }

    @inline(never)
    private func growSeen(_ cursor: UnsafeMutablePointer<SnakeCaseCursor>) {
        let oldMask = cursor.pointee.seenMask
        let capacity = cursor.pointee.seen == nil ? 32 : (oldMask + 1) * 2
        let grown = UnsafeMutablePointer<SeenField>.allocate(capacity: capacity)
        grown.initialize(repeating: SeenField(stamp: 0, name: 0, field: 0, key: 0), count: capacity)
        let stamp = cursor.pointee.stamp
        if let old = cursor.pointee.seen {
            for slot in 0...oldMask where old[slot].stamp == stamp {
                var target = Self.seenSlot(old[slot].name, capacity - 1)
                while grown[target].stamp == stamp { target = (target + 1) & (capacity - 1) }
                grown[target] = old[slot]
            }
            old.deallocate()
        }
        cursor.pointee.seen = grown
        cursor.pointee.seenMask = capacity - 1
    }
}
