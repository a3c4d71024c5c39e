import Foundation

/// Cuts a file into byte ranges for readers that share it: threads, processes or machines, each
/// reading the records that start inside its range.
///
/// ```swift
/// let ranges = try JSONFileSplits.byteRanges(ofFileAt: logURL, count: 4)
/// // Process i of 4:
/// var reader = try JSONStreamReader<Event>(contentsOf: logURL, format: .jsonLines, byteRange: ranges[i])
/// ```
///
/// The ranges are plain cuts of the file's bytes into nearly equal parts: they need not fall on
/// record boundaries, since a range reader aligns itself (see
/// `JSONStreamReader(contentsOf:format:byteRange:onError:maximumDepth:)`).
public enum JSONFileSplits {
    /// `count` contiguous ranges that cover `0..<size`, of sizes that differ by one byte at most.
    ///
    /// ```swift
    /// JSONFileSplits.byteRanges(forSize: 10, count: 3)   // [0..<4, 4..<7, 7..<10]
    /// ```
    ///
    /// - Parameters:
    ///   - size: The file's size in bytes.
    ///   - count: How many ranges (at least one is made).
    /// - Returns: The ranges, in file order; some are empty when `count` exceeds `size`.
    public static func byteRanges(forSize size: Int, count: Int) -> [Range<Int>] {
        let count = max(count, 1)
        let size = max(size, 0)
        let (quotient, remainder) = size.quotientAndRemainder(dividingBy: count)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(count)
        var lower = 0
        for part in 0..<count {
            let upper = lower + quotient + (part < remainder ? 1 : 0)
            ranges.append(lower..<upper)
            lower = upper
        }
        return ranges
    }

    /// `count` contiguous ranges that cover the file at `url` as it is now.
    ///
    /// ```swift
    /// for range in try JSONFileSplits.byteRanges(ofFileAt: exportURL, count: 8) { schedule(range) }
    /// ```
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - count: How many ranges (at least one is made).
    /// - Returns: The ranges, in file order.
    /// - Throws: The error reading the file's attributes.
    public static func byteRanges(ofFileAt url: URL, count: Int) throws -> [Range<Int>] {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        return byteRanges(forSize: size, count: count)
    }
}
