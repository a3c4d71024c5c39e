import Foundation

extension GeneratedData {
    /// The kinds of bad line in a faulty JSON Lines file, in the order they take turns.
    public enum LineFault: CaseIterable, Sendable {
        /// A torn write: the record cut off after its `name` field, outside any string.
        case torn
        /// Junk after the record on the same line: `{...} #junk`.
        case junkAfterValue
        /// The record cut off inside its `name` string: the string is never closed on that line.
        case unterminatedString
    }

    /// Whether line `index` of a faulty file is bad, and how.
    public static func fault(atLine index: Int, badLineEvery: Int) -> LineFault? {
        guard index % badLineEvery == badLineEvery - 1 else { return nil }
        let cases = LineFault.allCases
        return cases[(index / badLineEvery) % cases.count]
    }

    /// Returns the URL of a cached JSON Lines file holding the records of
    /// `file(targetSize:seed:layout: .jsonLines)`, as many and with the same values, except that
    /// one line in `badLineEvery` is bad (the last of each run of `badLineEvery`; see
    /// ``fault(atLine:badLineEvery:)``), generating it if needed
    /// (`simdunbox-records-faulty<every>-<bytes>-seed<seed>-v<format>.jsonl`).
    ///
    /// - Parameters:
    ///   - targetSize: The size of the clean file it mirrors.
    ///   - badLineEvery: One line in this many is bad.
    ///   - seed: The generator's seed.
    /// - Throws: File-system errors from creating or renaming the file.
    public static func faultyLinesFile(targetSize: Int, badLineEvery: Int, seed: UInt64 = defaultSeed) throws -> URL {
        let name = "simdunbox-records-faulty\(badLineEvery)-\(targetSize)-seed\(seed)-v\(formatVersion).jsonl"
        return try cachedFile(named: name) { emit in
            // As many records as the clean file, whatever the size of the bad lines.
            var sizing = RecordGenerator(seed: seed)
            let count = writeElements(targetSize: targetSize, layout: .jsonLines, chunk: { _ in }) { index, buffer in
                sizing.appendRecord(index: index, to: &buffer)
            }
            var generator = RecordGenerator(seed: seed)
            writeElements(targetSize: .max, maximumCount: count, layout: .jsonLines, chunk: emit) { index, buffer in
                let start = buffer.count
                generator.appendRecord(index: index, to: &buffer)
                guard let fault = fault(atLine: index, badLineEvery: badLineEvery) else { return }
                switch fault {
                case .torn:
                    buffer.removeSubrange(offset(of: #","active":"#, in: buffer, from: start)...)
                case .junkAfterValue:
                    buffer.append(contentsOf: " #junk".utf8)
                case .unterminatedString:
                    let marker = #""name":"user-"#
                    buffer.removeSubrange((offset(of: marker, in: buffer, from: start) + marker.utf8.count)...)
                }
            }
        }
    }

    /// The index of the first occurrence of `marker` in `buffer` at or after `start`.
    private static func offset(of marker: String, in buffer: [UInt8], from start: Int) -> Int {
        let pattern = Array(marker.utf8)
        var index = start
        while index + pattern.count <= buffer.count {
            if buffer[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        fatalError("A generated record has no \(marker)")
    }
}
