extension _DecodingContext {
    /// The common key path read, in one step: a path of object keys (dot-separated, or a JSON
    /// Pointer without escapes) read as a scalar. The objects on the way are opened as nested
    /// models would open them, going on from those the path before opened when they are still
    /// open (see `_KeyPathReuse`: `"customer.email"` after `"customer.customer_id"` looks up one
    /// key), and the last key's value is found and read in one fused call. Returns nil when the
    /// path is not such a read, with `reuse` set to where `_follow` goes on from (nil: from the
    /// top). A missing key or a `null` sets `missing` (`_missingKeyPathError` makes the error);
    /// other errors are thrown as the value's read throws them, for the caller to put the path's
    /// `reuse.level + 1` segments in front. (Measured with scripts/instructions.sh on 1 MB of
    /// orders read through key paths, Unbox API: 42.97M instructions per decode through `_follow`
    /// and a separate read; 41.07M with a one-step read of the last key after a reused prefix;
    /// 40.90M with `_equalBytes`; 40.02M with every path of object keys in one step.)
    @inlinable @inline(__always)
    func _readKeyPathInOneStep<T: UnboxCompatible>(
        _ keyPath: String, from object: UnsafeMutablePointer<_ObjectCursor>,
        reuse: inout (level: Int, prefixEnd: Int)?, missing: inout Bool
    ) throws(UnboxError) -> T? {
        guard T._readsFieldsFused else { return nil }
        return try _withUTF8(keyPath) { (path) throws(UnboxError) -> T? in
            guard let start = _openKeyPathObjects(path, from: object, reuse: &reuse), let level = reuse?.level else {
                return nil
            }
            let segment = UnsafeBufferPointer(rebasing: path[start...])
            if level == 0 { return try T._unbox(field: segment, in: &object.pointee, context: self, missing: &missing) }
            // (A scalar's read does not decode further values, so it cannot reach the key path
            // state that `withObject` holds.)
            return try _keyPathReuse.withObject(at: level) { (object) throws(UnboxError) in
                try T._unbox(field: segment, in: &object, context: self, missing: &missing)
            }
        }
    }
}
