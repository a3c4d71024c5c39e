import Foundation
import SimdUnbox
import Testing

/// The memory bound on a large file. Not in the default run: set `SIMDUNBOX_STRESS=1` (and
/// optionally `SIMDUNBOX_STRESS_SIZE`, in bytes, 1 GB by default) to run it. Linux only (reads
/// `VmHWM` from `/proc/self/status`).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SIMDUNBOX_STRESS"] == "1"))
struct StreamingStressTests {
    static var size: Int {
        ProcessInfo.processInfo.environment["SIMDUNBOX_STRESS_SIZE"].flatMap(Int.init) ?? 1_000_000_000
    }

    /// Peak resident memory so far, in bytes.
    static func peakResidentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let kilobytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kilobytes * 1024
    }

    /// Writes about `size` bytes of records to a file, a megabyte at a time.
    static func generate(format: JSONStreamFormat, size: Int) throws -> (URL, Int) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("simdunbox-stress-\(UUID()).json")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var written = 0
        var count = 0
        var piece = format == .array ? "[" : ""
        while written < size {
            if format == .array && count > 0 { piece += ",\n" }
            piece += StreamFixtures.record(count, spacing: count)
            if format != .array { piece += "\n" }
            count += 1
            if piece.utf8.count >= 1 << 20 {
                written += piece.utf8.count
                try handle.write(contentsOf: Data(piece.utf8))
                piece = ""
            }
        }
        if format == .array { piece += "]" }
        try handle.write(contentsOf: Data(piece.utf8))
        return (url, count)
    }

    @Test(arguments: [JSONStreamFormat.array, .jsonLines])
    func peakMemoryDoesNotGrowWithTheFile(format: JSONStreamFormat) throws {
        let (url, count) = try Self.generate(format: format, size: Self.size)
        defer { try? FileManager.default.removeItem(at: url) }
        let baseline = try Self.peakResidentBytes()
        let start = Date()
        var decoded = 0
        var checksum = 0
        try unboxEach(StreamRecord.self, contentsOf: url, format: format) { record in
            decoded += 1
            checksum &+= record.id
        }
        let seconds = Date().timeIntervalSince(start)
        let growth = try Self.peakResidentBytes() - baseline
        print(
            "stress \(format): \(decoded) records, \(Self.size >> 20) MiB in \(seconds) s, "
                + "peak RSS growth \(growth >> 10) KiB")
        #expect(decoded == count)
        #expect(checksum == count * (count - 1) / 2)
        #expect(growth < 64 << 20)
    }
}
