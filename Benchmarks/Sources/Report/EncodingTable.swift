import Foundation

/// One encoding workload's results (`encode-*`, EncoderBenchmarks.swift): throughput is of output,
/// the bytes each competitor wrote (its `OutputBytes` metric) over its median time.
struct EncodingRow {
    struct Cell {
        var medianNanoseconds: Double
        var outputBytes: Double
        var megabytesPerSecond: Double
        var mallocs: Double?
        var peakResidentBytes: Double?
    }

    /// The encoding competitors, in column order.
    static let competitors = ["SimdJSONEncoder", "JSONEncoder"]

    var workload: String
    var cells: [String: Cell]

    /// SimdJSONEncoder's MB/s over JSONEncoder's.
    var ratio: Double? {
        guard let top = cells["SimdJSONEncoder"]?.megabytesPerSecond,
            let bottom = cells["JSONEncoder"]?.megabytesPerSecond, bottom > 0
        else { return nil }
        return top / bottom
    }

    /// The rows of the `encode-*` workloads, in the order they ran.
    static func make(from measurements: [Measurement]) -> [EncodingRow] {
        var rows: [EncodingRow] = []
        for measurement in measurements
        where measurement.workload.hasPrefix("encode-") && competitors.contains(measurement.competitor) {
            guard let output = measurement.medianOutputBytes else { continue }
            let seconds = measurement.medianWallClockNanoseconds / 1e9
            let cell = Cell(
                medianNanoseconds: measurement.medianWallClockNanoseconds,
                outputBytes: output,
                megabytesPerSecond: seconds > 0 ? output / 1e6 / seconds : 0,
                mallocs: measurement.medianMallocCount,
                peakResidentBytes: measurement.medianPeakResidentBytes
            )
            if let index = rows.firstIndex(where: { $0.workload == measurement.workload }) {
                rows[index].cells[measurement.competitor] = cell
            } else {
                rows.append(EncodingRow(workload: measurement.workload, cells: [measurement.competitor: cell]))
            }
        }
        return rows.sorted { $0.order < $1.order }
    }

    /// Report order: the corpus files as in the decoding table, default options before
    /// `.sortedKeys`, then JSON Lines (package-benchmark runs the benchmarks by name).
    private var order: (Int, Int, String) {
        let files = ["twitter.json", "citm_catalog.json", "canada.json", "gsoc-2018.json"]
        let sorted = workload.hasPrefix("encode-sorted-")
        let file = workload.dropFirst(sorted ? "encode-sorted-".count : "encode-".count)
        return (files.firstIndex(of: String(file)) ?? files.count, sorted ? 1 : 0, workload)
    }
}

extension TableFormatter {
    /// The encoding table: MB/s of output per encoder, their ratio, mallocs and peak RSS.
    static func encodingMarkdown(_ rows: [EncodingRow]) -> String {
        let header = [
            "encoding workload", "output", "SimdJSONEncoder MB/s", "JSONEncoder MB/s", "SimdJSONEncoder / JSONEncoder",
            "mallocs SimdJSONEncoder", "mallocs JSONEncoder", "peak RSS SimdJSONEncoder", "peak RSS JSONEncoder",
        ]
        let lines = rows.map { row in
            let simd = row.cells["SimdJSONEncoder"]
            let foundation = row.cells["JSONEncoder"]
            return [
                row.workload, bytes(simd?.outputBytes ?? foundation?.outputBytes),
                throughput(simd?.megabytesPerSecond), throughput(foundation?.megabytesPerSecond), ratio(row.ratio),
                count(simd?.mallocs), count(foundation?.mallocs),
                bytes(simd?.peakResidentBytes), bytes(foundation?.peakResidentBytes),
            ]
        }
        return [
            "Encoding (EncoderBenchmarks.swift): MB/s = output bytes / median wall-clock time; mallocs and peak RSS "
                + "per encode (median). encode-lines-*: JSON Lines, SimdJSONStreamWriter against JSONEncoder per line.",
            "",
            table(header: header, lines: lines),
        ].joined(separator: "\n")
    }
}
