import BenchmarkInputs
import CorpusModels
import CppCeiling
import Foundation
import SimdUnbox

/// Inputs shared by the benchmarks, loaded and validated in setup hooks, never while measuring.
enum SuiteSetup {
    /// One C++ decoder for the whole run: its parser and buffers are reused across iterations.
    static let cppDecoder = CppDecoder()

    private static let state = State()

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var current: (name: String, data: Data)?
        var validated: Set<String> = []
    }

    /// Prints which simdjson kernels are in use; warns if SimdUnbox and the ceiling differ.
    static func announceKernels() {
        let library = SimdUnboxDiagnostics.activeImplementation
        let ceiling = String(cString: cpp_ceiling_active_implementation())
        print("simdjson kernel: SimdUnbox \(library), C++ ceiling \(ceiling)")
        if library != ceiling {
            print("warning: SimdUnbox and the C++ ceiling use different simdjson kernels")
        }
    }

    /// The input of `workload`, loaded by ``prepare(_:_:)``.
    static func input(for workload: Workload) -> Data {
        state.lock.lock()
        defer { state.lock.unlock() }
        guard let current = state.current, current.name == workload.name else {
            fatalError("The input of \(workload.name) was not loaded by the setup hook")
        }
        return current.data
    }

    /// Loads the input of `workload` (keeping only one input in memory at a time) and, if
    /// `validate` is set, checks once that every competitor decodes it into the same models.
    static func prepare<Model>(_ workload: Workload, _ competitors: Competitors<Model>, validate: Bool) throws {
        let validation: ((Data) throws -> Void)? =
            validate
            ? { data in
                announceKernels()
                try self.validate(workload, data, competitors)
            } : nil
        try prepare(workload, validation: validation)
    }

    /// Loads the input of `workload` (keeping only one input in memory at a time) and runs
    /// `validation` on it the first time it is given, once per workload.
    static func prepare(_ workload: Workload, validation: ((Data) throws -> Void)?) throws {
        state.lock.lock()
        defer { state.lock.unlock() }
        if state.current?.name != workload.name {
            state.current = nil
            trimMemory()
            state.current = (workload.name, try workload.loadInput())
        }
        if let validation, !state.validated.contains(workload.name), let data = state.current?.data {
            try validation(data)
            state.validated.insert(workload.name)
            trimMemory()
        }
    }

    /// Fails loudly unless SimdUnbox, JSONDecoder, the mapping and the C++ ceiling agree.
    private static func validate<Model>(_ workload: Workload, _ data: Data, _ competitors: Competitors<Model>) throws {
        let started = ContinuousClock.now
        let reference = try competitors.simdUnbox(data)
        let decoded = try competitors.jsonDecoder(JSONDecoder(), data)
        try expectEqual(reference, decoded, workload, "JSONDecoder", doubleTolerance: 0)
        let codable = try competitors.simdJSONDecoder(SimdJSONDecoder(), data)
        try expectEqual(reference, codable, workload, "SimdJSONDecoder", doubleTolerance: 0)
        // Foundation's JSONSerialization on Linux misrounds some doubles by a few ULPs: tolerated, reported.
        if workload.competitors.contains(.serializationMapping) {
            let mapped = try competitors.mapping(JSONSerialization.jsonObject(with: data))
            try expectEqual(reference, mapped, workload, "JSONSerialization+mapping", doubleTolerance: 64)
        }

        let swiftSummary = ModelInspection.summarize(reference)
        for walk in [CPP_CEILING_FIND_FIELD, CPP_CEILING_SINGLE_PASS] {
            _ = try cppDecoder.decode(competitors.cpp, data, walk: walk)
            let cppSummary = try cppDecoder.summary(competitors.cpp)
            guard swiftSummary.matches(cppSummary) else {
                fail(
                    "\(workload.name): the C++ ceiling (\(walk == CPP_CEILING_SINGLE_PASS ? "single pass" : "find_field")) "
                        + "decoded other values than SimdUnbox\n"
                        + "  SimdUnbox: \(swiftSummary)\n  C++:       \(cppSummary)"
                )
            }
        }
        let seconds = started.duration(to: .now) / .seconds(1)
        print(
            "validated \(workload.name): SimdUnbox == JSONDecoder\(workload.isHuge ? "" : ", mapping") and both C++ walks "
                + "(\(swiftSummary.strings) strings, \(swiftSummary.integers + swiftSummary.doubles) numbers; "
                + String(format: "%.1f s)", seconds)
        )
    }

    static func expectEqual<Model: Equatable>(
        _ reference: Model, _ other: Model, _ workload: Workload, _ competitor: String, doubleTolerance: UInt64,
        referenceName: String = "SimdUnbox"
    ) throws {
        if reference == other { return }
        let comparison = ModelInspection.compare(reference, other, doubleTolerance: doubleTolerance)
        if let difference = comparison.difference {
            fail("\(workload.name): \(competitor) decoded a different model than \(referenceName) at \(difference)")
        }
        // Only doubles differ, within the tolerance: one of the parsers rounds differently.
        print(
            "warning: \(workload.name): \(competitor) differs from \(referenceName) in \(comparison.nearlyEqualDoubles) "
                + "doubles by up to \(comparison.largestUlpDifference) ULP (rounding); all other values are equal"
        )
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        fatalError(message)
    }

    /// Returns freed memory to the system so that one workload's peak RSS does not inflate the next.
    private static func trimMemory() {
        cpp_ceiling_release_free_memory()
    }
}

/// An error code from the C++ ceiling (a simdjson error code, or -1).
struct CppCeilingError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "C++ ceiling failed with simdjson error \(code)" }
}

/// Owns one `cpp_ceiling_decoder`. Used from one thread at a time.
final class CppDecoder: @unchecked Sendable {
    private let decoder: OpaquePointer

    init() {
        guard let decoder = cpp_ceiling_decoder_create() else { fatalError("Out of memory") }
        self.decoder = decoder
    }

    deinit {
        cpp_ceiling_decoder_destroy(decoder)
    }

    /// Decodes `data` into the C++ models of `workload`, each object walked as `walk` says
    /// (`find_field` in document order by default); returns the number of top-level items.
    func decode(_ workload: cpp_ceiling_workload, _ data: Data, walk: cpp_ceiling_walk = CPP_CEILING_FIND_FIELD)
        throws -> UInt64
    {
        var count: UInt64 = 0
        let code = data.withUnsafeBytes { bytes in
            cpp_ceiling_decode_walk(decoder, workload, walk, bytes.baseAddress, bytes.count, &count)
        }
        guard code == 0 else { throw CppCeilingError(code: code) }
        return count
    }

    /// Streams the records of the file at `url` through the C++ ceiling.
    func streamRecords(_ url: URL, jsonLines: Bool, summaries: Bool) throws -> StreamChecksum {
        var checksum = cpp_ceiling_stream_checksum()
        let code = url.withUnsafeFileSystemRepresentation { path in
            cpp_ceiling_stream_records(decoder, path, jsonLines ? 1 : 0, summaries ? 1 : 0, &checksum)
        }
        guard code == 0 else { throw CppCeilingError(code: code) }
        return StreamChecksum(checksum)
    }

    /// Summarizes the models of the last decode.
    func summary(_ workload: cpp_ceiling_workload) throws -> ModelInspection.Summary {
        var raw = cpp_ceiling_summary()
        let code = cpp_ceiling_summarize(decoder, workload, &raw)
        guard code == 0 else { throw CppCeilingError(code: code) }
        return ModelInspection.Summary(
            strings: Int(raw.strings), stringBytes: Int(raw.string_bytes), integers: Int(raw.integers),
            integerSum: raw.integer_sum, doubles: Int(raw.doubles), doubleSum: raw.double_sum,
            booleans: Int(raw.booleans), trueCount: Int(raw.true_count)
        )
    }
}
