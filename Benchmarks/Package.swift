// swift-tools-version:6.1
//
// The benchmark suite of SimdUnbox: its own package, so that the library itself depends on nothing.
// Run it with `scripts/benchmark.sh` from the repository root (see Benchmarks/README.md).
import PackageDescription

// Debian's libsimdjson-dev lives in the default include and library paths, and its pkg-config file
// adds nothing but a -D flag, which SwiftPM refuses with a warning on every build (the define is
// set below instead). Elsewhere (Homebrew) pkg-config supplies the paths.
#if os(Linux)
    let simdjsonPkgConfig: String? = nil
#else
    let simdjsonPkgConfig: String? = "simdjson"
#endif

let package = Package(
    name: "SimdUnboxBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "SimdUnbox", path: ".."),
        .package(
            url: "https://github.com/ordo-one/benchmark",
            from: "1.38.1",
            traits: ["MallocInterposer"]
        ),
    ],
    targets: [
        // Deterministic generator of large JSON arrays of records (seeded, own PRNG).
        .target(name: "DataGenerator"),
        // Where the inputs of each workload come from (checked-in corpus, generated files) and their sizes.
        .target(name: "BenchmarkInputs", dependencies: ["DataGenerator"]),
        // simdjson from the system, for the C++ ceiling (the same library the root package links).
        .systemLibrary(
            name: "CppCeilingSystem",
            pkgConfig: simdjsonPkgConfig,
            providers: [.apt(["libsimdjson-dev", "pkg-config"]), .brew(["simdjson", "pkg-config"])]
        ),
        // The ceiling: simdjson On-Demand into equivalent C++ structs, behind a C-only header.
        .target(
            name: "CppCeiling",
            dependencies: ["CppCeilingSystem"],
            // Built as SimdUnbox's shim is: release without simdjson's internal asserts (NDEBUG).
            cxxSettings: [
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
                .define("NDEBUG", .when(configuration: .release)),
            ],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        // Reads package-benchmark's Influx export and prints the comparison table, JSON and SVG.
        .executableTarget(name: "Report", dependencies: ["BenchmarkInputs", "CppCeiling"]),
        // Decodes one workload n times, for instruction counts under callgrind (scripts/instructions.sh).
        .executableTarget(
            name: "InstructionProbe",
            dependencies: [
                "BenchmarkInputs", .product(name: "SimdUnboxCorpusModels", package: "SimdUnbox"), "SimdUnbox",
                "CppCeiling",
            ]
        ),
        .executableTarget(
            name: "SimdUnboxBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkInputs",
                // The models of every workload (Tests/CorpusModels in the root package, shared with the tests).
                .product(name: "SimdUnboxCorpusModels", package: "SimdUnbox"),
                "CppCeiling",
                "SimdUnbox",
            ],
            path: "Benchmarks/SimdUnboxBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
