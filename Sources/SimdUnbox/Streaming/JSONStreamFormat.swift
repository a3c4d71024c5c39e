/// How the elements of a JSON stream are laid out.
///
/// ```swift
/// // [{"id": 1}, {"id": 2}, ...]
/// var reader = JSONStreamReader<Record>(data: arrayData, format: .array)
///
/// // {"id": 1}
/// // {"id": 2}
/// var lines = JSONStreamReader<Record>(data: ndjsonData, format: .jsonLines)
/// ```
public enum JSONStreamFormat: Sendable, Hashable {
    /// One JSON array (`[e0, e1, ...]`) whose elements are decoded one at a time. Whitespace may
    /// surround the array; anything else after its `]` is an error.
    case array
    /// JSON Lines (NDJSON): one document per line, as in log files and exports. Every newline ends
    /// a record, so a bad line (torn, junk after its value, an unclosed string, invalid UTF-8)
    /// is one bad element and the next line decodes normally. Blank lines are not elements;
    /// `\r\n` line ends are accepted; a last line without a newline is an element.
    case jsonLines
    /// Documents one after another, separated by optional whitespace (`{"a":1} {"a":2}`), as
    /// simdjson's `iterate_many` reads them. Each document is an element.
    case concatenated
}
