import Foundation

/// Every field error of a document that declared models found, thrown by
/// `unboxReportingEveryError(data:limit:)`: each with its path, reason and byte offset.
///
/// ```swift
/// do {
///     let order: Order = try unboxReportingEveryError(data: data)
/// } catch {
///     for problem in error.errors { print(problem) }
///     // items[2].price: expected a number, found a string (byte 181)
///     // customer.email: missing key (byte 12)
/// }
/// ```
public struct UnboxErrorReport: Error, Sendable, CustomStringConvertible {
    /// The errors, in document order within each object (an object's missing keys after its
    /// other errors).
    public let errors: [UnboxError]
    /// Whether there were more errors than the limit: `errors` holds the first ones.
    public let isTruncated: Bool

    /// Makes a report.
    ///
    /// - Parameters:
    ///   - errors: The errors.
    ///   - isTruncated: Whether there were more.
    public init(errors: [UnboxError], isTruncated: Bool) {
        self.errors = errors
        self.isTruncated = isTruncated
    }

    /// One line per error.
    public var description: String {
        errors.map(\.description).joined(separator: "\n") + (isTruncated ? "\n(more errors not reported)" : "")
    }
}

/// Decodes `T` from JSON data like `unbox(data:)`, but when declared models (`@Unboxable`) meet
/// bad fields it goes on and reports every one of them at once (up to `limit`), as a declared
/// schema reports all its violations.
///
/// ```swift
/// do {
///     let order: Order = try unboxReportingEveryError(data: data)
/// } catch {
///     print(error.errors.count, "problems")
/// }
/// ```
///
/// The collection covers the fields of declared models, at any depth: a field of the wrong type,
/// a missing required key, an invalid value. Decoding stops at the first error of malformed JSON
/// (the rest of the document cannot be read), and inside an array at its first bad element
/// (the report then names that element). Without this entry point, errors cost nothing extra:
/// the first one throws.
///
/// - Parameters:
///   - data: The JSON document.
///   - limit: The most errors to report (at least 1).
///   - maximumDepth: The deepest nesting accepted.
/// - Returns: The decoded value, when there is no error.
/// - Throws: `UnboxErrorReport` with every error found.
public func unboxReportingEveryError<T: UnboxCompatible>(
    data: Data, limit: Int = 100, maximumDepth: Int = defaultUnboxMaximumDepth
) throws(UnboxErrorReport) -> T {
    do {
        return try data.withUnsafeBytes { bytes in
            try _unboxReportingEveryError(bytes, limit: limit, maximumDepth: maximumDepth) as T
        }
    } catch let report as UnboxErrorReport {
        throw report
    } catch {
        throw UnboxErrorReport(errors: [UnboxError._wrapping(error)], isTruncated: false)
    }
}

/// `unboxReportingEveryError(data:limit:maximumDepth:)` for a JSON string.
///
/// ```swift
/// let order: Order = try unboxReportingEveryError(string: #"{"id": 1}"#)
/// ```
///
/// - Parameters:
///   - string: The JSON document.
///   - limit: The most errors to report (at least 1).
///   - maximumDepth: The deepest nesting accepted.
/// - Returns: The decoded value, when there is no error.
/// - Throws: `UnboxErrorReport` with every error found.
public func unboxReportingEveryError<T: UnboxCompatible>(
    string: String, limit: Int = 100, maximumDepth: Int = defaultUnboxMaximumDepth
) throws(UnboxErrorReport) -> T {
    try unboxReportingEveryError(data: Data(string.utf8), limit: limit, maximumDepth: maximumDepth)
}

func _unboxReportingEveryError<T: UnboxCompatible>(
    _ bytes: UnsafeRawBufferPointer, limit: Int, maximumDepth: Int
) throws(UnboxErrorReport) -> T {
    do {
        return try _withDocument(bytes, maxDepth: maximumDepth) { value, context in
            context._state.pointee.collectedErrors = []
            context._state.pointee.errorLimit = max(1, limit)
            do throws(UnboxError) {
                return try T._unbox(from: &value, context: context)
            } catch {
                let collected = context._state.pointee.collectedErrors ?? []
                let truncated = context._state.pointee.errorsTruncated
                if let start = error._collectedStart {
                    let prefix = error.path
                    let errors = collected[start...].map { (inner) -> UnboxError in
                        var inner = inner
                        inner.path = prefix + inner.path
                        return inner
                    }
                    throw UnboxErrorReport(errors: errors, isTruncated: truncated)
                }
                throw UnboxErrorReport(errors: collected + [error], isTruncated: truncated)
            }
        }
    } catch let report as UnboxErrorReport {
        throw report
    } catch let error as UnboxError {
        throw UnboxErrorReport(errors: [error], isTruncated: false)
    } catch {
        throw UnboxErrorReport(errors: [UnboxError._wrapping(error)], isTruncated: false)
    }
}

/// What an object whose errors were collected throws on its way up: where its errors start among
/// the collected ones (each level's key or index is prepended to this error's path, and the
/// level that catches it prepends that path to those errors).
struct _CollectedErrors: Error {
    let start: Int
}

extension UnboxError {
    /// The start of the collected errors this error stands for, when it is the one an object
    /// with collected errors throws.
    var _collectedStart: Int? { (_underlying?.error as? _CollectedErrors)?.start }
}

extension _DeclaredSource {
    /// What a read does with the error of its value: throws it with the current step in its path,
    /// or, under `unboxReportingEveryError`, collects it and goes on.
    ///
    /// - Parameter error: The read's error.
    /// - Throws: The error with the current key or index, unless it is collected.
    @inline(never)
    public mutating func collectOrThrow(_ error: UnboxError) throws(UnboxError) {
        let stepped = prependingStep(error)
        let state = context._state
        guard state.pointee.collectedErrors != nil, context._malformed == nil else { throw stepped }
        if let start = error._collectedStart {
            // A nested object's errors: they get the path from here to it.
            let prefix = stepped.path
            let end = state.pointee.collectedErrors?.count ?? 0
            for index in start..<end {
                state.pointee.collectedErrors?[index].path = prefix + (state.pointee.collectedErrors?[index].path ?? [])
            }
            if _collectStart < 0 || start < _collectStart { _collectStart = start }
            return
        }
        _record(stepped)
    }

    /// Collects `error` for this object.
    mutating func _record(_ error: UnboxError) {
        let state = context._state
        let count = state.pointee.collectedErrors?.count ?? 0
        if _collectStart < 0 { _collectStart = count }
        if count < state.pointee.errorLimit {
            state.pointee.collectedErrors?.append(error)
        } else {
            state.pointee.errorsTruncated = true
        }
    }

    /// The error an object ends with when a required key is missing (`missing` holds the path of
    /// each required key, nil for those that are present) or, under `unboxReportingEveryError`,
    /// when some of its errors were collected: the first missing key's error, or the collected
    /// errors' marker once the missing keys are collected too.
    ///
    /// - Parameter missing: For each required property, its key's path when it is missing.
    /// - Returns: The error to throw.
    @inline(never)
    public mutating func failure(missing: [[UnboxPathComponent]?]) -> UnboxError {
        let state = context._state
        guard state.pointee.collectedErrors != nil, context._malformed == nil else {
            let path = missing.lazy.compactMap { $0 }.first ?? []
            return missingError(path)
        }
        let start = _collectStart < 0 ? (state.pointee.collectedErrors?.count ?? 0) : _collectStart
        for case let path? in missing {
            // A field whose read failed is reported once, for its read.
            let reported = (state.pointee.collectedErrors?[start...] ?? []).contains { $0.path.first == path.first }
            if !reported { _record(missingError(path)) }
        }
        if _collectStart < 0 { _collectStart = start }
        return UnboxError._wrappingCollected(_CollectedErrors(start: _collectStart))
    }
}

extension UnboxError {
    /// The marker of an object's collected errors.
    static func _wrappingCollected(_ marker: _CollectedErrors) -> UnboxError {
        var error = UnboxError(reason: .custom("errors collected"), byteOffset: nil)
        error._underlying = _UnderlyingError(marker)
        return error
    }
}
