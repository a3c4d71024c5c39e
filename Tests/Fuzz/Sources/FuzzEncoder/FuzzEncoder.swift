import Foundation
import FuzzSupport
import SimdUnbox

/// Fuzzes `SimdJSONEncoder` and the stream writers: the input is a document (parsed as a
/// `JSONValue`; invalid documents are skipped), optionally followed by a NUL byte and a program
/// choosing the output formatting and the writers' chunk size.
///
/// Checks, for every valid document:
/// - The `JSONValue` encoded by `SimdJSONEncoder` parses back equal (numbers keep their text).
/// - The same document as a Foundation-style tree (numbers as `Double`) encodes byte for byte as
///   `JSONEncoder` encodes it under `.sortedKeys`, or both throw the same error; what
///   `SimdJSONEncoder` writes, `SimdJSONDecoder` reads back as the same tree.
/// - A root array written element by element by `SimdJSONStreamWriter` (JSON Lines, and one array)
///   reads back, through `JSONStreamReader`, as the same elements; the array form is what
///   `SimdJSONEncoder` writes for the whole array.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEncoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (document, program) = splitDocumentAndProgram(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONValue(data: Data(document)) else { return 0 }
    var input = FuzzInput(program)
    var formatting: JSONEncoder.OutputFormatting = []
    if input.bool() { formatting.insert(.prettyPrinted) }
    if input.bool() { formatting.insert(.withoutEscapingSlashes) }
    let encoder = SimdJSONEncoder()
    encoder.outputFormatting = formatting
    checkJSONValue(value, encoder)
    if value.nestingDepth < 400 {
        checkAgainstFoundation(value, formatting.union(.sortedKeys))
    }
    if case .array(let elements) = value {
        checkWriters(elements, encoder, flushThreshold: 1 + input.int(upTo: 255) * 16)
    }
    return 0
}

private func checkJSONValue(_ value: JSONValue, _ encoder: SimdJSONEncoder) {
    let encoded: Data
    do {
        encoded = try encoder.encode(value)
    } catch {
        // Only containers nested 512 deep may fail, as in Foundation.
        fuzzRequire(value.nestingDepth >= 512, "encoding \(preview(value.jsonText.utf8)) threw \(error)")
        return
    }
    let again = Result { try JSONValue(data: encoded, maximumDepth: 1024) }
    guard case .success(let reparsed) = again else {
        fuzzRequire(false, "encoder wrote \(preview(encoded)), which does not parse: \(again)")
        return
    }
    fuzzRequire(reparsed == value, "encoder wrote \(preview(encoded)) for \(preview(value.jsonText.utf8))")
}

/// A JSON tree as Foundation can encode it: numbers are `Double`s.
indirect enum Tree: Codable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([Tree]), object([String: Tree])

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .number(let number): self = .number(number.doubleValue)
        case .string(let string): self = .string(string)
        case .array(let elements): self = .array(elements.map(Tree.init))
        case .object(let fields): self = .object(fields.mapValues(Tree.init))
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([Tree].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: Tree].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let elements): try container.encode(elements)
        case .object(let fields): try container.encode(fields)
        }
    }
}

private func checkAgainstFoundation(_ value: JSONValue, _ formatting: JSONEncoder.OutputFormatting) {
    let tree = Tree(value)
    let foundation = JSONEncoder()
    foundation.outputFormatting = formatting
    let simd = SimdJSONEncoder()
    simd.outputFormatting = formatting
    let expected = Result { try foundation.encode(tree) }
    let actual = Result { try simd.encode(tree) }
    switch (expected, actual) {
    case (.success(let expected), .success(let actual)):
        fuzzRequire(expected == actual, "JSONEncoder wrote \(preview(expected)), SimdJSONEncoder \(preview(actual))")
        let decoded = Result { try SimdJSONDecoder().decode(Tree.self, from: actual) }
        fuzzRequire(
            (try? decoded.get()) == tree, "SimdJSONDecoder read \(decoded) from \(preview(actual))")
    case (.failure(let expected), .failure(let actual)):
        // Paths are not compared: Foundation's lose components in some nestings (its shared
        // encoders); the unit tests compare them where Foundation's are right.
        fuzzRequire(
            errorSummary(expected) == errorSummary(actual),
            "JSONEncoder threw \(expected), SimdJSONEncoder threw \(actual)")
    case (.success(let expected), .failure(let error)):
        fuzzRequire(false, "JSONEncoder wrote \(preview(expected)), SimdJSONEncoder threw \(error)")
    case (.failure(let error), .success(let actual)):
        fuzzRequire(false, "JSONEncoder threw \(error), SimdJSONEncoder wrote \(preview(actual))")
    }
}

private func checkWriters(_ elements: [JSONValue], _ encoder: SimdJSONEncoder, flushThreshold: Int) {
    guard elements.allSatisfy({ $0.nestingDepth < 500 }) else { return }
    for format in [JSONStreamFormat.jsonLines, .array] {
        var output = Data()
        let writer = SimdJSONStreamWriter(format: format, encoder: encoder, flushThreshold: flushThreshold) {
            output.append($0)
        }
        do {
            try writer.write(contentsOf: elements)
            try writer.finish()
        } catch {
            fuzzRequire(false, "stream writer threw \(error)")
        }
        var reader = JSONStreamReader<JSONValue>(data: output, format: format, maximumDepth: 1024)
        var read: [JSONValue] = []
        do {
            while let element = try reader.next() { read.append(element) }
        } catch {
            fuzzRequire(false, "reading \(preview(output)) back threw \(error)")
        }
        fuzzRequire(read == elements, "\(format) writer wrote \(preview(output)), read back \(read.count) elements")
        if format == .array {
            let whole = try? encoder.encode(elements)
            fuzzRequire(
                whole == output,
                "array writer wrote \(preview(output)), the encoder \(whole.map { preview($0) } ?? "nil")")
        }
    }
}

/// An encoding error's case and description, without its path.
private func errorSummary(_ error: any Error) -> String {
    guard case EncodingError.invalidValue(let value, let context) = error else { return "\(error)" }
    return "invalidValue(\(value)): \(context.debugDescription)"
}
