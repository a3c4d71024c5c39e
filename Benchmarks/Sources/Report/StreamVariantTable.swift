import BenchmarkInputs
import Foundation

extension TableFormatter {
    /// The stream variants' table: each reader's throughput with its peak memory beside it, and its
    /// throughput over its baseline's (two threads over one; `.skip` over `.stop` on the clean file).
    static func streamVariantsMarkdown(_ rows: [ReportRow]) -> String {
        let header = [
            "stream variant", "input", "threads", "on error", "SimdUnbox MB/s", "peak RSS (Δ)",
            "× baseline", "SimdJSONDecoder MB/s", "peak RSS (Δ)", "× baseline", "mallocs SimdUnbox", "baseline",
            "core round trip",
        ]
        let lines = rows.map { row -> [String] in
            let variant = row.workload.streamVariant
            let baseline = variant?.baseline.flatMap { name in rows.first { $0.workload.name == name } }
            func memory(_ competitor: Competitor) -> String {
                guard let cell = row.cells[competitor] else { return "–" }
                return "\(bytes(cell.peakResidentBytes)) (\(bytes(cell.peakResidentDeltaBytes)))"
            }
            func overBaseline(_ competitor: Competitor) -> String {
                guard let baseline, let time = baseline.cells[competitor]?.medianNanoseconds,
                    let own = row.cells[competitor]?.medianNanoseconds, own > 0
                else { return "–" }
                return ratio(time / own)
            }
            // The round trip measured before the SimdUnbox and the SimdJSONDecoder iterations.
            func roundTrip() -> String {
                let times = [Competitor.simdUnbox, .simdJSONDecoder].compactMap {
                    row.cells[$0]?.coreRoundTripNanoseconds
                }
                guard !times.isEmpty else { return "–" }
                return times.map { String(format: "%.0f ns", $0) }.joined(separator: ", ")
            }
            var onError = variant?.skips == true ? ".skip" : ".stop"
            if case .generatedFaultyLines(_, let every) = row.workload.source { onError += ", 1 bad line in \(every)" }
            return [
                row.workload.name, bytes(Double(row.inputBytes)), "\(variant?.parallelism ?? 1)", onError,
                throughput(row.cells[.simdUnbox]?.megabytesPerSecond), memory(.simdUnbox), overBaseline(.simdUnbox),
                throughput(row.cells[.simdJSONDecoder]?.megabytesPerSecond), memory(.simdJSONDecoder),
                overBaseline(.simdJSONDecoder), count(row.cells[.simdUnbox]?.mallocs), variant?.baseline ?? "–",
                roundTrip(),
            ]
        }
        return [
            "Stream variants (StreamVariantBenchmarks.swift): the records' files read on one or two threads, under "
                + ".stop or .skip; peak RSS of the process, Δ over its start; × baseline = throughput over the "
                + "baseline's (two threads over one, .skip over .stop on the clean file); core round trip = a cache "
                + "line's round trip between two threads, median of the measurements before each two-thread "
                + "iteration (SimdUnbox's, SimdJSONDecoder's): about 60 ns where the cores share a cache, several "
                + "times that where they do not, and two threads gain less there.",
            "",
            table(header: header, lines: lines),
        ].joined(separator: "\n")
    }
}
