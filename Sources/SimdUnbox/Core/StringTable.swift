import CSimdJSON
import Foundation

/// One slot of a `_StringTable`: a string made earlier in the decode, and the hash of its bytes
/// (0 when the slot is empty).
struct StringSlot {
    var hash: UInt64
    var string: String
}

/// The strings of one decode that are too long to be stored inline (16 bytes of UTF-8 or more),
/// so that a value repeated in the document (a type tag, a URL, an organisation's description
/// under each of its projects) is allocated and copied once and then shared, as `let b = a`
/// shares it. A `String` is a value: sharing its storage is invisible except in memory use.
///
/// A direct-mapped cache: a string's slot comes from a hash of its length and three of its
/// 8-byte words, and a slot holds the last string that hashed to it, whose bytes are compared in
/// full before it is reused. It belongs to a `_Parser`, so to one thread at a time, and is emptied
/// at the end of each decode and before each window of a stream: it never keeps a string alive
/// past the decode that read it, nor lets one decode see another's strings.
@usableFromInline
struct _StringTable {
    static let slotBits = 12
    static let slotCount = 1 << slotBits

    let slots: UnsafeMutablePointer<StringSlot>
    /// The indices of the slots filled since the table was last emptied, and their number.
    let filled: UnsafeMutablePointer<Int32>
    let filledCount: UnsafeMutablePointer<Int>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: StringSlot(hash: 0, string: ""), count: Self.slotCount)
        filled = .allocate(capacity: Self.slotCount)
        filledCount = .allocate(capacity: 1)
        filledCount.initialize(to: 0)
    }

    /// Frees the table; it must not be used afterwards.
    func destroy() {
        empty()
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        filled.deallocate()
        filledCount.deallocate()
    }

    /// The string of the `count` (16 or more) bytes of valid UTF-8 at `bytes`: one made earlier
    /// in the decode from the same bytes, or a new one.
    @usableFromInline @inline(never)
    func string(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> String {
        // The three words lie within the bytes.
        let raw = UnsafeRawPointer(bytes)
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ raw.loadUnaligned(as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: count / 2 - 4, as: UInt64.self)) &* 0x94D0_49BB_1331_11EB
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ (hash >> 31)) | 1
        let index = Int(truncatingIfNeeded: hash >> UInt64(64 - Self.slotBits))
        let slot = slots + index
        if slot.pointee.hash == hash {
            let same = _withUTF8(slot.pointee.string) { stored in
                stored.count == count && memcmp(stored.baseAddress!, bytes, count) == 0
            }
            if same { return slot.pointee.string }
        } else if slot.pointee.hash == 0 {
            filled[filledCount.pointee] = Int32(truncatingIfNeeded: index)
            filledCount.pointee += 1
        }
        let made = _validatedString(bytes, count)
        slot.pointee = StringSlot(hash: hash, string: made)
        return made
    }

    /// Lets go of every string the table holds.
    func empty() {
        let count = filledCount.pointee
        guard count > 0 else { return }
        for position in 0..<count {
            slots[Int(filled[position])] = StringSlot(hash: 0, string: "")
        }
        filledCount.pointee = 0
    }
}
