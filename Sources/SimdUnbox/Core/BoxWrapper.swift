/// Returns a box (the only stored property of a `KeyedDecodingContainer` or a
/// `KeyedEncodingContainer`) as the `Container` holding it. Code generic over a key type `Key`
/// looks `KeyedDecodingContainer<Key>` (or `KeyedEncodingContainer<Key>`) up in the runtime's cache
/// of generic types each time it handles one (about 450 instructions, for every object decoded or
/// encoded); a wrapper's methods find `Container` in the wrapper's own class, at no cost. Both
/// decoders and the encoder keep one wrapper per key type beside the boxes they reuse.
final class BoxWrapper<Container> {
    @inline(never)
    func wrap(_ box: AnyObject) -> Container {
        unsafeBitCast(box, to: Container.self)
    }
}
