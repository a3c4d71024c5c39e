extension CodableSession {
    /// The error `make` returns, as `any Error`: the one place where the decoder's `DecodingError`s
    /// are boxed to be thrown.
    ///
    /// (An earlier version wrote each error into the box of the last one once nothing held it,
    /// relying on the runtime's layout of error boxes. It saved 6% of the instructions of
    /// github_events.json through the free-form `Payload` `try?` chain, but no benchmark workload
    /// showed 3% in time, so it went; see the unsafe register in CONTRIBUTING.md.)
    func thrown(_ make: () -> DecodingError) -> any Error {
        make()
    }
}
