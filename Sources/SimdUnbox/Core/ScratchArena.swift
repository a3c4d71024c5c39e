/// The scratch memory of one parser: every buffer a decode borrows for a moment and gives back,
/// in one place, with one rule for how much of it outlives the decode. Kept with the parser, so
/// that decodes reuse what earlier ones grew instead of allocating it again. Like the rest of the
/// parser, only touched by the thread the parser is lent to.
///
/// It holds three regions, because their users overlap in time and each needs its region to
/// stay where it is while the others are in use:
///
/// - **The gather stack** (`stack`, fixed at `stackSize`): arrays of `Unboxable` and `Decodable`
///   elements gather their first elements here and then make the array once, at its exact size.
///   A nested array takes the room above its parent's (`_DecodingContext._takeScratch`), and puts
///   the top back when done; an array that finds no room left gathers in an ordinary array.
/// - **The number buffer** (`numbers`): bulk reads of `[Double]`, `[Int]` and `[Int64]` read
///   their elements here, then copy them into the array. One array at a time (an array of numbers
///   holds no other array), doubles and integers alike (both 8 bytes). Lent to a decode until it
///   closes (`_DecodingState.numbers`, given back by `_DecodingContext._close()`), grown by doubling.
/// - **The entry room**: `SimdJSONDecoder` gathers the entries of a string-keyed dictionary here
///   (one dictionary at a time; a dictionary nested in it uses room of its own), grown as needed.
///
/// A grown buffer is kept for the next decode up to `retainedBytes`, and freed when given back
/// larger. (The shim keeps one buffer of its own, where simdjson unescapes strings: its contents
/// live until the next string read, which only the shim sees; see `csimdjson_parser.h`.)
@usableFromInline
final class ScratchArena {
    // MARK: The gather stack

    @usableFromInline let stack: UnsafeMutableRawPointer
    @usableFromInline static let stackSize = 64 << 10

    // MARK: The number buffer

    /// The buffer for bulk numeric reads while no decode has it (nil: none yet), and its size in
    /// 8-byte numbers.
    private var numbers: UnsafeMutableRawPointer?
    private var numberCapacity = 0

    // MARK: The entry room

    /// Room for a string-keyed dictionary's entries (`DictionaryEntries`), at most one lent at a
    /// time (`entriesLent`).
    var entryRoom: UnsafeMutableRawPointer?
    var entryRoomBytes = 0
    var entriesLent = false
    static let entryAlignment = 16

    /// Grown buffers up to this size are kept for the next decode.
    static let retainedBytes = 4 << 20

    init() {
        stack = .allocate(byteCount: Self.stackSize, alignment: 16)
    }

    deinit {
        stack.deallocate()
        numbers?.deallocate()
        entryRoom?.deallocate()
    }

    /// Lends the number buffer to a decode (none yet: nil and 0).
    func lendNumbers() -> (UnsafeMutableRawPointer?, Int) {
        defer { (numbers, numberCapacity) = (nil, 0) }
        return (numbers, numberCapacity)
    }

    /// Takes back the number buffer a decode borrowed, grown or not.
    func giveBackNumbers(_ buffer: UnsafeMutableRawPointer?, capacity: Int) {
        if numbers != buffer { numbers?.deallocate() }
        numbers = Self.kept(buffer, bytes: capacity * 8)
        numberCapacity = numbers == nil ? 0 : capacity
    }

    /// A number buffer of at least 64 and twice `capacity` numbers, holding the first `count`
    /// numbers of `buffer` (which it frees).
    @usableFromInline
    static func grownNumbers(_ buffer: UnsafeMutableRawPointer?, capacity: Int, keeping count: Int)
        -> (UnsafeMutableRawPointer, Int)
    {
        let grownCapacity = max(64, capacity * 2)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: grownCapacity * 8, alignment: 8)
        if let buffer {
            grown.copyMemory(from: buffer, byteCount: count * 8)
            buffer.deallocate()
        }
        return (grown, grownCapacity)
    }

    /// Takes back the room lent for dictionary entries, grown or not (what it replaces is freed).
    func giveBackEntries(_ room: UnsafeMutableRawPointer?, bytes: Int) {
        entriesLent = false
        if room != entryRoom { entryRoom?.deallocate() }
        entryRoom = Self.kept(room, bytes: bytes)
        entryRoomBytes = entryRoom == nil ? 0 : bytes
    }

    /// What a region keeps of a buffer given back: the buffer, if it is at most `retainedBytes`
    /// long; otherwise nothing, and the buffer is freed.
    private static func kept(_ buffer: UnsafeMutableRawPointer?, bytes: Int) -> UnsafeMutableRawPointer? {
        guard bytes > retainedBytes else { return buffer }
        buffer?.deallocate()
        return nil
    }
}
