import BenchmarkInputs
import Foundation

/// The report table, as Markdown (readable in a terminal, pasteable into the README).
enum TableFormatter {
    static func markdown(_ rows: [ReportRow], machine: Machine) -> String {
        var header = ["workload", "input"]
        header += Competitor.allCases.map { "\($0.displayName) MB/s" }
        header += [
            "SimdUnbox / JSONDecoder", "SimdUnbox / C++", "SimdJSONDecoder / JSONDecoder", "mallocs SimdUnbox",
            "mallocs JSONDecoder",
            "peak RSS SimdUnbox", "peak RSS JSONDecoder",
        ]
        var lines: [[String]] = []
        for row in rows {
            var line = [row.workload.name, bytes(Double(row.inputBytes))]
            line += Competitor.allCases.map { throughput(row.cells[$0]?.megabytesPerSecond) }
            line += [
                ratio(row.ratio(.simdUnbox, .jsonDecoder)),
                ratio(row.ratio(.simdUnbox, .cppSimdjson)),
                ratio(row.ratio(.simdJSONDecoder, .jsonDecoder)),
                count(row.cells[.simdUnbox]?.mallocs),
                count(row.cells[.jsonDecoder]?.mallocs),
                bytes(row.cells[.simdUnbox]?.peakResidentBytes),
                bytes(row.cells[.jsonDecoder]?.peakResidentBytes),
            ]
            lines.append(line)
        }
        return [
            "SimdUnbox benchmarks: MB/s = input bytes / median wall-clock time (higher is better); "
                + "mallocs and peak RSS per decode (median).",
            machine.summary,
            "",
            table(header: header, lines: lines),
        ].joined(separator: "\n")
    }

    /// The user-style family's table: the three Swift decoders, their ratios to JSONDecoder, and
    /// for the generated orders each idiom's time over the document-order model's.
    static func userStyleMarkdown(_ rows: [ReportRow]) -> String {
        let header = [
            "user-style workload", "input", "SimdUnbox MB/s", "SimdJSONDecoder MB/s", "JSONDecoder MB/s",
            "SimdUnbox / JSONDecoder", "SimdJSONDecoder / JSONDecoder", "SimdUnbox time / document order",
            "SimdJSONDecoder time / document order", "mallocs SimdUnbox", "mallocs SimdJSONDecoder",
            "mallocs JSONDecoder",
        ]
        let lines = rows.map { row in
            let reference = row.documentOrderReference(in: rows)
            return [
                row.workload.name, bytes(Double(row.inputBytes)),
                throughput(row.cells[.simdUnbox]?.megabytesPerSecond),
                throughput(row.cells[.simdJSONDecoder]?.megabytesPerSecond),
                throughput(row.cells[.jsonDecoder]?.megabytesPerSecond),
                ratio(row.ratio(.simdUnbox, .jsonDecoder)),
                ratio(row.ratio(.simdJSONDecoder, .jsonDecoder)),
                ratio(reference.flatMap { row.timeRatio(.simdUnbox, over: $0) }),
                ratio(reference.flatMap { row.timeRatio(.simdJSONDecoder, over: $0) }),
                count(row.cells[.simdUnbox]?.mallocs),
                count(row.cells[.simdJSONDecoder]?.mallocs),
                count(row.cells[.jsonDecoder]?.mallocs),
            ]
        }
        return [
            "Models written the way users write them (Tests/CorpusModels/UserStyle*.swift): own field order, "
                + "try?, key paths, date formatters, key strategies. Time / document order: over the "
                + "document-order model on the same orders (user-orders-present-keys: over "
                + "user-orders-skipped-keys, which steps over the six keys it reads).",
            "",
            table(header: header, lines: lines),
        ].joined(separator: "\n")
    }

    /// A Markdown table, its columns padded to their widest cell, numbers right-aligned.
    static func table(header: [String], lines: [[String]]) -> String {
        var widths = header.map(\.count)
        for line in lines {
            for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func render(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + padding : padding + cell
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        var output = [
            render(header),
            "|"
                + widths.enumerated().map { index, width in
                    index == 0
                        ? String(repeating: "-", count: width + 2) : String(repeating: "-", count: width + 1) + ":"
                }.joined(separator: "|") + "|",
        ]
        output += lines.map(render)
        return output.joined(separator: "\n")
    }

    static func throughput(_ value: Double?) -> String {
        guard let value else { return "–" }
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }

    static func ratio(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value >= 10 ? String(format: "%.1fx", value) : String(format: "%.2fx", value)
    }

    static func count(_ value: Double?) -> String {
        guard let value else { return "–" }
        if value >= 1_000_000 { return String(format: "%.2fM", value / 1_000_000) }
        if value >= 10_000 { return String(format: "%.1fk", value / 1_000) }
        return String(format: "%.0f", value)
    }

    static func bytes(_ value: Double?) -> String {
        guard let value else { return "–" }
        if value >= 1e9 { return String(format: "%.2f GB", value / 1e9) }
        if value >= 1e6 { return String(format: "%.1f MB", value / 1e6) }
        if value >= 1e3 { return String(format: "%.0f kB", value / 1e3) }
        return String(format: "%.0f B", value)
    }
}

/// Results/latest.json: every number of the table, unrounded, with the machine it comes from.
struct ResultsDocument: Encodable {
    struct CompetitorResult: Encodable {
        var competitor: String
        var medianNanoseconds: Double
        var megabytesPerSecond: Double
        var mallocCount: Double?
        var peakResidentBytes: Double?
        var peakResidentDeltaBytes: Double?
        var iterations: Int
        var coreRoundTripNanoseconds: Double?
    }

    struct WorkloadResult: Encodable {
        var workload: String
        var kind: String
        var inputBytes: Int
        var results: [CompetitorResult]
        var simdUnboxOverJSONDecoder: Double?
        var simdUnboxOverCpp: Double?
        var simdJSONDecoderOverJSONDecoder: Double?
        var family: String
        /// For the generated orders of the user-style family: this idiom's time over the
        /// document-order model's, per decoder.
        var simdUnboxTimeOverDocumentOrder: Double?
        var simdJSONDecoderTimeOverDocumentOrder: Double?
    }

    var generatedBy = "scripts/benchmark.sh (package-benchmark Influx export, read by the Report target)"
    var machine: Machine
    /// The command line that ran the suite.
    var command: String?
    var workloads: [WorkloadResult]

    init(machine: Machine, rows: [ReportRow], command: String? = nil) {
        self.machine = machine
        self.command = command
        workloads = rows.map { row in
            let reference = row.documentOrderReference(in: rows)
            return WorkloadResult(
                workload: row.workload.name,
                kind: row.workload.kind.rawValue,
                inputBytes: row.inputBytes,
                results: Competitor.allCases.compactMap { competitor in
                    row.cells[competitor].map { cell in
                        CompetitorResult(
                            competitor: competitor.displayName,
                            medianNanoseconds: cell.medianNanoseconds,
                            megabytesPerSecond: cell.megabytesPerSecond,
                            mallocCount: cell.mallocs,
                            peakResidentBytes: cell.peakResidentBytes,
                            peakResidentDeltaBytes: cell.peakResidentDeltaBytes,
                            iterations: cell.iterations,
                            coreRoundTripNanoseconds: cell.coreRoundTripNanoseconds
                        )
                    }
                },
                simdUnboxOverJSONDecoder: row.ratio(.simdUnbox, .jsonDecoder),
                simdUnboxOverCpp: row.ratio(.simdUnbox, .cppSimdjson),
                simdJSONDecoderOverJSONDecoder: row.ratio(.simdJSONDecoder, .jsonDecoder),
                family: row.workload.family.rawValue,
                simdUnboxTimeOverDocumentOrder: reference.flatMap { row.timeRatio(.simdUnbox, over: $0) },
                simdJSONDecoderTimeOverDocumentOrder: reference.flatMap { row.timeRatio(.simdJSONDecoder, over: $0) }
            )
        }
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
