import DataGenerator

/// How a stream variant reads its file: on how many threads, under which error policy, and which
/// workload its throughput is compared with in the report.
///
/// The variants measure what the streams' options cost or gain on the records of
/// `stream-records-*` and `stream-lines-*`: `parallelism: 1` against `parallelism: 2`, and `.skip`
/// against `.stop`, on a clean file and on one with a bad line in a thousand.
public struct StreamVariant: Hashable, Sendable {
    /// The `parallelism:` argument of the file reader.
    public var parallelism: Int
    /// Whether bad elements are skipped (`.skip`, counting the errors) rather than ending the stream.
    public var skips: Bool
    /// The workload this one is compared with (one thread, or `.stop` on the clean file).
    public var baseline: String?

    public init(parallelism: Int = 1, skips: Bool = false, baseline: String? = nil) {
        self.parallelism = parallelism
        self.skips = skips
        self.baseline = baseline
    }
}

extension Workloads {
    /// One line in this many is bad in the `stream-lines-skip-faults-*` file.
    public static let badLineEvery = 1_000

    /// Whether line `index` of a `.generatedFaultyLines` file is bad.
    public static func isBadLine(_ index: Int, badLineEvery: Int) -> Bool {
        GeneratedData.fault(atLine: index, badLineEvery: badLineEvery) != nil
    }

    /// The stream variants, for each of ``streamSizes``: SimdUnbox and SimdJSONDecoder only.
    ///
    /// - `stream-records-threads1-*`, `stream-records-threads2-*`: the root array of
    ///   `stream-records-*` on one and two threads;
    /// - `stream-lines-threads1-*`, `stream-lines-threads2-*`: the JSON Lines of `stream-lines-*`;
    /// - `stream-lines-stop-*`, `stream-lines-skip-*`: the clean JSON Lines under `.stop` and
    ///   `.skip` (the hot path: no bad line, so both should cost the same);
    /// - `stream-lines-skip-faults-*`: the same records with one line in ``badLineEvery`` torn, with
    ///   junk after its value, or with an unterminated string, under `.skip`.
    public static let streamVariants: [Workload] = streamSizes.flatMap { size -> [Workload] in
        func variant(
            _ name: String, _ source: Workload.Source, parallelism: Int = 1, skips: Bool = false,
            baseline: String? = nil
        ) -> Workload {
            Workload(
                name: "\(name)-\(size.label)", kind: .stream, source: source, streamMode: .reader,
                streamVariant: StreamVariant(
                    parallelism: parallelism, skips: skips, baseline: baseline.map { "\($0)-\(size.label)" }))
        }
        let array = Workload.Source.generated(bytes: size.bytes)
        let lines = Workload.Source.generatedLines(bytes: size.bytes)
        return [
            variant("stream-records-threads1", array),
            variant("stream-records-threads2", array, parallelism: 2, baseline: "stream-records-threads1"),
            variant("stream-lines-threads1", lines),
            variant("stream-lines-threads2", lines, parallelism: 2, baseline: "stream-lines-threads1"),
            variant("stream-lines-stop", lines),
            variant("stream-lines-skip", lines, skips: true, baseline: "stream-lines-stop"),
            variant(
                "stream-lines-skip-faults", .generatedFaultyLines(bytes: size.bytes, badLineEvery: badLineEvery),
                skips: true, baseline: "stream-lines-stop"),
        ]
    }
}
