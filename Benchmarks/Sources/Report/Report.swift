// Turns package-benchmark's Influx export into the suite's report: one table (MB/s per competitor,
// ratios, allocations, peak memory), Results/latest.json and Results/throughput.svg; with
// --readme, the README's results table between its markers (see ReadmeTable), when the run
// measured every workload of that table.
//
//   Report --influx <file.influx.csv> [--target SimdUnboxBenchmarks] [--output <dir>] [--toolchain <text>]
//          [--readme <README.md> --command <the command line that ran the suite>]
//   Report --results <Results/latest.json> --readme <README.md>   the README's table from a saved run
import BenchmarkInputs
import CppCeiling
import Foundation

@main
struct Report {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        func option(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            let value = arguments[index + 1]
            arguments.removeSubrange(index...index + 1)
            return value
        }
        if let resultsPath = option("--results") {
            // Only the README's table, from a saved run.
            guard let readme = option("--readme") else {
                FileHandle.standardError.write(
                    Data("usage: Report --results <latest.json> --readme <README.md>\n".utf8))
                exit(64)
            }
            let saved = try SavedResults(contentsOf: URL(fileURLWithPath: resultsPath))
            try writeReadmeTable(
                URL(fileURLWithPath: readme), rows: saved.rows, measurements: saved.measurements,
                machine: saved.machine,
                command: saved.command)
            return
        }
        guard let exportPath = option("--influx") else {
            FileHandle.standardError.write(
                Data(
                    ("usage: Report --influx <file.influx.csv> [--target <benchmark target>] [--output <dir>] "
                        + "[--toolchain <text>] [--readme <README.md> --command <text>]\n").utf8
                )
            )
            exit(64)
        }
        let target = option("--target") ?? "SimdUnboxBenchmarks"
        let output = URL(fileURLWithPath: option("--output") ?? "Results", isDirectory: true)
        let toolchain = option("--toolchain")
        let readme = option("--readme").map { URL(fileURLWithPath: $0) }
        let command = option("--command") ?? "scripts/benchmark.sh"

        let measurements = try InfluxResults.read(URL(fileURLWithPath: exportPath), target: target)
        guard !measurements.isEmpty else {
            FileHandle.standardError.write(
                Data("error: no <workload>:<competitor> benchmarks of \(target) in \(exportPath)\n".utf8)
            )
            exit(1)
        }

        let rows = try ReportRow.make(from: measurements)
        let machine = Machine.current(toolchain: toolchain)
        let tuned = rows.filter { $0.workload.family == .tuned && $0.workload.streamVariant == nil }
        let streamVariants = rows.filter { $0.workload.streamVariant != nil }
        let userStyle = rows.filter { $0.workload.family == .userStyle }
        if !tuned.isEmpty {
            print(TableFormatter.markdown(tuned, machine: machine))
        } else {
            print(machine.summary)
        }
        if !userStyle.isEmpty {
            print("")
            print(TableFormatter.userStyleMarkdown(userStyle))
        }
        if !streamVariants.isEmpty {
            print("")
            print(TableFormatter.streamVariantsMarkdown(streamVariants))
        }
        let encoding = EncodingRow.make(from: measurements)
        if !encoding.isEmpty {
            print("")
            print(TableFormatter.encodingMarkdown(encoding))
        }

        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let json = try ResultsDocument(machine: machine, rows: rows, command: command).encoded()
        try json.write(to: output.appendingPathComponent("latest.json"))
        // The chart shows the tuned workloads (the README's chart); the table has the rest.
        let svg = ThroughputChart.svg(tuned.isEmpty ? rows : tuned, machine: machine)
        try Data(svg.utf8).write(to: output.appendingPathComponent("throughput.svg"))
        print("")
        print("Results: \(output.appendingPathComponent("latest.json").path)")
        print("Chart:   \(output.appendingPathComponent("throughput.svg").path)")
        if let summary = ratioSummary(rows) { print(summary) }
        if let readme {
            try writeReadmeTable(readme, rows: rows, measurements: measurements, machine: machine, command: command)
        }
    }

    /// Rewrites the README's results table, or says why not (a run that missed some of its
    /// workloads leaves it as it is).
    static func writeReadmeTable(
        _ readme: URL, rows: [ReportRow], measurements: [Measurement], machine: Machine, command: String
    ) throws {
        let missing = ReadmeTable.missing(in: rows)
        guard missing.isEmpty else {
            print("README table left as it was: this run did not measure \(missing.joined(separator: ", "))")
            return
        }
        let text = try String(contentsOf: readme, encoding: .utf8)
        let table = ReadmeTable.markdown(rows, measurements: measurements, machine: machine, command: command)
        guard let updated = ReadmeTable.replacingTable(in: text, with: table) else {
            print("README table not written: \(readme.path) has no \(ReadmeTable.begin) ... \(ReadmeTable.end) markers")
            return
        }
        try Data(updated.utf8).write(to: readme)
        print("README:  \(readme.path) (results table rewritten)")
    }

    /// One line with the highest and the lowest ratio of SimdUnbox to JSONDecoder (MB/s over MB/s)
    /// among the workloads that measured both, or nil when none did.
    static func ratioSummary(_ rows: [ReportRow]) -> String? {
        let ratios = rows.compactMap { row in row.ratio(.simdUnbox, .jsonDecoder).map { (row.workload.name, $0) } }
        guard let highest = ratios.max(by: { $0.1 < $1.1 }), let lowest = ratios.min(by: { $0.1 < $1.1 }) else {
            return nil
        }
        if ratios.count == 1 {
            return "SimdUnbox / JSONDecoder: \(TableFormatter.ratio(highest.1)) (\(highest.0))"
        }
        return "SimdUnbox / JSONDecoder: highest \(TableFormatter.ratio(highest.1)) (\(highest.0)), "
            + "lowest \(TableFormatter.ratio(lowest.1)) (\(lowest.0)), over \(ratios.count) workloads"
    }
}

/// Where and with what the numbers were measured.
struct Machine: Codable {
    var cpu: String
    var cores: Int
    var operatingSystem: String
    var simdjsonKernel: String
    var toolchain: String?
    var date: String

    static func current(toolchain: String?) -> Machine {
        var cpu = "unknown CPU"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        {
            cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return Machine(
            cpu: cpu,
            cores: ProcessInfo.processInfo.activeProcessorCount,
            operatingSystem: ProcessInfo.processInfo.operatingSystemVersionString,
            simdjsonKernel: String(cString: cpp_ceiling_active_implementation()),
            toolchain: toolchain,
            date: formatter.string(from: Date())
        )
    }

    var summary: String {
        var parts = ["\(cpu), \(cores) cores", operatingSystem, "simdjson kernel \(simdjsonKernel)"]
        if let toolchain { parts.append(toolchain) }
        return parts.joined(separator: " · ")
    }
}

/// One workload's results across competitors.
struct ReportRow {
    struct Cell {
        var medianNanoseconds: Double
        var megabytesPerSecond: Double
        var mallocs: Double?
        var peakResidentBytes: Double?
        var peakResidentDeltaBytes: Double?
        var iterations: Int
        /// Two-thread stream variants: how long a cache line's round trip between the cores took.
        var coreRoundTripNanoseconds: Double?
    }

    var workload: Workload
    var inputBytes: Int
    var cells: [Competitor: Cell]

    /// For the generated orders of the user-style family: the document-order row of the same size
    /// (for the six optional keys read where the orders have them, the row that steps over them).
    func documentOrderReference(in rows: [ReportRow]) -> ReportRow? {
        switch workload.userStyleCase {
        case .ordersPresentKeys:
            return rows.first {
                $0.workload.userStyleCase == .ordersSkippedKeys && $0.workload.generatedBytes == workload.generatedBytes
            }
        case .ordersReverseOrder, .ordersAbsentKeys, .ordersTriedKeys, .ordersKeyPaths, .ordersConvertFromSnakeCase,
            .ordersCamelCase, .ordersLateContainers:
            return rows.first {
                $0.workload.userStyleCase == .ordersDocumentOrder
                    && $0.workload.generatedBytes == workload.generatedBytes
            }
        default:
            return nil
        }
    }

    /// This row's median time for `competitor` over `reference`'s (> 1: slower). For the Codable-only
    /// rows, SimdUnbox's reference is absent and so is the ratio.
    func timeRatio(_ competitor: Competitor, over reference: ReportRow) -> Double? {
        guard let time = cells[competitor]?.medianNanoseconds,
            let referenceTime = reference.cells[competitor]?.medianNanoseconds, referenceTime > 0
        else { return nil }
        return time / referenceTime
    }

    func ratio(_ numerator: Competitor, _ denominator: Competitor) -> Double? {
        guard let top = cells[numerator]?.megabytesPerSecond, let bottom = cells[denominator]?.megabytesPerSecond,
            bottom > 0
        else { return nil }
        return top / bottom
    }

    /// Groups measurements by workload, in catalog order, with MB/s from the input size and median time.
    static func make(from measurements: [Measurement]) throws -> [ReportRow] {
        var rows: [ReportRow] = []
        for workload in Workloads.all {
            let matching = measurements.filter { $0.workload == workload.name }
            guard !matching.isEmpty else { continue }
            let bytes = try workload.inputByteCount()
            var cells: [Competitor: Cell] = [:]
            for measurement in matching {
                guard
                    let competitor = Competitor.allCases.first(where: {
                        $0.rawValue == measurement.competitor || $0.displayName == measurement.competitor
                    })
                else { continue }
                let seconds = measurement.medianWallClockNanoseconds / 1e9
                cells[competitor] = Cell(
                    medianNanoseconds: measurement.medianWallClockNanoseconds,
                    megabytesPerSecond: seconds > 0 ? Double(bytes) / 1e6 / seconds : 0,
                    mallocs: measurement.medianMallocCount,
                    peakResidentBytes: measurement.medianPeakResidentBytes,
                    peakResidentDeltaBytes: measurement.medianPeakResidentDeltaBytes,
                    iterations: measurement.iterations,
                    coreRoundTripNanoseconds: measurement.medianCoreRoundTripNanoseconds
                )
            }
            rows.append(ReportRow(workload: workload, inputBytes: bytes, cells: cells))
        }
        return rows
    }
}
