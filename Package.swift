// swift-tools-version:6.0
import CompilerPluginSupport
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
    name: "SimdUnbox",
    // macOS only among Apple systems: the others have no simdjson library to link (see the README).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SimdUnbox", targets: ["SimdUnbox"]),
        // Test support, not API: the models of the benchmark corpus, shared by the tests (which check
        // that every decoder gives them the same values) and the benchmark suite (which measures them).
        // A product only because the benchmark suite is a package of its own.
        .library(name: "SimdUnboxCorpusModels", targets: ["CorpusModels"]),
    ],
    dependencies: [
        // The `@Unboxable` macro's implementation (SimdUnboxMacros). Any of 600, 602 and 603 builds it.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0")
    ],
    targets: [
        // simdjson from the system (Debian's libsimdjson-dev, Homebrew's simdjson via pkg-config). Only
        // simdjson 3.0.x: the shim reaches its internals and checks the version (see
        // CSimdJSON/csimdjson_internals.h).
        .systemLibrary(
            name: "CSimdJSONSystem",
            path: "CSimdJSON/System",
            pkgConfig: simdjsonPkgConfig,
            providers: [.apt(["libsimdjson-dev", "pkg-config"]), .brew(["simdjson", "pkg-config"])]
        ),
        // The C shim over simdjson's On-Demand API: C-only headers in include/, the C++ sources and
        // their private headers beside them.
        .target(
            name: "CSimdJSON",
            dependencies: ["CSimdJSONSystem"],
            path: "CSimdJSON",
            exclude: ["System"],
            publicHeadersPath: "include",
            cxxSettings: [
                // SwiftPM drops the -D flags pkg-config reports; simdjson's types must have the
                // layout the library was built with.
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
                // Release builds without simdjson's internal asserts (its SIMDJSON_ASSUME checks
                // become optimizer hints), as simdjson's own release builds are made.
                .define("NDEBUG", .when(configuration: .release)),
            ],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        // The declared models' macros (`@Unboxable` and its property attributes), declared in SimdUnbox
        // (Sources/SimdUnbox/Declared/) so that `import SimdUnbox` is all a user needs.
        .macro(
            name: "SimdUnboxMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "SimdUnbox",
            dependencies: ["CSimdJSON", "SimdUnboxMacros"],
            // A file sees the members of only the modules it imports: outside Core, none of the
            // C shim's (scripts/check-boundary.sh checks the names).
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // The corpus models: Unboxable, Codable and mapped from JSONSerialization's output, the suite's
        // own (fields in document order) and the user-style ones (written as apps write them).
        .target(name: "CorpusModels", dependencies: ["SimdUnbox"], path: "Tests/CorpusModels"),
        .testTarget(
            name: "SimdUnboxTests",
            // CSimdJSON directly too: the boundary scanner's tests drive the shim.
            dependencies: ["SimdUnbox", "CorpusModels", "CSimdJSON"],
            resources: [.copy("Fixtures")]
        ),
        // The macros' expansions and diagnostics, pinned.
        .testTarget(
            name: "SimdUnboxMacrosTests",
            dependencies: [
                "SimdUnboxMacros",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

// The DocC catalog (Sources/SimdUnbox/SimdUnbox.docc) is built by scripts/docs.sh, which sets
// SIMDUNBOX_DOCS=1 to add swift-docc-plugin: packages that depend on SimdUnbox never resolve it.
if Context.environment["SIMDUNBOX_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}
