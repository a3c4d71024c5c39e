/// What a stream does when an element fails to decode: malformed JSON inside it, or JSON that does
/// not match the model.
///
/// ```swift
/// // Stop at the first bad element (the default): `next()` throws its error.
/// var strict = JSONStreamReader<Record>(data: data, format: .jsonLines)
///
/// // Skip bad elements, collecting their errors for a report.
/// let problems = Mutex<[UnboxError]>([])
/// var lenient = JSONStreamReader<Record>(
///     data: data, format: .jsonLines, onError: .skip { error in problems.withLock { $0.append(error) } })
/// ```
///
/// Each error's `path` starts with the element's index (`[41].user.name`) and its `byteOffset`
/// counts from the start of the stream. Errors of the stream itself are thrown under either policy:
/// a truncated stream, a value that is not an array (format `.array`), content after the array.
/// In JSON Lines every line is an element of its own, so a torn or malformed line, the last one
/// included, is a bad element like any other.
public enum JSONStreamErrorPolicy: Sendable {
    /// Throw the first element's error and end the stream.
    case stop
    /// Hand each bad element's error to `report` and go on with the next element.
    case skip(_ report: @Sendable (UnboxError) -> Void)

    /// Skips bad elements without reporting them.
    ///
    /// ```swift
    /// var reader = JSONStreamReader<Record>(data: data, format: .jsonLines, onError: .skipSilently)
    /// ```
    public static var skipSilently: JSONStreamErrorPolicy { .skip { _ in } }
}
