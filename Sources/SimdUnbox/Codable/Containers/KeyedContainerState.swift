/// What a keyed container reads: its object cursor, nesting level and token, and with a key
/// strategy other than `useDefaultKeys`, the object's key table. A class, so that the standard
/// library's box around a container can be handed out again for the next object once nobody holds
/// it (see `CodableKeyedContainer.make`).
final class KeyedContainerState {
    @exclusivity(unchecked) var decoder: CodableDecoder {
        didSet { unretainedDecoder = Unmanaged.passUnretained(decoder) }
    }
    @exclusivity(unchecked) var unretainedDecoder: Unmanaged<CodableDecoder>
    @exclusivity(unchecked) var object: _ObjectCursor
    @exclusivity(unchecked) var level: Int
    @exclusivity(unchecked) var token: UInt64
    @exclusivity(unchecked) var keyTable: KeyTable?
    /// Where the container's last operation after it went stale left the cursor (`revived`), and
    /// the token it was then (a state is reused for later containers).
    @exclusivity(unchecked) var resume: (token: UInt64, place: _CursorPlace)?
    /// With `convertFromSnakeCase`: the converted names of keys, and the walks over objects.
    let snakeCaseKeys: Unmanaged<SnakeCaseKeys>?
    /// The names of the container's keys, read once (nil if its key type is not a small enum),
    /// and the same unretained, for reads that do not retain it (reading `keyNames` on every field
    /// retained it: 0.7% more instructions on twitter.json).
    let keyNames: KeyNames?
    let unretainedKeyNames: Unmanaged<KeyNames>?

    init(
        decoder: CodableDecoder, object: _ObjectCursor, level: Int, token: UInt64, keyTable: KeyTable?,
        keyNames: KeyNames?
    ) {
        self.decoder = decoder
        self.unretainedDecoder = Unmanaged.passUnretained(decoder)
        self.object = object
        self.level = level
        self.token = token
        self.keyTable = keyTable
        self.snakeCaseKeys = decoder.session.snakeCaseKeys.map { Unmanaged.passUnretained($0) }
        self.keyNames = keyNames
        self.unretainedKeyNames = keyNames.map { Unmanaged.passUnretained($0) }
    }
}

/// The owner of a keyed container's state when the session owns it: nothing.
struct SessionOwned {}
