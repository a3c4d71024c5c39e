import Foundation

// Thrown `DecodingError`s without an allocation each.
//
// Swift boxes every error it throws as `any Error`: one heap allocation to throw, one free when
// the catch drops it. A free-form value read through a `try?` chain (`Payload` in the README)
// throws and drops several errors per value. The session keeps the box of the last error it
// threw; once the `try?` that caught it has dropped it, the box is referenced by the session
// alone, and the next error is written into it instead of a new box.
//
// This relies on the runtime's layout of errors without Objective-C interop (one of the layouts
// that `reliesOnPrivateLayouts` switches off): an error box is a native heap object, its header,
// the value's type and `Error` conformance, then the value. Where the value starts is found once,
// by boxing a known error and finding its first word, and every reuse checks the type; when
// anything differs, errors get new boxes as Swift makes them. On Apple platforms, where boxes are
// `NSError`s, every error gets a new box.
//
// Measured with callgrind: github_events.json through the `Payload` `try?` chain (1,305 errors
// thrown and dropped a decode), 5.08M instructions a decode with a box per error, 4.78M with the
// box recycled (a `malloc` and a `free` less per error, and the value destroyed in place).

#if !canImport(Darwin)
    /// Where the value lies in an error box, in bytes from its start; nil if boxes are not laid out
    /// as expected (then every error gets a new box). Found once, by boxing an error and looking for
    /// its first word after the box's header and type, so that nothing here assumes an offset.
    private let errorBoxValueOffset: Int? = findErrorBoxValueOffset()

    /// Not optimized: the optimizer may put a box that does not escape on the stack, or do without
    /// it, and the probe must look at a box as errors are thrown in.
    @_optimize(none)
    private func findErrorBoxValueOffset() -> Int? {
        guard reliesOnPrivateLayouts, MemoryLayout<any Error>.size == MemoryLayout<UnsafeRawPointer>.size else {
            return nil
        }
        // `typeMismatch`'s value starts with its type: the probe's, found nowhere else.
        let probeType = unsafeBitCast(ErrorBoxProbe.self as Any.Type, to: UInt.self)
        let error = DecodingError.typeMismatch(
            ErrorBoxProbe.self, DecodingError.Context(codingPath: [], debugDescription: "probe"))
        guard withUnsafeBytes(of: error, { $0.load(as: UInt.self) }) == probeType else { return nil }
        var boxed: (any Error)? = boxedProbe(error)
        defer { boxed = nil }
        let box = withUnsafeBytes(of: &boxed) { $0.load(as: UnsafeRawPointer.self) }
        // A native heap object: two words of header, then the value's type.
        guard box.load(fromByteOffset: 16, as: UInt.self) == errorBoxType else { return nil }
        var offset = 24
        while offset <= 64 {
            if box.load(fromByteOffset: offset, as: UInt.self) == probeType { return offset }
            offset += MemoryLayout<DecodingError>.alignment
        }
        return nil
    }

    @inline(never) @_optimize(none)
    private func boxedProbe(_ error: DecodingError) -> any Error { error }

    private enum ErrorBoxProbe {}

    /// The type a box holds, as the box records it: `DecodingError`'s metadata.
    private let errorBoxType = unsafeBitCast(DecodingError.self as Any.Type, to: UInt.self)
#endif

extension CodableSession {
    /// Makes the error `make` returns, as `any Error`, in the box of the last one thrown when
    /// nobody holds that any more.
    @inline(__always)
    func thrown(_ make: () -> DecodingError) -> any Error {
        #if canImport(Darwin)
            return make()
        #else
            // The box's old error is destroyed before `make` runs: it holds the coding path made
            // last, which `codingPath` changes in place only when nothing else holds it. Nothing
            // between here and `initialize` can throw or reach the box.
            guard let value = spareErrorValue, spareErrorBoxIsUnique() else { return keepBox(make()) }
            value.deinitialize(count: 1)
            value.initialize(to: make())
            return spareErrorBox.unsafelyUnwrapped
        #endif
    }

    #if !canImport(Darwin)
        /// Whether the kept box is referenced by the session alone (a native object: its reference
        /// count tells).
        @inline(__always)
        private func spareErrorBoxIsUnique() -> Bool {
            withUnsafeMutablePointer(to: &spareErrorBox) { spare in
                spare.withMemoryRebound(to: AnyObject?.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
            }
        }

        /// Boxes `error`, and keeps the box for the next error when its value can be found.
        @inline(never)
        private func keepBox(_ error: DecodingError) -> any Error {
            let boxed: any Error = error
            spareErrorBox = boxed
            spareErrorValue = nil
            if let offset = errorBoxValueOffset {
                let box = withUnsafeBytes(of: &spareErrorBox) { $0.load(as: UnsafeMutableRawPointer.self) }
                if UnsafeRawPointer(box).load(fromByteOffset: 16, as: UInt.self) == errorBoxType {
                    spareErrorValue = (box + offset).assumingMemoryBound(to: DecodingError.self)
                }
            }
            return boxed
        }
    #endif
}
