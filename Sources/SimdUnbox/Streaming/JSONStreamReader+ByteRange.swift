import Foundation

extension JSONStreamReader {
    /// Reads the records of a JSON Lines or concatenated-documents file that start inside a byte
    /// range: readers over ranges that cover the file, in threads, processes or machines, see every
    /// record exactly once, however the ranges were cut.
    ///
    /// ```swift
    /// // Process `part` of `parts`: its share of one file.
    /// let ranges = try JSONFileSplits.byteRanges(ofFileAt: logURL, count: parts)
    /// var reader = try JSONStreamReader<Event>(contentsOf: logURL, format: .jsonLines, byteRange: ranges[part])
    /// while let event = try reader.next() { tally.add(event) }
    /// ```
    ///
    /// A record belongs to the range its first byte is in (Hadoop's rule). JSON Lines: a range that
    /// does not start at 0 begins after the first newline at or after its start, and the last
    /// record read is the one that starts before the range's end, read to its newline; only the
    /// range and one line past it are read. Concatenated documents: the boundary scanner walks the
    /// file from its start to find the documents that start inside, exactly as a reader of the
    /// whole file does (a document's start cannot be told from the bytes around it), so each
    /// range scans the bytes before it, several times faster than it decodes them. A bad record is
    /// reported by the one range it starts in. A structural fault in concatenated documents (an
    /// unclosed string, a truncated end) is reported by the range holding the last document that
    /// starts before it; the ranges after it are empty.
    ///
    /// Element indices in errors count from the range's first record; byte offsets count from the
    /// start of the file. A range no record starts in reads nothing.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: `.jsonLines` or `.concatenated`.
    ///   - byteRange: Offsets in the file; clamped to it. `0..<Int.max` is the whole file.
    ///   - policy: Stop at the first bad record (default) or skip bad records.
    ///   - maximumDepth: The deepest nesting accepted inside a record.
    /// - Throws: The error opening or reading the file, or `UnboxError.Reason.misuse` for a URL
    ///   that is not a file URL or the format `.array` (an array's elements cannot be found from the
    ///   middle of the file).
    public init(
        contentsOf url: URL, format: JSONStreamFormat, byteRange: Range<Int>,
        onError policy: JSONStreamErrorPolicy = .stop, maximumDepth: Int = defaultUnboxMaximumDepth
    ) throws where Element: UnboxCompatible {
        self.init(
            source: try _FileRangeSource(url: url, range: byteRange, format: format), format: format, onError: policy,
            maximumDepth: maximumDepth, decode: UnboxElementDecoding<Element>().decode)
    }
}
