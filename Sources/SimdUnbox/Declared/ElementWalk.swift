/// One pass over the elements of an array, for the key paths of a declared model that step into
/// an array by index (`@UnboxKey("tree_names.colloquial.0")`): the generated code reads the
/// elements it names as the walk meets them and leaves the others.
///
/// SimdUnbox's internals, for the code `@Unboxable` generates.
@frozen
public struct _ElementWalk: _DeclaredSource {
    /// The decode this walk belongs to.
    public let context: _DecodingContext
    /// The current element.
    public var value = _JSONCursor()
    @usableFromInline var _index = -1
    /// The current element's index, from 0.
    @inlinable public var index: Int { _index }
    /// Whether a second value for a local already set is an error.
    public let rejectsDuplicates: Bool
    @usableFromInline var iterator: _ArrayIterator
    /// Where this walk's errors start among the collected ones (-1: none).
    public var _collectStart = -1

    /// Starts walking the array `value` is: an error if it is not one.
    ///
    /// - Parameters:
    ///   - value: The value to walk (consumed).
    ///   - context: The decode.
    ///   - rejectsDuplicates: Passed on from the object walk.
    /// - Throws: `UnboxError` when `value` is not an array or the document nests too deep.
    @inlinable
    public init(array value: inout _JSONCursor, context: _DecodingContext, rejectsDuplicates: Bool)
        throws(UnboxError)
    {
        self.context = context
        self.rejectsDuplicates = rejectsDuplicates
        iterator = try context._arrayIterator(from: &value)
        try context._enter()
    }

    /// Calls `body` on each element in turn, then ends the walk.
    ///
    /// - Parameter body: Reads or leaves the current element (`index` tells which).
    /// - Throws: `UnboxError` for a malformed array, or what `body` throws.
    @inlinable
    public mutating func forEachElement(_ body: (inout _ElementWalk) throws(UnboxError) -> Void) throws(UnboxError) {
        defer { context._leave() }
        while try context._next(&iterator, into: &value) {
            _index += 1
            try body(&self)
        }
        if _slowPath(_collectStart >= 0) { throw failure(missing: []) }
    }

    @inlinable
    public mutating func isNull() throws(UnboxError) -> Bool {
        try context._isNull(&value)
    }

    @inline(never)
    public func prependingStep(_ error: UnboxError) -> UnboxError {
        context._prepending(.index(index), to: error)
    }

    @inline(never)
    public func missingError(_ path: [UnboxPathComponent]) -> UnboxError {
        UnboxError(reason: .missingKey, path: path, byteOffset: context._currentOffset())
    }

    @inline(never)
    public func duplicateError() -> UnboxError {
        context._misuseError("an array element was read twice")
    }
}
