import Foundation

/// One measured benchmark, parsed back into workload and competitor.
struct Measurement {
    var workload: String
    var competitor: String
    var iterations: Int
    var medianWallClockNanoseconds: Double
    var medianMallocCount: Double?
    var medianPeakResidentBytes: Double?
    var medianPeakResidentDeltaBytes: Double?
    /// The bytes an encoding benchmark wrote (its custom `OutputBytes` metric).
    var medianOutputBytes: Double?
    /// Nanoseconds of a cache line's round trip between two threads, measured before each iteration
    /// of a two-thread stream variant (its custom `CoreRoundTrip` metric).
    var medianCoreRoundTripNanoseconds: Double?
}

/// Reads package-benchmark's Influx export (`--format influx`, `<baseline>.influx.csv`).
///
/// Of the export formats of package-benchmark 1.38, this one carries the raw, unscaled percentiles
/// of every metric of every benchmark: nanoseconds for the wall clock, counts for mallocs, bytes
/// for memory. (The JMH export skips benchmarks without a throughput sample, which happens when one
/// iteration takes longer than about 1.5 s, as the slow competitors do on 100 MB.)
///
/// Columns: `measurement,hostName,processoryType,processors,memory,kernelVersion,metric,unit,test,
/// percentile,value,test_average,iterations,warmup_iterations,time`; `metric` is the metric's
/// description without spaces ("Time(wallclock)"), `measurement` the benchmark target.
enum InfluxResults {
    static let wallClock = "Time(wallclock)"
    static let mallocTotal = "Malloc(total)"
    static let peakResident = "Memory(residentpeak)"
    static let peakResidentDelta = "MemoryΔ(residentpeak)"
    static let outputBytes = "OutputBytes"
    static let coreRoundTrip = "CoreRoundTrip"

    /// Reads the medians of the benchmarks named `<workload>:<competitor>` in `target`.
    static func read(_ url: URL, target: String) throws -> [Measurement] {
        let text = try String(contentsOf: url, encoding: .utf8)
        // test → metric → value at the 50th percentile; test → iterations
        var medians: [String: [String: Double]] = [:]
        var iterations: [String: Int] = [:]
        var order: [String] = []
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            // Read from the right: only the machine columns on the left could contain commas.
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 15, fields[0] == target else { continue }
            let count = fields.count
            let metric = fields[count - 9]
            let test = fields[count - 7].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard let percentile = Double(fields[count - 6]), percentile == 50,
                let value = Double(fields[count - 5])
            else { continue }
            if medians[test] == nil {
                order.append(test)
            }
            medians[test, default: [:]][metric] = value
            if let iterationCount = Int(fields[count - 3]) {
                iterations[test] = max(iterations[test] ?? 0, iterationCount)
            }
        }
        return order.compactMap { test in
            guard let colon = test.lastIndex(of: ":"), let metrics = medians[test],
                let wall = metrics[wallClock]
            else { return nil }
            return Measurement(
                workload: String(test[..<colon]),
                competitor: String(test[test.index(after: colon)...]),
                iterations: iterations[test] ?? 0,
                medianWallClockNanoseconds: wall,
                medianMallocCount: metrics[mallocTotal],
                medianPeakResidentBytes: metrics[peakResident],
                medianPeakResidentDeltaBytes: metrics[peakResidentDelta],
                medianOutputBytes: metrics[outputBytes],
                medianCoreRoundTripNanoseconds: metrics[coreRoundTrip]
            )
        }
    }
}
