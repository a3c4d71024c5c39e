import Synchronization

/// Whether the boxes of keyed containers can be reused (`CodableKeyedContainer.make`): that needs
/// `KeyedDecodingContainer` to be what the standard library's source says it is, a struct whose
/// only stored property is a reference to its box. Checked once, on the first container made.
enum KeyedContainerBoxes {
    /// At most this many boxes are kept per decode (recursive models keep one per nesting level).
    static let limit = 64
    static let singleBox: UInt8 = 1
    static let otherLayout: UInt8 = 2
    /// 0 (not yet checked), `singleBox` or `otherLayout`.
    static let layout = Atomic<UInt8>(0)

    /// Checks `container`'s layout and records the answer.
    static func check<Key>(_ container: KeyedDecodingContainer<Key>) -> Bool {
        guard reliesOnPrivateLayouts else {
            layout.store(otherLayout, ordering: .relaxed)
            return false
        }
        let children = Array(Mirror(reflecting: container).children)
        let isSingleBox =
            MemoryLayout.size(ofValue: container) == MemoryLayout<AnyObject>.size && children.count == 1
            && Swift.type(of: children[0].value) is AnyClass
        layout.store(isSingleBox ? singleBox : otherLayout, ordering: .relaxed)
        return isSingleBox
    }
}
