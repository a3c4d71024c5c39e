extension CodableSession {
    /// The error `make` returns, as `any Error`: the one place where the decoder's `DecodingError`s
    /// are boxed to be thrown.
    ///
    /// (An earlier version wrote each error into the box of the last one once nothing held it,
    /// relying on the runtime's layout of error boxes. On github_events.json through the free-form
    /// `Payload` `try?` chain, the one workload it helped, it saved 7% of the instructions (4.45M
    /// against 4.79M a decode) but under 3% of the time (ten alternating runs of 800 decodes:
    /// medians 5.12 s against 5.20 s, +1.6%; fastest 4.58 s against 4.71 s, +2.9%), so it went;
    /// see the unsafe register in CONTRIBUTING.md.)
    func thrown(_ make: () -> DecodingError) -> any Error {
        make()
    }
}
