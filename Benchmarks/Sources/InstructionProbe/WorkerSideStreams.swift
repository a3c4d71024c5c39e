// The worker-side forms of the stream variants (`stream-records-threads*`, `stream-lines-threads*`),
// for whole-process timings of one, two threads and two processes:
//
//   InstructionProbe <variant> SimdUnbox-workers <decodes>         JSONParallelReader, the variant's
//                                                                   parallelism, a reduction per thread
//   InstructionProbe <variant> SimdUnbox-split-<k>of<n> <decodes>  the same over byte range k of n
//                                                                   (JSON Lines), as process k of n
//
// Each decode folds every record into a checksum; the last one is printed, with the process's peak
// resident memory, so that the splits' checksums can be added up and compared with the whole file's.
import BenchmarkInputs
import CorpusModels
import Foundation
import SimdUnbox

#if canImport(Glibc)
    import Glibc
#endif

/// What the worker-side forms compute: the record count, the sum of the ids and the text bytes.
struct WorkerSideChecksum: Sendable {
    var count = 0
    var idSum = 0
    var textBytes = 0

    mutating func add(_ record: Record) {
        count += 1
        idSum &+= record.id
        textBytes &+= record.name.utf8.count &+ record.bio.utf8.count
    }

    mutating func merge(_ other: WorkerSideChecksum) {
        count += other.count
        idSum &+= other.idSum
        textBytes &+= other.textBytes
    }
}

/// The worker-side competitor named `name` for a stream variant, or nil when `name` is not one.
func workerSideDecode(_ workload: Workload, _ name: String) -> Decode? {
    guard let variant = workload.streamVariant, name.hasPrefix("SimdUnbox-") else { return nil }
    let format: JSONStreamFormat =
        switch workload.source {
        case .generatedLines, .generatedFaultyLines: .jsonLines
        default: .array
        }
    var byteRange: (part: Int, parts: Int)?
    if name != "SimdUnbox-workers" {
        let split = name.dropFirst("SimdUnbox-split-".count).split(separator: "of").compactMap { Int($0) }
        guard name.hasPrefix("SimdUnbox-split-"), split.count == 2, split[0] < split[1] else { return nil }
        byteRange = (split[0], split[1])
    }
    return { _ in
        let url = try workload.inputFile()
        let range = try byteRange.map { try JSONFileSplits.byteRanges(ofFileAt: url, count: $0.parts)[$0.part] }
        let reader = JSONParallelReader<Record>(
            contentsOf: url, format: format, byteRange: range, parallelism: variant.parallelism)
        let checksum = try reader.reduce(
            into: WorkerSideChecksum(), { checksum, record, _ in checksum.add(record) }, merge: { $0.merge($1) })
        var usage = rusage()
        getrusage(__rusage_who_t(truncatingIfNeeded: RUSAGE_SELF.rawValue), &usage)
        print(
            "\(name): \(checksum.count) records, id sum \(checksum.idSum), \(checksum.textBytes) text bytes; "
                + "peak resident \(usage.ru_maxrss / 1024) MB")
        return checksum.count
    }
}
