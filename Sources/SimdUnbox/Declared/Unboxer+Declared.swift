extension Unboxer {
    /// A one-pass walk over this unboxer's object, for the `init(unboxer:)` that `@Unboxable`
    /// generates (SimdUnbox's internals). The object must not have been read yet.
    ///
    /// - Parameter rejectsDuplicates: Whether a second field with a key the model reads is an error.
    /// - Returns: The walk.
    /// - Throws: `UnboxError` when the unboxer is stale or the object malformed.
    @inlinable
    public func _declaredWalk(rejectsDuplicates: Bool) throws(UnboxError) -> _FieldWalk {
        try _checkLive()
        var object = _object
        return try _FieldWalk(objectCursor: &object, context: _context, rejectsDuplicates: rejectsDuplicates)
    }
}
