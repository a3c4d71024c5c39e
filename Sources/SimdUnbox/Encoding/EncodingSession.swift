import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

// Encoding: bytes written in place
// ================================
//
// Foundation's JSONEncoder builds a tree (a dictionary per object, an array per array, a `String`
// per number) and then serialises it. Here a model's `encode(to:)` writes JSON bytes straight
// into one growable buffer, owned by an `EncodingSession` that a `SimdJSONEncoder` keeps in a
// small pool and reuses from one encode to the next:
//
//   model.encode(to:) ──► ValueEncoder / containers ──► EncodingSession ──► bytes ──► Data
//                         (structs naming a frame)        (frames, buffer)
//
// The session keeps a stack of open *frames*: value slots (the root, a field's value, an element,
// a `superEncoder`'s value), objects and arrays. A container or encoder holds the index and the
// unique id of its frame. Writing through it first *enters* its frame: when frames above it are
// still open (a nested container the model has finished with, a `superEncoder` never written to),
// they are closed, their closing brackets written; when its frame has been closed already, the
// model uses its containers in an order that bytes written in place cannot follow (Foundation's
// tree allows any order), and the whole value is encoded again by Foundation's `JSONEncoder`
// with the same options. Models written as Codable expects (synthesized ones, and hand-written
// ones that finish a nested container before going on) never meet that.
//
// `.sortedKeys`: each object's fields are written in the model's order, their starts recorded
// (`FieldMark`); when the object closes its fields are sorted by key (UTF-8 byte order, as
// Foundation sorts them on Linux) and moved into that order, byte ranges only.
//
// A key written twice into one object (found when the object is sorted, or, unsorted, by a
// 64-bit filter of the keys written: `noteKey`) makes the whole value encoded again by
// Foundation, as interleaved containers do: Foundation replaces a value written again, merges a
// container taken again for its key, and traps on a container of another kind.
//
// Errors: a value that throws leaves nothing behind (the output is rolled back to before its key
// or separator), so a model that catches an error and goes on writes what Foundation writes.

/// The state of one encode (or of one stream writer): the output buffer, the open frames, the
/// options flattened for the hot path. Used by one thread at a time.
final class EncodingSession: @unchecked Sendable {
    // MARK: Output

    /// The output. `count` bytes are written; `capacity` are allocated.
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    var count = 0
    private(set) var capacity: Int

    // MARK: Options

    private(set) var options = EncoderOptions()
    private(set) var pretty = false
    private(set) var sortedKeys = false
    private(set) var escapeSlashes = true
    enum KeyStrategy { case useDefault, snakeCase, custom(@Sendable ([any CodingKey]) -> any CodingKey) }
    private(set) var keyStrategy = KeyStrategy.useDefault
    private(set) var defaultKeys = true
    /// Compact, unsorted, keys as they are: a field's `"key":` can be copied from a table of the
    /// keys as written (see `beginField(_:key:table:)`).
    private(set) var compactFields = true
    /// `nil`: throw on infinities and NaN; otherwise the strings to write for them.
    private(set) var nonConformingStrings: (positiveInfinity: String, negativeInfinity: String, nan: String)?

    // MARK: Frames

    private var frames: UnsafeMutablePointer<EncodingFrame>
    /// Beside each object's frame, at the same index: what finds a key written twice in it.
    private var objectKeys: UnsafeMutablePointer<ObjectKeys>
    private var frameCapacity: Int
    private(set) var frameCount = 0
    private var lastID: UInt64 = 0
    /// The indentation level of the innermost open container's contents.
    private(set) var level = 0
    // Field marks and encoders live in memory of the session's own: appending to an array held
    // by the class is an access the runtime checks for exclusivity (`swift_beginAccess`). Measured
    // on citm.json under .sortedKeys: 15.4 ms → 5.7 ms per encode.
    private var marks: UnsafeMutablePointer<FieldMark>
    private var markCapacity = 64
    private(set) var markCount = 0
    /// A container was used after its frame closed, or a key was written twice in one object:
    /// the encode is redone by Foundation.
    var interleaved = false
    /// A container nested 512 deep or more was written: Foundation refuses such output.
    var tooDeep = false
    /// One reusable encoder per frame index (see `encoder(forSlot:)`).
    private var encoders: UnsafeMutablePointer<ValueEncoder?>
    private var encoderCapacity = 16
    /// The last two value types `fill` found to be none of those it writes itself.
    var plainTypes = (ObjectIdentifier(PlainTypeNone.self), ObjectIdentifier(PlainTypeNone.self))
    private var snakeCaseKeys: [String: String] = [:]
    /// One `BoxWrapper<KeyedEncodingContainer<Key>>` per key type the session's keyed containers
    /// were made for (up to `boxWrapperLimit`), kept with the session (which encoders pool): made
    /// once, not once per container made.
    private var boxWrappers: [(keyType: ObjectIdentifier, wrapper: AnyObject)] = []
    private static let boxWrapperLimit = 64
    private var scratch: [UInt8] = []
    /// The fields of an object being sorted, as indices into `marks` (see `sortFields`).
    private var fieldOrder: UnsafeMutablePointer<Int>
    private var fieldOrderCapacity = 64

    init() {
        capacity = 4096
        bytes = .allocate(capacity: capacity)
        frameCapacity = 16
        frames = .allocate(capacity: frameCapacity)
        objectKeys = .allocate(capacity: frameCapacity)
        marks = .allocate(capacity: markCapacity)
        fieldOrder = .allocate(capacity: fieldOrderCapacity)
        encoders = .allocate(capacity: encoderCapacity)
        encoders.initialize(repeating: nil, count: encoderCapacity)
    }

    deinit {
        frames.deinitialize(count: frameCount)
        frames.deallocate()
        objectKeys.deallocate()
        bytes.deallocate()
        marks.deallocate()
        fieldOrder.deallocate()
        encoders.deinitialize(count: encoderCapacity)
        encoders.deallocate()
    }

    /// Key types found to be, or not to be, a dictionary's (see `hasDistinctKeys`).
    private var distinctKeyTypes: [(keyType: ObjectIdentifier, distinct: Bool)] = []

    /// Whether `Key` is the standard library's key type for dictionaries, whose keys are distinct
    /// by construction (their fields need no check for a key written twice).
    func hasDistinctKeys<Key: CodingKey>(_: Key.Type) -> Bool {
        let keyType = ObjectIdentifier(Key.self)
        for entry in distinctKeyTypes where entry.keyType == keyType { return entry.distinct }
        let distinct = String(reflecting: Key.self) == "Swift._DictionaryCodingKey"
        if distinctKeyTypes.count < Self.boxWrapperLimit { distinctKeyTypes.append((keyType, distinct)) }
        return distinct
    }

    /// The `BoxWrapper<KeyedEncodingContainer<Key>>` of `Key`.
    func boxWrapper<Key: CodingKey>(for _: Key.Type) -> AnyObject {
        let keyType = ObjectIdentifier(Key.self)
        for entry in boxWrappers where entry.keyType == keyType { return entry.wrapper }
        let wrapper = BoxWrapper<KeyedEncodingContainer<Key>>()
        if boxWrappers.count < Self.boxWrapperLimit { boxWrappers.append((keyType, wrapper)) }
        return wrapper
    }

    /// Sets the options of the next encode.
    func configure(_ options: EncoderOptions) {
        self.options = options
        pretty = options.outputFormatting.contains(.prettyPrinted)
        sortedKeys = options.outputFormatting.contains(.sortedKeys)
        escapeSlashes = !options.outputFormatting.contains(.withoutEscapingSlashes)
        switch options.keyEncodingStrategy {
        case .useDefaultKeys: keyStrategy = .useDefault
        case .convertToSnakeCase: keyStrategy = .snakeCase
        case .custom(let convert): keyStrategy = .custom(convert)
        @unknown default: keyStrategy = .useDefault
        }
        if case .useDefault = keyStrategy { defaultKeys = true } else { defaultKeys = false }
        compactFields = defaultKeys && !pretty && !sortedKeys
        switch options.nonConformingFloatEncodingStrategy {
        case .throw: nonConformingStrings = nil
        case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
            nonConformingStrings = (positiveInfinity, negativeInfinity, nan)
        @unknown default: nonConformingStrings = nil
        }
        if snakeCaseKeys.count > 4096 { snakeCaseKeys = [:] }
    }

    /// Forgets the previous encode's output and frames; keeps the memory. `level`: the indentation
    /// of the root value (a stream writer's array elements are at level 1).
    func reset(level: Int = 0) {
        count = 0
        if capacity > 16 << 20 { shrink() }
        beginDocument(level: level)
    }

    /// Prepares for a document written after the output so far (a stream writer's next model):
    /// drops any frames a failed encode left open. `level`: the indentation of its root value.
    func beginDocument(level: Int = 0) {
        frames.deinitialize(count: frameCount)
        frameCount = 0
        self.level = level
        markCount = 0
        interleaved = false
        tooDeep = false
    }

    /// Gives back the memory of a buffer grown large by one big encode.
    private func shrink() {
        bytes.deallocate()
        capacity = 4096
        bytes = .allocate(capacity: capacity)
        scratch = []
    }

    // MARK: Writing bytes

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        if _slowPath(count &+ extra > capacity) { grow(count &+ extra) }
    }

    @inline(never)
    private func grow(_ needed: Int) {
        var newCapacity = capacity &* 2
        while newCapacity < needed { newCapacity &*= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = grown
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        bytes[count] = byte
        count &+= 1
    }

    @inline(__always)
    func append(_ source: UnsafeRawBufferPointer) {
        guard let base = source.baseAddress, source.count > 0 else { return }
        reserve(source.count)
        UnsafeMutableRawPointer(bytes + count).copyMemory(from: base, byteCount: source.count)
        count &+= source.count
    }

    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Two spaces per level, as Foundation indents.
    @inline(__always)
    func appendIndent(_ level: Int) {
        let width = level &* 2
        reserve(width)
        (bytes + count).initialize(repeating: 0x20, count: width)
        count &+= width
    }

    /// The output so far, as `Data`.
    func data(from start: Int = 0) -> Data {
        Data(bytes: bytes + start, count: count - start)
    }

    // MARK: Frames

    /// Whether the frame at `index` with `id` is open; closes the frames above it. When it is not
    /// open, records that the model interleaves its containers.
    @inline(__always)
    func enter(_ index: Int, _ id: UInt64) -> Bool {
        if _fastPath(index &+ 1 == frameCount && frames[index].id == id) { return true }
        return enterSlow(index, id)
    }

    @inline(never)
    private func enterSlow(_ index: Int, _ id: UInt64) -> Bool {
        guard index < frameCount, frames[index].id == id else {
            interleaved = true
            return false
        }
        close(downTo: index + 1)
        return true
    }

    /// Enters the frame, or throws `InterleavedContainers`.
    @inline(__always)
    func enterOrThrow(_ index: Int, _ id: UInt64) throws {
        guard enter(index, id) else { throw InterleavedContainers() }
    }

    @inline(__always)
    private func push(_ kind: EncodingFrame.Kind, step: PathStep) -> UInt64 {
        if _slowPath(frameCount == frameCapacity) { growFrames() }
        lastID &+= 1
        (frames + frameCount).initialize(
            to: EncodingFrame(
                kind: kind, id: lastID, count: 0, level: level, markBase: markCount, child: 0, step: step))
        frameCount &+= 1
        return lastID
    }

    @inline(never)
    private func growFrames() {
        let grown = UnsafeMutablePointer<EncodingFrame>.allocate(capacity: frameCapacity * 2)
        grown.moveInitialize(from: frames, count: frameCount)
        frames.deallocate()
        frames = grown
        let grownKeys = UnsafeMutablePointer<ObjectKeys>.allocate(capacity: frameCapacity * 2)
        grownKeys.moveInitialize(from: objectKeys, count: frameCount)
        objectKeys.deallocate()
        objectKeys = grownKeys
        frameCapacity *= 2
    }

    /// Opens a value slot reached by `step`; returns its index and id.
    @inline(__always)
    func pushSlot(_ step: PathStep) -> (index: Int, id: UInt64) {
        let id = push(.slot, step: step)
        return (frameCount &- 1, id)
    }

    /// The frame at `index`.
    @inline(__always)
    func frame(_ index: Int) -> UnsafeMutablePointer<EncodingFrame> { frames + index }

    /// Writes `{` or `[` and opens the container's frame.
    @inline(__always)
    func openContainer(_ kind: EncodingFrame.Kind, step: PathStep) -> (index: Int, id: UInt64) {
        if pretty {
            append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
            append(UInt8(ascii: "\n"))
        } else {
            append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        }
        level &+= 1
        if _slowPath(level >= 512) { tooDeep = true }
        let id = push(kind, step: step)
        frames[frameCount &- 1].level = level
        if kind == .object { (objectKeys + (frameCount &- 1)).initialize(to: ObjectKeys(contentStart: count)) }
        return (frameCount &- 1, id)
    }

    /// Closes frames until `frameCount` is `target`, writing what each needs.
    func close(downTo target: Int) {
        while frameCount > target { closeTop() }
    }

    /// Closes the innermost frame: a container's closing bracket (its fields sorted first under
    /// `.sortedKeys`), `{}` for a slot nothing was written to.
    @inline(__always)
    func closeTop() {
        let top = frames + (frameCount &- 1)
        switch top.pointee.kind {
        case .object:
            if sortedKeys {
                if top.pointee.count > 1 { sortFields(markBase: top.pointee.markBase) }
                markCount = top.pointee.markBase
            }
            closeContainer(UInt8(ascii: "}"))
        case .array:
            closeContainer(UInt8(ascii: "]"))
        case .slot:
            if top.pointee.count == 0 { appendEmptyObject() }
        }
        top.deinitialize(count: 1)
        frameCount &-= 1
    }

    @inline(__always)
    private func closeContainer(_ bracket: UInt8) {
        level &-= 1
        if pretty {
            append(UInt8(ascii: "\n"))
            appendIndent(level)
        }
        append(bracket)
    }

    /// `{}` as Foundation writes an empty object here (`{\n\n}` when pretty).
    func appendEmptyObject() {
        if pretty {
            append(UInt8(ascii: "{"))
            append(UInt8(ascii: "\n"))
            append(UInt8(ascii: "\n"))
            appendIndent(level)
            append(UInt8(ascii: "}"))
        } else {
            append("{}")
        }
    }

    /// Pops frames down to `target` without writing anything (after a rollback of the output).
    private func discard(downTo target: Int) {
        while frameCount > target {
            (frames + frameCount - 1).deinitialize(count: 1)
            frameCount -= 1
        }
        level = frameCount > 0 ? frames[frameCount - 1].level : level
    }

    @inline(__always)
    private func appendMark(_ mark: FieldMark) {
        if _slowPath(markCount == markCapacity) {
            let grown = UnsafeMutablePointer<FieldMark>.allocate(capacity: markCapacity * 2)
            grown.moveInitialize(from: marks, count: markCount)
            marks.deallocate()
            marks = grown
            markCapacity *= 2
        }
        (marks + markCount).initialize(to: mark)
        markCount &+= 1
    }

    // MARK: Separators and rollback

    /// What to restore when a value fails: the output, the frames, the container's count.
    struct Checkpoint {
        var count: Int
        var frameCount: Int
        var elements: Int
        var marks: Int
        var level: Int
    }

    @inline(__always)
    func checkpoint(_ container: Int) -> Checkpoint {
        Checkpoint(
            count: count, frameCount: frameCount, elements: frames[container].count, marks: markCount, level: level)
    }

    /// Undoes everything written since `checkpoint`, in the container at `container`.
    func rollback(_ checkpoint: Checkpoint, container: Int) {
        guard !interleaved, frameCount >= checkpoint.frameCount else { return }
        discard(downTo: checkpoint.frameCount)
        count = checkpoint.count
        level = checkpoint.level
        if markCount > checkpoint.marks { markCount = checkpoint.marks }
        frames[container].count = checkpoint.elements
    }

    /// Writes what comes before an element of the array at `index`: a comma, a newline and
    /// indentation as needed.
    @inline(__always)
    func beginElement(_ index: Int) {
        let frame = frames + index
        if pretty {
            if frame.pointee.count > 0 { append(",\n") }
            appendIndent(level)
        } else if frame.pointee.count > 0 {
            append(UInt8(ascii: ","))
        }
        frame.pointee.count &+= 1
    }

    /// Writes what comes before a field of the object at `index`, then its key (already
    /// converted) and the colon, for keys distinct by construction (a dictionary's).
    @inline(__always)
    func beginField(_ index: Int, key: String) {
        beginField(index, key: key, filter: KeyFilter.distinct)
    }

    /// Writes what comes before a field of the object at `index`, then its key (already
    /// converted) and the colon; `filter` tells how to check that the key is new in the object
    /// (see `KeyFilter`).
    @inline(__always)
    func beginField(_ index: Int, key: String, filter: Int) {
        let frame = frames + index
        if pretty {
            if frame.pointee.count > 0 { append(",\n") }
            appendIndent(level)
        } else if frame.pointee.count > 0 {
            append(UInt8(ascii: ","))
        }
        frame.pointee.count &+= 1
        if sortedKeys {
            let start = count
            let escaped = writeString(key)
            let keyLength = count - start - 2
            appendMark(
                FieldMark(
                    start: start, keyLength: keyLength, escaped: escaped,
                    prefix: FieldMark.prefix(bytes + start + 1, keyLength)))
        } else {
            let start = count
            writeString(key)
            if filter >= 0 {
                // A key's byte: its bit, as on the path of cached keys.
                let mask: UInt64 = 1 &<< UInt64(truncatingIfNeeded: filter)
                let keys = frame.pointee.keyFilter
                frame.pointee.keyFilter = keys | mask
                if _slowPath(keys & mask != 0) { noteKey(index, keyStart: start, keyEnd: count, filter: filter) }
            } else if filter != KeyFilter.distinct {
                noteKey(index, keyStart: start, keyEnd: count, filter: filter)
            }
        }
        if pretty { append(" : ") } else { append(UInt8(ascii: ":")) }
    }

    /// Writes what comes before a field of the object at `index` and its key, copied from
    /// `entry` of a table of keys (see `ReusableKeyedFrame`); returns `false`, having written
    /// nothing, when the entry is still empty. Only for `compactFields` output.
    ///
    /// A key is otherwise fetched (`stringValue`, a call through the key's conformance), scanned
    /// for escapes and copied, then released. Measured with callgrind: 1 MB of records as JSON
    /// Lines (15 fields a record), 31.85M → 28.24M instructions; twitter.json, 9.09M → 7.96M.
    ///
    /// `byte` is the key's byte (below 64): its bit in the object's `keyFilter` tells a key
    /// written twice (see `noteKey`) for a load, a test and a store.
    @inline(__always)
    func beginField(_ index: Int, cachedKey entry: UnsafeMutablePointer<UInt8>, byte: Int) -> Bool {
        let length = Int(entry[0])
        guard _fastPath(length != 0) else { return false }
        reserve(33)
        let frame = frames + index
        if frame.pointee.count > 0 {
            bytes[count] = UInt8(ascii: ",")
            count &+= 1
        }
        frame.pointee.count &+= 1
        let mask: UInt64 = 1 &<< UInt64(truncatingIfNeeded: byte)
        let keys = frame.pointee.keyFilter
        frame.pointee.keyFilter = keys | mask
        // A constant 32 bytes: two vector moves, no call.
        UnsafeMutableRawPointer(bytes + count).copyMemory(from: entry + 1, byteCount: 32)
        count &+= length
        if _slowPath(keys & mask != 0) { noteKey(index, keyStart: count &- length, keyEnd: count &- 1, filter: byte) }
        return true
    }

    /// Writes the field's beginning as `beginField(_:key:)` does, and keeps `"key":` in `entry`
    /// when it is at most 31 bytes with no escape and no `/` (whose escaping is an option).
    @inline(never)
    func beginField(_ index: Int, key: String, caching entry: UnsafeMutablePointer<UInt8>, byte: Int) {
        let start = count &+ (frames[index].count > 0 ? 1 : 0)
        beginField(index, key: key, filter: byte)
        let length = count &- start
        guard length <= 31 else { return }
        for position in start..<count {
            if bytes[position] == UInt8(ascii: "\\") || bytes[position] == UInt8(ascii: "/") { return }
        }
        (entry + 1).update(from: bytes + start, count: length)
        entry[0] = UInt8(length)
    }

    // MARK: Keys written twice

    /// Checks the key just written at `keyStart..<keyEnd` (quotes included)
    /// against the keys written before it in the object at `index`, for output written unsorted
    /// (under `.sortedKeys`, `sortFields` finds equal keys). A key written twice makes the encode
    /// redone by Foundation (see `interleaved`).
    ///
    /// Each object keeps a 64-bit filter: a bit per key, the key's own byte for a one-byte key
    /// type (exact: a bit set twice is the same key), or a hash of the key as written (a bit set
    /// twice is then checked by reading the object's keys back from the output). An object that a
    /// second container writes to (`super.encode(to: encoder)`, a `superEncoder()`), whose key
    /// types could disagree, moves to hashes for every key (`makeHashed`).
    @inline(never)
    func noteKey(_ index: Int, keyStart: Int, keyEnd: Int, filter: Int) {
        let keys = objectKeys + index
        if keys.pointee.hashed {
            let mask: UInt64 = 1 &<< UInt64(keyHashBit(keyStart, keyEnd))
            if keys.pointee.hashFilter & mask == 0 {
                keys.pointee.hashFilter |= mask
                return
            }
        } else if filter >= 0 || filter == KeyFilter.hashed {
            let bit = filter >= 0 ? filter : keyHashBit(keyStart, keyEnd)
            let mask: UInt64 = 1 &<< UInt64(bit)
            if frames[index].keyFilter & mask == 0 {
                frames[index].keyFilter |= mask
                return
            }
            if filter >= 0 {
                interleaved = true
                return
            }
        }
        if objectHasKey(index, keyStart: keyStart, keyEnd: keyEnd) { interleaved = true }
    }

    /// Moves the object at `index` to a filter of hashes: from now on every field's key is
    /// hashed, whichever container writes it (see `noteKey`).
    func makeHashed(_ index: Int) {
        guard frames[index].kind == .object, !sortedKeys else { return }
        let keys = objectKeys + index
        guard !keys.pointee.hashed else { return }
        var filter: UInt64 = 0
        forEachKey(from: keys.pointee.contentStart, to: count) { start, end in
            filter |= 1 &<< UInt64(keyHashBit(start, end))
            return false
        }
        keys.pointee.hashFilter = filter
        frames[index].keyFilter = ~0
        keys.pointee.hashed = true
    }

    /// Six bits of a hash of the key written at `start..<end` (quotes included).
    private func keyHashBit(_ start: Int, _ end: Int) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var position = start
        while position < end {
            hash = (hash ^ UInt64(bytes[position])) &* 0x0000_0100_0000_01B3
            position &+= 1
        }
        return Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// Whether an earlier field of the object `frame` has the key written at `keyStart..<keyEnd`.
    private func objectHasKey(_ index: Int, keyStart: Int, keyEnd: Int) -> Bool {
        let length = keyEnd - keyStart
        var found = false
        forEachKey(from: objectKeys[index].contentStart, to: keyStart) { start, end in
            found = end - start == length && memcmp(bytes + start, bytes + keyStart, length) == 0
            return found
        }
        return found
    }

    /// Calls `body` with the span (quotes included) of each key of the object's fields written
    /// between `start` (after its `{`) and `end`, until `body` returns `true`. The output there is
    /// JSON the session wrote: fields, separators and whitespace only.
    private func forEachKey(from start: Int, to end: Int, _ body: (Int, Int) -> Bool) {
        var position = start
        while position < end {
            // Up to the key's opening quote (past a comma, newline and indentation).
            while position < end && bytes[position] != UInt8(ascii: "\"") { position &+= 1 }
            guard position < end else { return }
            let keyStart = position
            position = stringEnd(from: position)
            if body(keyStart, position) { return }
            // Past the colon, then past the value.
            while position < end && bytes[position] != UInt8(ascii: ":") { position &+= 1 }
            position &+= 1
            position = valueEnd(from: position, limit: end)
        }
    }

    /// The offset after the string whose opening quote is at `start`.
    private func stringEnd(from start: Int) -> Int {
        var position = start &+ 1
        while bytes[position] != UInt8(ascii: "\"") {
            position &+= bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        return position &+ 1
    }

    /// The offset after the value that starts at or after `start` (whitespace first).
    private func valueEnd(from start: Int, limit: Int) -> Int {
        var position = start
        while position < limit && (bytes[position] == 0x20 || bytes[position] == 0x0A) { position &+= 1 }
        var depth = 0
        while position < limit {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position = stringEnd(from: position)
                if depth == 0 { return position }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth &+= 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth &-= 1
                if depth == 0 { return position &+ 1 }
            case UInt8(ascii: ","):
                if depth == 0 { return position }
            default:
                break
            }
            position &+= 1
        }
        return position
    }

    // MARK: Keys and paths

    /// The coding path of the frame at `index`: the keys and indices of the frames up to it.
    func codingPath(through index: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var position = 0
        while position <= index && position < frameCount {
            switch frames[position].step {
            case .none: break
            case .key(let key): path.append(key)
            case .index(let element): path.append(IndexCodingKey(element))
            }
            position += 1
        }
        return path
    }

    /// `key` as written in the JSON, under the key encoding strategy, for a field of the object at
    /// `container`.
    @inline(__always)
    func convertedKey(_ key: some CodingKey, container: Int) -> String {
        if defaultKeys { return key.stringValue }
        return convertedKeySlow(key, container: container)
    }

    @inline(never)
    private func convertedKeySlow(_ key: some CodingKey, container: Int) -> String {
        switch keyStrategy {
        case .useDefault:
            return key.stringValue
        case .snakeCase:
            let name = key.stringValue
            if let converted = snakeCaseKeys[name] { return converted }
            let converted = convertToSnakeCase(name)
            snakeCaseKeys[name] = converted
            return converted
        case .custom(let convert):
            var path = codingPath(through: container)
            path.append(key)
            return convert(path).stringValue
        }
    }

    /// The encoder for the slot at `index`, reused by every value written at that depth.
    @inline(__always)
    func encoder(forSlot index: Int, id: UInt64) -> ValueEncoder {
        if _fastPath(index < encoderCapacity), let encoder = encoders[index] {
            encoder.frameIndex = index
            encoder.frameID = id
            return encoder
        }
        return makeEncoder(forSlot: index, id: id)
    }

    @inline(never)
    private func makeEncoder(forSlot index: Int, id: UInt64) -> ValueEncoder {
        if index >= encoderCapacity {
            let capacity = Swift.max(index + 1, encoderCapacity * 2)
            let grown = UnsafeMutablePointer<ValueEncoder?>.allocate(capacity: capacity)
            grown.moveInitialize(from: encoders, count: encoderCapacity)
            (grown + encoderCapacity).initialize(repeating: nil, count: capacity - encoderCapacity)
            encoders.deallocate()
            encoders = grown
            encoderCapacity = capacity
        }
        let encoder = ValueEncoder(session: self, frameIndex: index, frameID: id)
        encoders[index] = encoder
        return encoder
    }

    /// Drops the cached encoders (they refer to the session): call when the session is dropped.
    func releaseEncoders() {
        for index in 0..<encoderCapacity { encoders[index] = nil }
    }

    // MARK: Sorting fields

    /// Sorts the fields of the object being closed (marks from `markBase`), keeping the last of
    /// equal keys (and noting them: the value is then encoded by Foundation), and moves their
    /// bytes into that order.
    ///
    /// The order is worked out in `fieldOrder`, memory the session keeps, not in arrays made per
    /// object: two allocations fewer per object whose fields are out of order. Allocations per
    /// encode under `.sortedKeys`: twitter.json 2,985 → 1,317 (1,306 without `.sortedKeys`),
    /// citm_catalog.json 21.9k → 11.0k, gsoc-2018.json 10.2k → 3,851. Instructions (callgrind):
    /// twitter.json 17.8M → 16.7M, gsoc-2018.json 46.9M → 43.7M per encode.
    private func sortFields(markBase: Int) {
        let fieldCount = markCount - markBase
        guard fieldCount > 1 else { return }
        // Fields already in order, without equal keys (synthesized models whose properties are
        // declared in key order, sorted dictionaries): nothing to move.
        var mark = markBase + 1
        while mark < markCount && compareKeys(mark - 1, mark) < 0 { mark += 1 }
        if mark == markCount { return }

        if fieldCount > fieldOrderCapacity {
            fieldOrder.deallocate()
            fieldOrderCapacity = Swift.max(fieldCount, fieldOrderCapacity * 2)
            fieldOrder = .allocate(capacity: fieldOrderCapacity)
        }
        var order = UnsafeMutableBufferPointer(start: fieldOrder, count: fieldCount)
        for position in 0..<fieldCount { order[position] = markBase + position }
        // By key, then by position: a strict total order, so equal keys stay in writing order.
        if fieldCount <= 16 {
            // Insertion sort: most objects have a few fields.
            for position in 1..<fieldCount {
                let moving = order[position]
                var hole = position
                while hole > 0 && compareKeys(order[hole - 1], moving) > 0 {
                    order[hole] = order[hole - 1]
                    hole -= 1
                }
                order[hole] = moving
            }
        } else {
            order.sort { left, right in
                let comparison = compareKeys(left, right)
                return comparison < 0 || (comparison == 0 && left < right)
            }
        }
        // Equal keys: keep the last written (in place: `kept` never passes `position`).
        var kept = 0
        for position in 0..<fieldCount {
            let mark = order[position]
            if kept > 0 && compareKeys(order[kept - 1], mark) == 0 {
                // A key written twice: Foundation replaces a value, merges a container taken
                // again and traps on a container of another kind, which bytes written in place
                // cannot all follow. The encode is redone by Foundation.
                interleaved = true
                order[kept - 1] = mark
            } else {
                order[kept] = mark
                kept += 1
            }
        }

        let separator = pretty ? 2 + 2 * level : 1
        let regionStart = marks[markBase].start
        let regionEnd = count
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + regionStart, count: regionEnd - regionStart))
        count = regionStart
        scratch.withUnsafeBufferPointer { region in
            guard let base = region.baseAddress else { return }
            for position in 0..<kept {
                let mark = order[position]
                if position > 0 {
                    if pretty {
                        append(",\n")
                        appendIndent(level)
                    } else {
                        append(UInt8(ascii: ","))
                    }
                }
                // Field `mark` spans from its key up to the separator before the next field.
                let start = marks[mark].start - regionStart
                let end = mark + 1 < markCount ? marks[mark + 1].start - separator - regionStart : region.count
                append(UnsafeRawBufferPointer(start: base + start, count: end - start))
            }
        }
    }

    /// Compares the keys of two marks by their UTF-8 bytes, unescaped.
    private func compareKeys(_ left: Int, _ right: Int) -> Int {
        let a = marks[left]
        let b = marks[right]
        if !a.escaped && !b.escaped {
            // Most keys differ in their first eight bytes: one integer comparison, no `memcmp`
            // call. With `copyBytes`, twitter.json under .sortedKeys: 16.7M → 14.8M instructions
            // per encode (callgrind).
            if a.prefix != b.prefix { return a.prefix < b.prefix ? -1 : 1 }
            if a.keyLength <= 8 || b.keyLength <= 8 { return a.keyLength - b.keyLength }
            let common = min(a.keyLength, b.keyLength)
            let order = memcmp(bytes + a.start + 1, bytes + b.start + 1, common)
            if order != 0 { return Int(order) }
            return a.keyLength - b.keyLength
        }
        let leftKey = unescapedKey(a)
        let rightKey = unescapedKey(b)
        if leftKey.lexicographicallyPrecedes(rightKey) { return -1 }
        return leftKey == rightKey ? 0 : 1
    }

    /// A key's bytes with the escapes `writeString` makes undone.
    private func unescapedKey(_ mark: FieldMark) -> [UInt8] {
        let text = UnsafeBufferPointer(start: bytes + mark.start + 1, count: mark.keyLength)
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var position = 0
        while position < text.count {
            let byte = text[position]
            guard byte == UInt8(ascii: "\\"), position + 1 < text.count else {
                result.append(byte)
                position += 1
                continue
            }
            let escape = text[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                // \u00XX: a control character.
                let digits = text[(position + 2)..<(position + 4)]
                result.append(UInt8(String(decoding: digits, as: UTF8.self), radix: 16) ?? 0)
                position += 4
            default: result.append(escape)
            }
        }
        return result
    }
}

/// No value has this type: the empty entries of `EncodingSession.plainTypes`.
enum PlainTypeNone {}
