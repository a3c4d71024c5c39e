/// A small, fast, seedable pseudo-random number generator (Steele, Lea and Flood's SplitMix64).
///
/// Used instead of the system generator so that generated benchmark inputs are identical on every
/// run and every machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence depends only on `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// Returns the next 64 pseudo-random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Returns a value in `0..<upperBound` (with a negligible modulo bias; this is test data).
    public mutating func next(upperBound: UInt64) -> UInt64 {
        next() % upperBound
    }

    /// Returns a double in `[0, 1)` built from 53 random bits.
    public mutating func nextUnitDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
