import Foundation
import FuzzSupport
import SimdUnbox

/// Fuzzes `Unboxable` model decoding: the input is a document, then optionally a NUL byte and a
/// program whose first byte picks the entry point.
///
/// Checks, for every input:
/// - Decoding only ever throws `UnboxError`, never crashes, whatever the bytes.
/// - `unbox` as `JSONValue` (which reads every value) agrees with `JSONValue(data:)`: the same
///   value, or both fail.
/// - A model that decodes reads the values `JSONValue` reads: each field the model holds equals the
///   document's value at that key, for documents `JSONValue` accepts without duplicate keys.
/// - An `Unboxer` kept past `init(unboxer:)` throws `misuse` when used.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUnbox(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (bytes, program) = splitDocumentAndProgram(UnsafeBufferPointer(start: data, count: size))
    var input = FuzzInput(program)
    let document = Data(bytes)
    let reference = try? JSONValue(data: document)

    // Whole-document reads agree with the validating parser.
    let asValue = Result { () throws -> JSONValue in try unbox(data: document) }
    checkOnlyUnboxErrors(asValue)
    if case .success(let value) = asValue {
        fuzzRequire(
            value == reference,
            "unbox read \(preview(value.jsonText.utf8)) but JSONValue read \(String(describing: reference?.jsonText))")
    } else if reference != nil {
        fuzzRequire(false, "JSONValue accepted \(preview(bytes)) but unbox as JSONValue threw \(asValue)")
    }

    let plain = reference != nil && !KeyAudit(bytes).hasDuplicateKeys
    // Half the inputs read the model's fields in reverse order: lookups that wrap around, and the
    // shim's key index that answers them.
    probeReadsInReverse = input.bool()
    switch input.int(upTo: 5) {
    case 0:
        let probe = Result { () throws -> Probe in try unbox(data: document) }
        checkOnlyUnboxErrors(probe)
        if plain, case .success(let model) = probe, let reference { model.check(against: reference) }
    case 1:
        let probes = Result { () throws -> [Probe] in try unbox(data: document) }
        checkOnlyUnboxErrors(probes)
        if plain, case .success(let models) = probes, case .array(let elements)? = reference {
            fuzzRequire(models.count == elements.count, "\(models.count) models from \(elements.count) elements")
            for (model, element) in zip(models, elements) { model.check(against: element) }
        }
    case 2:
        let lossy = Result { () throws -> Lossy in try unbox(data: document) }
        checkOnlyUnboxErrors(lossy)
    case 3:
        let keyPath = ["a", "a.b", "items.0", "/a/b", "a.0.b", "0"][input.int(upTo: 5)]
        let nested = Result { () throws -> JSONValue in try unbox(data: document, atKeyPath: keyPath) }
        checkOnlyUnboxErrors(nested)
        if plain, case .success(let value) = nested, let reference {
            fuzzRequire(
                reference.value(atKeyPath: keyPath) == value,
                "\(keyPath) read \(preview(value.jsonText.utf8)) from \(preview(bytes))")
        }
    case 4:
        let map = Result { () throws -> [String: Probe] in try unbox(data: document) }
        checkOnlyUnboxErrors(map)
    default:
        Keeper.kept = nil
        _ = try? unbox(data: document) as Keeper
        if let unboxer = Keeper.kept {
            do {
                let _: Int? = try unboxer.unboxIfPresent(key: "id")
                fuzzRequire(false, "an Unboxer kept past its init read a value")
            } catch let error as UnboxError {
                if case .misuse = error.reason {} else { fuzzRequire(false, "a kept Unboxer threw \(error)") }
            } catch {
                fuzzRequire(false, "a kept Unboxer threw \(type(of: error))")
            }
        }
    }
    return 0
}

private func checkOnlyUnboxErrors<T>(_ result: Result<T, any Error>) {
    if case .failure(let error) = result {
        fuzzRequire(error is UnboxError, "threw \(type(of: error)): \(error)")
        if let error = error as? UnboxError {
            _ = error.description
        }
    }
}

/// Whether `Probe` reads its fields in reverse order (set per input; the fuzzer runs one input at a
/// time).
nonisolated(unsafe) var probeReadsInReverse = false

/// A model with optional fields of each kind, nested models and a key path.
struct Probe: Unboxable {
    enum Kind: String, UnboxableEnum { case a, b }

    let id: Int?
    let name: String?
    let score: Double?
    let flag: Bool?
    let numbers: [Int]?
    let kind: Kind?
    let children: [Probe]?
    let deep: JSONValue?

    init(unboxer: Unboxer) throws {
        if probeReadsInReverse {
            deep = try unboxer.unboxIfPresent(keyPath: "a.b")
            children = try unboxer.unboxIfPresent(key: "children")
            kind = try unboxer.unboxIfPresent(key: "kind")
            numbers = try unboxer.unboxIfPresent(key: "numbers")
            flag = try unboxer.unboxIfPresent(key: "flag")
            score = try unboxer.unboxIfPresent(key: "score")
            name = try unboxer.unboxIfPresent(key: "name")
            id = try unboxer.unboxIfPresent(key: "id")
        } else {
            id = try unboxer.unboxIfPresent(key: "id")
            name = try unboxer.unboxIfPresent(key: "name")
            score = try unboxer.unboxIfPresent(key: "score")
            flag = try unboxer.unboxIfPresent(key: "flag")
            numbers = try unboxer.unboxIfPresent(key: "numbers")
            kind = try unboxer.unboxIfPresent(key: "kind")
            children = try unboxer.unboxIfPresent(key: "children")
            deep = try unboxer.unboxIfPresent(keyPath: "a.b")
        }
    }

    /// Each value the model holds is the document's value at its key, read the natural way.
    func check(against reference: JSONValue) {
        guard case .object(let fields) = reference else { return fuzzRequire(false, "a model from \(reference)") }
        func expect(_ ok: Bool, _ key: String) {
            fuzzRequire(ok, "field \(key) of \(self) does not match \(preview(reference.jsonText.utf8))")
        }
        if let id, case .number(let number)? = fields["id"], let exact = number.int64Value {
            expect(Int64(id) == exact, "id")
        }
        if let name, case .string(let string)? = fields["name"] { expect(name == string, "name") }
        if let score, case .number(let number)? = fields["score"] { expect(score == number.doubleValue, "score") }
        if let flag { expect(fields["flag"] == .bool(flag), "flag") }
        if let numbers, case .array(let elements)? = fields["numbers"] {
            expect(numbers.count == elements.count, "numbers")
            for (number, element) in zip(numbers, elements) {
                if case .number(let json) = element, let exact = json.int64Value {
                    expect(Int64(number) == exact, "numbers")
                }
            }
        }
        if let kind { expect(fields["kind"] == .string(kind.rawValue), "kind") }
        if let deep { expect(reference.value(atKeyPath: "a.b") == deep, "a.b") }
        if let children, case .array(let elements)? = fields["children"] {
            expect(children.count == elements.count, "children")
            for (child, element) in zip(children, elements) { child.check(against: element) }
        }
        // A field that is missing or null reads as nil.
        for (key, value) in [("id", id as Any?), ("name", name), ("flag", flag), ("kind", kind)] where value == nil {
            if let field = fields[key] {
                switch field {
                case .null: break
                default: expect(false, key)
                }
            }
        }
    }
}

/// Lossy collections: invalid elements are dropped, never malformed JSON.
struct Lossy: Unboxable {
    let items: [Probe]
    let names: [String: String]

    init(unboxer: Unboxer) throws {
        items = try unboxer.unbox(key: "items", allowInvalidElements: true)
        names = (try? unboxer.unbox(key: "names", allowInvalidElements: true)) ?? [:]
    }
}

/// Keeps its `Unboxer`, which must not work once `init(unboxer:)` has returned.
struct Keeper: Unboxable {
    nonisolated(unsafe) static var kept: Unboxer?

    init(unboxer: Unboxer) throws {
        Keeper.kept = unboxer
    }
}

extension JSONValue {
    /// The value at a dot-separated key path or JSON Pointer, as the README defines them.
    func value(atKeyPath keyPath: String) -> JSONValue? {
        let components: [Substring] =
            keyPath.hasPrefix("/")
            ? keyPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            : keyPath.split(separator: ".", omittingEmptySubsequences: false)
        var current = self
        for component in components {
            switch current {
            case .object(let fields):
                guard let next = fields[String(component)] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(component), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
