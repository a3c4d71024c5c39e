import BenchmarkInputs
import Foundation

/// The README's results table: the corpora and the 100 MB (and, with `--large`, 1 GB) arrays,
/// MB/s per competitor with each one's ratio to `JSONDecoder` in the same run, and the machine,
/// toolchain and command line said once. `scripts/benchmark.sh` writes it between the README's
/// markers (`<!-- results:begin -->`, `<!-- results:end -->`); nobody edits it by hand.
///
/// Declared models (`@Unboxable`) appear in a column of their own when the run measured a
/// workload named `declared-<workload>` (for example `declared-twitter.json`): its SimdUnbox cell,
/// over the same input as `<workload>`.
enum ReadmeTable {
    static let begin = "<!-- results:begin -->"
    static let end = "<!-- results:end -->"

    /// The workloads of the table, in order; each must have been measured for the README to be
    /// rewritten.
    static let required = [
        "twitter.json", "citm_catalog.json", "canada.json", "gsoc-2018.json", "github_events.json", "records-100MB",
    ]
    /// Shown when measured (`--large`).
    static let optional = ["records-1GB"]

    /// The competitors' columns, in order.
    static let columns: [(competitor: Competitor, title: String)] = [
        (.simdUnbox, "SimdUnbox"),
        (.simdJSONDecoder, "`SimdJSONDecoder`"),
        (.jsonDecoder, "`JSONDecoder`"),
        (.serialization, "`JSONSerialization`"),
        (.serializationMapping, "`JSONSerialization` + mapping"),
        (.cppSimdjson, "C++ ceiling"),
    ]

    /// The rows missing from `rows` for a complete table (empty: the table can be written).
    static func missing(in rows: [ReportRow]) -> [String] {
        required.filter { name in
            !rows.contains { $0.workload.name == name && $0.cells[.jsonDecoder] != nil && $0.cells[.simdUnbox] != nil }
        }
    }

    /// The table, with its one line about the machine and the command.
    static func markdown(
        _ rows: [ReportRow], measurements: [Measurement], machine: Machine, command: String
    ) -> String {
        let names = required + optional
        let shown = names.compactMap { name in rows.first { $0.workload.name == name } }
        let declared = Dictionary(
            uniqueKeysWithValues: shown.compactMap { row in
                declaredThroughput(for: row, in: measurements).map { (row.workload.name, $0) }
            })
        var header = ["workload", "input"] + columns.map(\.title)
        if !declared.isEmpty { header.insert("SimdUnbox, declared model", at: 2) }
        var lines: [[String]] = []
        for row in shown {
            let reference = row.cells[.jsonDecoder]?.megabytesPerSecond
            var line = [label(row.workload.name), TableFormatter.bytes(Double(row.inputBytes))]
            line += columns.map { cell(row.cells[$0.competitor]?.megabytesPerSecond, over: reference) }
            if !declared.isEmpty { line.insert(cell(declared[row.workload.name], over: reference), at: 2) }
            lines.append(line)
        }
        return [
            "Input MB/s (median wall-clock time, release build) and, in parentheses, the ratio to "
                + "`JSONDecoder` in the same run: the ratios carry across machines, the MB/s do not. "
                + "Measured on \(machine.summary), \(machine.date), by `\(command)`; every number is in "
                + "`Benchmarks/Results/latest.json`.",
            "",
            TableFormatter.table(header: header, lines: lines),
        ].joined(separator: "\n")
    }

    /// `text` with the part between the markers replaced by `table`, or nil if it has no markers.
    static func replacingTable(in text: String, with table: String) -> String? {
        guard let start = text.range(of: begin), let stop = text.range(of: end), start.upperBound <= stop.lowerBound
        else { return nil }
        return String(text[..<start.upperBound]) + "\n" + table + "\n" + String(text[stop.lowerBound...])
    }

    /// MB/s of the declared model of `row`'s document (`declared-<workload>`), if it was measured.
    static func declaredThroughput(for row: ReportRow, in measurements: [Measurement]) -> Double? {
        let name = "declared-\(row.workload.name)"
        let matching = measurements.filter { $0.workload == name }
        guard
            let measurement = matching.first(where: { $0.competitor == Competitor.simdUnbox.rawValue })
                ?? matching.first,
            measurement.medianWallClockNanoseconds > 0
        else { return nil }
        return Double(row.inputBytes) / 1e6 / (measurement.medianWallClockNanoseconds / 1e9)
    }

    static func cell(_ megabytesPerSecond: Double?, over reference: Double?) -> String {
        guard let megabytesPerSecond else { return "–" }
        let throughput = TableFormatter.throughput(megabytesPerSecond)
        guard let reference, reference > 0 else { return throughput }
        return "\(throughput) (\(TableFormatter.ratio(megabytesPerSecond / reference)))"
    }

    static func label(_ workload: String) -> String {
        switch workload {
        case "records-100MB": "records, one 100 MB array"
        case "records-1GB": "records, one 1 GB array"
        default: workload
        }
    }
}

/// A run's results read back from `Results/latest.json`, for `Report --results`: the README's table
/// rewritten from the last run without running the suite again.
struct SavedResults {
    var rows: [ReportRow]
    var measurements: [Measurement]
    var machine: Machine
    var command: String

    private struct Document: Decodable {
        struct Result: Decodable {
            var competitor: String
            var medianNanoseconds: Double
            var megabytesPerSecond: Double
            var mallocCount: Double?
            var peakResidentBytes: Double?
            var peakResidentDeltaBytes: Double?
            var iterations: Int
            var coreRoundTripNanoseconds: Double?
        }
        struct WorkloadResult: Decodable {
            var workload: String
            var inputBytes: Int
            var results: [Result]
        }
        var machine: Machine
        var command: String?
        var workloads: [WorkloadResult]
    }

    init(contentsOf url: URL) throws {
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
        machine = document.machine
        command = document.command ?? "scripts/benchmark.sh"
        measurements = []
        rows = []
        for saved in document.workloads {
            var cells: [Competitor: ReportRow.Cell] = [:]
            for result in saved.results {
                measurements.append(
                    Measurement(
                        workload: saved.workload,
                        competitor: Competitor.allCases.first { $0.displayName == result.competitor }?.rawValue
                            ?? result.competitor,
                        iterations: result.iterations, medianWallClockNanoseconds: result.medianNanoseconds,
                        medianMallocCount: result.mallocCount))
                guard let competitor = Competitor.allCases.first(where: { $0.displayName == result.competitor }) else {
                    continue
                }
                cells[competitor] = ReportRow.Cell(
                    medianNanoseconds: result.medianNanoseconds, megabytesPerSecond: result.megabytesPerSecond,
                    mallocs: result.mallocCount, peakResidentBytes: result.peakResidentBytes,
                    peakResidentDeltaBytes: result.peakResidentDeltaBytes, iterations: result.iterations,
                    coreRoundTripNanoseconds: result.coreRoundTripNanoseconds)
            }
            if let workload = Workloads.named(saved.workload) {
                rows.append(ReportRow(workload: workload, inputBytes: saved.inputBytes, cells: cells))
            }
        }
    }
}
