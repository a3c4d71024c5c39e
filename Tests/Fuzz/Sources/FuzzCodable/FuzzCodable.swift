import Foundation
import FuzzSupport
import SimdUnbox

/// Fuzzes `SimdJSONDecoder` against Foundation's `JSONDecoder`: the input is a document, then
/// optionally a NUL byte and a program whose bytes pick the model and the strategies.
///
/// Checks, for every input Foundation reads as UTF-8 JSON:
/// - `SimdJSONDecoder` only ever throws `DecodingError`, never crashes.
/// - Both decoders decode the same value, or both throw the same `DecodingError` case with the same
///   coding path. Known, documented differences are not compared: documents that `JSONValue`
///   rejects but that fail only in fields the model never reads (On-Demand skips them), duplicate
///   keys, nesting near the depth limit, numbers beyond 64 bits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodable(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (bytes, program) = splitDocumentAndProgram(UnsafeBufferPointer(start: data, count: size))
    var input = FuzzInput(program)
    let document = Data(bytes)
    let keys: JSONDecoder.KeyDecodingStrategy = input.bool() ? .convertFromSnakeCase : .useDefaultKeys
    let dates: JSONDecoder.DateDecodingStrategy =
        [.deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601][input.int(upTo: 3)]
    let floats: JSONDecoder.NonConformingFloatDecodingStrategy =
        input.bool() ? .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan") : .throw
    let foundation = JSONDecoder()
    let simd = SimdJSONDecoder()
    foundation.keyDecodingStrategy = keys
    simd.keyDecodingStrategy = keys
    foundation.dateDecodingStrategy = dates
    simd.dateDecodingStrategy = dates
    foundation.nonConformingFloatDecodingStrategy = floats
    simd.nonConformingFloatDecodingStrategy = floats

    switch input.int(upTo: 4) {
    case 0: compare(Record.self, document, foundation, simd)
    case 1: compare([Record].self, document, foundation, simd)
    // Foundation decodes a dictionary's values in its hash order, so which bad value it reports
    // first varies (`{"a":null,"b":1}`: valueNotFound or typeMismatch): only failure is compared.
    case 2: compare([String: [Int?]].self, document, foundation, simd, comparesErrors: false)
    case 3: compare(Scalars.self, document, foundation, simd)
    default: compare(Manual.self, document, foundation, simd)
    }
    return 0
}

private func compare<T: Decodable & Equatable>(
    _: T.Type, _ document: Data, _ foundation: JSONDecoder, _ simd: SimdJSONDecoder, comparesErrors: Bool = true
) {
    let ours = Result { try simd.decode(T.self, from: document) }
    if case .failure(let error) = ours {
        fuzzRequire(error is DecodingError, "SimdJSONDecoder threw \(type(of: error)): \(error)")
    }
    // Foundation sniffs UTF-16 and UTF-32 and skips a byte-order mark; SimdUnbox reads UTF-8 only.
    if document.prefix(4).contains(0) || document.starts(with: [0xEF, 0xBB, 0xBF])
        || document.starts(with: [0xFE, 0xFF]) || document.starts(with: [0xFF, 0xFE])
    {
        return
    }
    guard let valid = try? JSONValue(data: document) else {
        // Malformed input: Foundation always fails; SimdUnbox may succeed when the damage is in a part
        // the model skips, but when it fails the error is `dataCorrupted` as Foundation's is.
        return
    }
    guard !KeyAudit(Array(document)).hasDuplicateKeys, valid.isComparable else { return }
    let theirs = Result { try foundation.decode(T.self, from: document) }
    switch (theirs, ours) {
    case (.success(let expected), .success(let actual)):
        fuzzRequire(expected == actual, "Foundation decoded \(expected), SimdUnbox \(actual) from \(preview(document))")
    case (.failure(let expected), .failure(let actual)):
        guard comparesErrors, let expected = expected as? DecodingError, let actual = actual as? DecodingError else {
            return
        }
        fuzzRequire(
            summary(expected) == summary(actual),
            "Foundation threw \(summary(expected)), SimdUnbox \(summary(actual)) for \(preview(document))")
    case (.success(let expected), .failure(let actual)):
        fuzzRequire(false, "Foundation decoded \(expected), SimdUnbox threw \(actual) for \(preview(document))")
    case (.failure(let expected), .success(let actual)):
        fuzzRequire(false, "Foundation threw \(expected), SimdUnbox decoded \(actual) from \(preview(document))")
    }
}

private func summary(_ error: DecodingError) -> String {
    /// The path, up to `Record.attributes`: Foundation decodes a dictionary's values in its hash
    /// order, so which bad value inside it is reported first varies.
    func path(_ keys: [any CodingKey]) -> String {
        var components: [String] = []
        for key in keys {
            components.append(key.intValue.map { "#\($0)" } ?? key.stringValue)
            if key.stringValue == "attributes" && key.intValue == nil {
                components.append("*")
                break
            }
        }
        return components.joined(separator: "/")
    }
    switch error {
    case .typeMismatch(let type, let context): return "typeMismatch(\(type)) at \(path(context.codingPath))"
    case .valueNotFound(let type, let context): return "valueNotFound(\(type)) at \(path(context.codingPath))"
    case .keyNotFound(let key, let context): return "keyNotFound(\(key.stringValue)) at \(path(context.codingPath))"
    case .dataCorrupted(let context): return "dataCorrupted at \(path(context.codingPath))"
    @unknown default: return "unknown"
    }
}

extension JSONValue {
    /// No number beyond 64-bit integers or `Double` (Foundation and SimdUnbox read those
    /// differently by design), no zero written with an exponent (Foundation rejects some of those
    /// valid numbers as invalid JSON: `0e1`, `0e5` and `0.00e5`, but not `0e15` or `0.000e30`), and
    /// nesting well inside both decoders' limits.
    fileprivate var isComparable: Bool { check(depth: 0) }

    private func check(depth: Int) -> Bool {
        guard depth < 400 else { return false }
        switch self {
        case .number(let number):
            let isInteger = !number.text.contains(where: { ".eE".contains($0) })
            if isInteger { return number.int64Value != nil || number.uint64Value != nil }
            if number.doubleValue == 0 && number.text.contains(where: { "eE".contains($0) }) { return false }
            return number.doubleValue.isFinite && number.text.count < 40
        case .array(let elements): return elements.allSatisfy { $0.check(depth: depth + 1) }
        case .object(let fields): return fields.values.allSatisfy { $0.check(depth: depth + 1) }
        default: return true
        }
    }
}

/// Optional fields of most kinds a model has, nested models, a date and a nested optional.
struct Record: Codable, Equatable {
    enum Kind: String, Codable { case a, b }

    var id: Int
    var name: String?
    var score: Double?
    var flag: Bool?
    var small: Int8?
    var big: UInt64?
    var kind: Kind?
    var tags: [String]?
    var when: Date?
    var children: [Record]?
    var attributes: [String: Int]?
    var maybe: Int??
    var userName: String?
}

/// The scalars of the standard library, in a keyed container.
struct Scalars: Codable, Equatable {
    var a: Int16?
    var b: UInt32?
    var c: Float?
    var d: Decimal?
    var e: Int128?
    var f: URL?
    var g: Data?
    var h: [Double]?
}

/// Hand-written `init(from:)`: unkeyed and nested containers, `decodeIfPresent`, `superDecoder`.
struct Manual: Decodable, Equatable {
    var values: [Int] = []
    var pair: [String] = []
    var inner: Int?
    var superValue: String?

    enum Keys: String, CodingKey { case values, pair, inner, nested, `super` }
    enum Inner: String, CodingKey { case inner }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if var values = try? container.nestedUnkeyedContainer(forKey: .values) {
            while !values.isAtEnd {
                guard let value = try values.decodeIfPresent(Int.self) else { continue }
                self.values.append(value)
            }
        }
        if container.contains(.pair) {
            var pair = try container.nestedUnkeyedContainer(forKey: .pair)
            self.pair = [try pair.decode(String.self), try pair.decode(String.self)]
        }
        if container.contains(.nested) {
            let nested = try container.nestedContainer(keyedBy: Inner.self, forKey: .nested)
            inner = try nested.decodeIfPresent(Int.self, forKey: .inner)
        }
        if container.contains(.super) {
            superValue = try String(from: try container.superDecoder(forKey: .super))
        }
    }
}
