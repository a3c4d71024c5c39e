import Foundation
import FuzzSupport
import SimdUnbox

/// Fuzzes `SimdJSONDecoder` against Foundation's `JSONDecoder`: the input is a document, then
/// optionally a NUL byte and a program whose bytes pick the model and the strategies.
///
/// The last model, `LateReads`, takes containers and decoders and reads from them in the order the
/// rest of the program gives, so most of its reads go through containers whose parent moved on.
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

    switch input.int(upTo: 5) {
    case 0: compare(Record.self, document, foundation, simd)
    case 1: compare([Record].self, document, foundation, simd)
    // Foundation decodes a dictionary's values in its hash order, so which bad value it reports
    // first varies (`{"a":null,"b":1}`: valueNotFound or typeMismatch): only failure is compared.
    case 2: compare([String: [Int?]].self, document, foundation, simd, comparesErrors: false)
    case 3: compare(Scalars.self, document, foundation, simd)
    case 4: compare(Manual.self, document, foundation, simd)
    default:
        // The rest of the program is the order of the model's reads, the same for both decoders.
        let steps = input.remainingBytes()
        foundation.userInfo[LateReads.stepsKey] = steps
        foundation.userInfo[LateReads.foundationKey] = true
        simd.userInfo[LateReads.stepsKey] = steps
        compare(LateReads.self, document, foundation, simd) { decoded in
            fuzzRequire(!decoded.caughtMalformedJSON, "SimdJSONDecoder decoded \(decoded) from malformed JSON")
        }
    }
    return 0
}

/// Compares the two decoders' results (see `fuzzCodable`); `check` runs on SimdJSONDecoder's value
/// whenever it decodes one.
private func compare<T: Decodable & Equatable>(
    _: T.Type, _ document: Data, _ foundation: JSONDecoder, _ simd: SimdJSONDecoder, comparesErrors: Bool = true,
    check: (T) -> Void = { _ in }
) {
    let ours = Result { try simd.decode(T.self, from: document) }
    switch ours {
    case .failure(let error): fuzzRequire(error is DecodingError, "SimdJSONDecoder threw \(type(of: error)): \(error)")
    case .success(let value): check(value)
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

/// Containers taken first and read later, in an order the fuzz program gives: keyed and unkeyed
/// containers, nested ones of either, `superDecoder()`s, read out of order, after their parent
/// moved on, after a sibling or a later element was read, and after a read of theirs failed.
///
/// The program (`stepsKey`, in both decoders' `userInfo`) is a list of steps, each a handle (which
/// of the decoders and containers taken so far: the first is the model's own decoder), an
/// operation (`read(_:_:)` for each kind of handle) and, on a keyed container, a key. A container
/// or decoder a step takes becomes a new handle. What each step reads, or the `DecodingError` it
/// throws, goes into `log`, which both decoders must fill alike; a step whose operation byte is
/// `0xE0` or more lets its error end the decode instead, to compare the error itself.
struct LateReads: Decodable, Equatable, CustomStringConvertible {
    /// The steps, as `[UInt8]`.
    static let stepsKey = CodingUserInfoKey(rawValue: "LateReads.steps")!
    /// True in `JSONDecoder`'s `userInfo`.
    static let foundationKey = CodingUserInfoKey(rawValue: "LateReads.foundation")!

    /// The keys of every keyed container (`eF` is `e_f` under `convertFromSnakeCase`).
    enum Key: String, CodingKey, CaseIterable { case a, b, c, d, eF }

    /// A decoder or container taken by a step.
    private enum Handle {
        case decoder(any Decoder)
        case keyed(KeyedDecodingContainer<Key>)
        case unkeyed(any UnkeyedDecodingContainer)
    }

    /// Each step's handle and operation, and what it read or threw.
    var log: [String] = []
    /// A step caught SimdJSONDecoder's error for malformed JSON.
    var caughtMalformedJSON = false

    var description: String { log.joined(separator: "; ") }

    init(from decoder: any Decoder) throws {
        var steps = FuzzInput(decoder.userInfo[Self.stepsKey] as? [UInt8] ?? [])
        let isFoundation = decoder.userInfo[Self.foundationKey] as? Bool ?? false
        var handles: [Handle] = [.decoder(decoder)]
        // Bounded, so that a long program does not make a slow input.
        for _ in 0..<64 where !steps.isExhausted {
            let index = Int(steps.byte()) % handles.count
            let operation = steps.byte()
            let step = "\(index).\(operation)"
            do {
                let (read, taken) = try Self.run(operation, on: &handles[index], &steps)
                log.append("\(step) \(read)")
                if let taken, handles.count < 16 { handles.append(taken) }
            } catch let error as DecodingError {
                if operation >= 0xE0 { throw error }
                log.append("\(step) threw \(summary(error))")
            } catch let error as UnboxError where !isFoundation {
                // Malformed JSON (or nesting beyond the depth limit) that SimdJSONDecoder meets fails
                // the whole decode, even where `init(from:)` catches it: `fuzzCodable` checks that the
                // decode throws.
                switch error.reason {
                case .malformedJSON, .depthLimitExceeded: break
                default: fuzzRequire(false, "SimdJSONDecoder threw \(error) into init(from:)")
                }
                if operation >= 0xE0 { throw error }
                caughtMalformedJSON = true
                log.append("\(step) threw \(error)")
            } catch {
                // Foundation throws its internal `JSONError` into `init(from:)` for a number the type
                // cannot hold (`5.5` as `Int`), and makes it `dataCorrupted` with an empty path once
                // out of `decode`, which is what SimdJSONDecoder throws in the first place.
                fuzzRequire(
                    isFoundation && "\(type(of: error))" == "JSONError",
                    "\(isFoundation ? "JSONDecoder" : "SimdJSONDecoder") threw \(type(of: error)): \(error)")
                if operation >= 0xE0 { throw error }
                log.append("\(step) threw \(summary(.dataCorrupted(.init(codingPath: [], debugDescription: ""))))")
            }
        }
    }

    /// Runs `operation` on `handle` (which an unkeyed container's reads move on); returns what it
    /// read and the decoder or container it took, if any.
    private static func run(_ operation: UInt8, on handle: inout Handle, _ steps: inout FuzzInput) throws -> (
        String, Handle?
    ) {
        switch handle {
        case .decoder(let decoder):
            return try read(decoder, operation)
        case .keyed(let container):
            let key = Key.allCases[steps.int(upTo: Key.allCases.count - 1)]
            let (read, taken) = try read(container, operation, key)
            return ("\(key.stringValue): \(read)", taken)
        case .unkeyed(var container):
            defer { handle = .unkeyed(container) }
            return try read(&container, operation)
        }
    }

    private static func read(_ decoder: any Decoder, _ operation: UInt8) throws -> (String, Handle?) {
        switch operation % 10 {
        case 0: return ("keyed", .keyed(try decoder.container(keyedBy: Key.self)))
        case 1: return ("unkeyed", .unkeyed(try decoder.unkeyedContainer()))
        case 2: return (String(try decoder.singleValueContainer().decode(Int.self)), nil)
        case 3: return (String(reflecting: try decoder.singleValueContainer().decode(String.self)), nil)
        case 4: return (String(describing: try decoder.singleValueContainer().decode(Double?.self)), nil)
        case 5: return (String(try decoder.singleValueContainer().decode(Bool.self)), nil)
        case 6: return (String(try decoder.singleValueContainer().decodeNil()), nil)
        case 7: return (String(describing: try [Int?](from: decoder)), nil)
        case 8: return (String(try Double(from: decoder)), nil)
        default: return (codingPathText(decoder.codingPath), nil)
        }
    }

    private static func read(_ container: KeyedDecodingContainer<Key>, _ operation: UInt8, _ key: Key) throws -> (
        String, Handle?
    ) {
        switch operation % 16 {
        case 0: return (String(try container.decode(Int.self, forKey: key)), nil)
        case 1: return (String(reflecting: try container.decode(String.self, forKey: key)), nil)
        case 2: return (String(describing: try container.decode(Double?.self, forKey: key)), nil)
        case 3: return (String(try container.decode(Bool.self, forKey: key)), nil)
        case 4: return (String(describing: try container.decodeIfPresent(Int.self, forKey: key)), nil)
        case 5: return (String(reflecting: try container.decodeIfPresent(String.self, forKey: key)), nil)
        case 6: return (String(describing: try container.decodeIfPresent(Double.self, forKey: key)), nil)
        case 7: return (String(container.contains(key)), nil)
        case 8: return (String(try container.decodeNil(forKey: key)), nil)
        // Foundation's keys come in its dictionary's hash order.
        case 9: return (container.allKeys.map(\.stringValue).sorted().joined(separator: ","), nil)
        case 10: return ("keyed", .keyed(try container.nestedContainer(keyedBy: Key.self, forKey: key)))
        case 11: return ("unkeyed", .unkeyed(try container.nestedUnkeyedContainer(forKey: key)))
        case 12: return ("decoder", .decoder(try container.superDecoder(forKey: key)))
        case 13: return ("decoder", .decoder(try container.superDecoder()))
        case 14: return (String(describing: try container.decode([Int?].self, forKey: key)), nil)
        default: return (codingPathText(container.codingPath), nil)
        }
    }

    private static func read(_ container: inout any UnkeyedDecodingContainer, _ operation: UInt8) throws -> (
        String, Handle?
    ) {
        switch operation % 16 {
        case 0: return (String(try container.decode(Int.self)), nil)
        case 1: return (String(reflecting: try container.decode(String.self)), nil)
        case 2: return (String(describing: try container.decode(Double?.self)), nil)
        case 3: return (String(try container.decode(Bool.self)), nil)
        case 4: return (String(describing: try container.decodeIfPresent(Int.self)), nil)
        case 5: return (String(reflecting: try container.decodeIfPresent(String.self)), nil)
        case 6: return (String(try container.decodeNil()), nil)
        case 7: return ("at end: \(container.isAtEnd)", nil)
        case 8: return ("count: \(String(describing: container.count))", nil)
        case 9: return ("index: \(container.currentIndex)", nil)
        case 10: return ("keyed", .keyed(try container.nestedContainer(keyedBy: Key.self)))
        case 11: return ("unkeyed", .unkeyed(try container.nestedUnkeyedContainer()))
        case 12: return ("decoder", .decoder(try container.superDecoder()))
        case 13: return (String(describing: try container.decode([Int?].self)), nil)
        case 14: return (String(describing: try container.decodeIfPresent(Double.self)), nil)
        default: return (codingPathText(container.codingPath), nil)
        }
    }

    /// A coding path as `summary(_:)` writes one: keys by name, indices as `#n`.
    private static func codingPathText(_ path: [any CodingKey]) -> String {
        "path: " + path.map { $0.intValue.map { "#\($0)" } ?? $0.stringValue }.joined(separator: "/")
    }
}
