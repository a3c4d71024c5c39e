import Foundation

// The closure forms of the synchronous streams: one call per element, nothing collected.

/// Decodes the elements of JSON data one at a time and passes each to `body`, without building
/// an array.
///
/// ```swift
/// try unboxEach(User.self, data: data, atKeyPath: "data.users") { user in
///     names.insert(user.name)
/// }
/// ```
///
/// - Parameters:
///   - type: The model type (may be inferred from `body`).
///   - data: The input.
///   - format: How the elements are laid out; a root array by default.
///   - keyPath: With `.array`, the path of a nested array to stream; `nil` for a root array.
///   - policy: Stop at the first bad element (default) or skip bad elements.
///   - body: Called with each model, in order. Throw from it to stop.
/// - Throws: As `JSONStreamReader.next()`, or what `body` threw.
@inlinable
public func unboxEach<T: UnboxCompatible>(
    _ type: T.Type = T.self, data: Data, format: JSONStreamFormat = .array, atKeyPath keyPath: String? = nil,
    onError policy: JSONStreamErrorPolicy = .stop, _ body: (T) throws -> Void
) throws {
    var reader = JSONStreamReader<T>(data: data, format: format, atKeyPath: keyPath, onError: policy)
    while let element = try reader.next() { try body(element) }
}

/// Decodes the elements of a JSON file of any size one at a time and passes each to `body`; peak
/// memory does not depend on the file's size.
///
/// ```swift
/// var total = 0.0
/// try unboxEach(Order.self, contentsOf: ordersURL, format: .jsonLines) { order in
///     total += order.amount
/// }
/// ```
///
/// - Parameters:
///   - type: The model type (may be inferred from `body`).
///   - url: A file URL.
///   - format: How the elements are laid out; a root array by default.
///   - policy: Stop at the first bad element (default) or skip bad elements.
///   - body: Called with each model, in order. Throw from it to stop.
/// - Throws: The error opening or reading the file, as `JSONStreamReader.next()`, or what `body`
///   threw.
@inlinable
public func unboxEach<T: UnboxCompatible>(
    _ type: T.Type = T.self, contentsOf url: URL, format: JSONStreamFormat = .array,
    onError policy: JSONStreamErrorPolicy = .stop, _ body: (T) throws -> Void
) throws {
    var reader = try JSONStreamReader<T>(contentsOf: url, format: format, onError: policy)
    while let element = try reader.next() { try body(element) }
}

/// Decodes the elements of a JSON file of any size on several threads and passes each to `body`,
/// in the file's order, on the calling thread.
///
/// ```swift
/// var total = 0.0
/// try unboxEach(Order.self, contentsOf: ordersURL, format: .jsonLines, parallelism: 2) { order in
///     total += order.amount
/// }
/// ```
///
/// - Parameters:
///   - type: The model type (may be inferred from `body`).
///   - url: A file URL.
///   - format: How the elements are laid out; a root array by default.
///   - policy: Stop at the first bad element (default) or skip bad elements.
///   - parallelism: How many threads decode (see
///     `JSONStreamReader(contentsOf:format:onError:maximumDepth:parallelism:)`).
///   - body: Called with each model, in order. Throw from it to stop.
/// - Throws: The error opening or reading the file, as `JSONStreamReader.next()`, or what `body`
///   threw.
public func unboxEach<T: UnboxCompatible & Sendable>(
    _ type: T.Type = T.self, contentsOf url: URL, format: JSONStreamFormat = .array,
    onError policy: JSONStreamErrorPolicy = .stop, parallelism: Int, _ body: (T) throws -> Void
) throws {
    var reader = try JSONStreamReader<T>(contentsOf: url, format: format, onError: policy, parallelism: parallelism)
    while let element = try reader.next() { try body(element) }
}
