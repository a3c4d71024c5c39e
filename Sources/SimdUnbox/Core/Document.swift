import Foundation

/// The default limit on how deeply arrays and objects may nest, as in Foundation's decoders.
public let defaultUnboxMaximumDepth = 512

/// Where in a document to start decoding.
@usableFromInline
enum _Location {
    case root
    case key(String)
    case keyPath(String)
}

/// Decodes one whole document: borrows a parser, indexes `bytes`, hands the value at `location`
/// to `body`, then checks that the rest of the document is well formed up to its end.
@usableFromInline
func _withDocument<Result>(
    _ bytes: UnsafeRawBufferPointer, at location: _Location = .root, maxDepth: Int = defaultUnboxMaximumDepth,
    _ body: (inout _JSONCursor, _DecodingContext) throws -> Result
) throws -> Result {
    let parser = _ParserPool.shared.take()
    let context = _DecodingContext(parser: parser, maxDepth: maxDepth)
    defer {
        context._close()
        _ParserPool.shared.give(parser, lastInputSize: bytes.count)
    }
    var value = _JSONCursor()
    try context._begin(bytes, root: &value)
    let result: Result
    do {
        switch location {
        case .root:
            result = try body(&value, context)
        case .key(let key):
            result = try decodeNested(_KeyPath(segments: [key]), from: &value, context: context, body)
        case .keyPath(let keyPath):
            result = try decodeNested(_KeyPath(keyPath), from: &value, context: context, body)
        }
    } catch {
        throw context._resolve(error)
    }
    try context._finish()
    return result
}

private func decodeNested<Result>(
    _ keyPath: _KeyPath, from value: inout _JSONCursor, context: _DecodingContext,
    _ body: (inout _JSONCursor, _DecodingContext) throws -> Result
) throws -> Result {
    let passed = try context._navigate(keyPath.segments[...], value: &value)
    do {
        return try body(&value, context)
    } catch {
        throw context._prepending(passed, to: error)
    }
}

@usableFromInline
func _withDocument<Result>(
    data: Data, at location: _Location = .root, maxDepth: Int = defaultUnboxMaximumDepth,
    _ body: (inout _JSONCursor, _DecodingContext) throws -> Result
) throws -> Result {
    try data.withUnsafeBytes { try _withDocument($0, at: location, maxDepth: maxDepth, body) }
}

@usableFromInline
func _withDocument<Result>(
    string: String, at location: _Location = .root, maxDepth: Int = defaultUnboxMaximumDepth,
    _ body: (inout _JSONCursor, _DecodingContext) throws -> Result
) throws -> Result {
    var string = string
    return try string.withUTF8 { try _withDocument(UnsafeRawBufferPointer($0), at: location, maxDepth: maxDepth, body) }
}

@usableFromInline
func _withDocument<Bytes: ContiguousBytes, Result>(
    bytes: Bytes, at location: _Location = .root, maxDepth: Int = defaultUnboxMaximumDepth,
    _ body: (inout _JSONCursor, _DecodingContext) throws -> Result
) throws -> Result {
    try bytes.withUnsafeBytes { try _withDocument($0, at: location, maxDepth: maxDepth, body) }
}
