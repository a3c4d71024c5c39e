// swift-tools-version:6.0
import CompilerPluginSupport
import Foundation
import PackageDescription

// simdjson through pkg-config where pkg-config knows it: always on macOS (Homebrew), and on Linux
// when its simdjson.pc points outside the default include and library paths (a prefix of one's
// own, Linuxbrew, scripts/check-simdjson.sh). Distribution packages (Debian's libsimdjson-dev,
// Fedora's simdjson-devel, Ubuntu's) live in the default paths, and their pkg-config files add
// nothing SwiftPM needs but a -D flag, which SwiftPM refuses with a warning on every build (the
// define is set below instead): there the default paths are used, and no warning is printed.
#if os(Linux)
let simdjsonPkgConfig: String? = simdjsonPkgConfigOutsideDefaultPaths() ? "simdjson" : nil
#else
let simdjsonPkgConfig: String? = "simdjson"
#endif

/// Whether the simdjson.pc that pkg-config would read (PKG_CONFIG_PATH first, then the usual
/// directories) names an include or library directory outside the compiler's and linker's defaults.
func simdjsonPkgConfigOutsideDefaultPaths() -> Bool {
    let searched = (Context.environment["PKG_CONFIG_PATH"] ?? "").split(separator: ":").map(String.init) + [
        "/usr/local/lib/pkgconfig", "/usr/local/share/pkgconfig", "/usr/lib/x86_64-linux-gnu/pkgconfig",
        "/usr/lib/aarch64-linux-gnu/pkgconfig", "/usr/lib64/pkgconfig", "/usr/lib/pkgconfig", "/usr/share/pkgconfig",
    ]
    guard
        let text = searched.lazy.compactMap({ try? String(contentsOfFile: $0 + "/simdjson.pc", encoding: .utf8) })
            .first
    else { return false }
    // `name=value` variables, expanded in order; then the -I and -L directories of Cflags and Libs.
    var variables: [String: String] = [:]
    func expand(_ value: String) -> String {
        var result = value
        for (name, replacement) in variables { result = result.replacingOccurrences(of: "${\(name)}", with: replacement) }
        return result
    }
    var directories: [String] = []
    for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if let equals = line.firstIndex(of: "="), !line.contains(":"), !line.hasPrefix("#") {
            variables[String(line[..<equals])] = expand(String(line[line.index(after: equals)...]))
        } else if line.hasPrefix("Cflags:") || line.hasPrefix("Libs:") {
            for flag in expand(line).split(separator: " ") where flag.hasPrefix("-I") || flag.hasPrefix("-L") {
                directories.append(String(flag.dropFirst(2)))
            }
        }
    }
    let defaults = ["/usr/include", "/usr/local/include", "/usr/lib", "/usr/lib64", "/usr/local/lib"]
    return directories.contains { directory in
        let trimmed = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return !defaults.contains(trimmed) && !trimmed.hasPrefix("/usr/lib/")
    }
}

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
        // simdjson from the system (Debian's libsimdjson-dev, Homebrew's simdjson via pkg-config): any
        // 3.x or 4.x release. With 3.0.x the shim takes its accelerated path, elsewhere the path over
        // simdjson's public API (see CSimdJSON/csimdjson_internals.h).
        .systemLibrary(
            name: "CSimdJSONSystem",
            path: "CSimdJSON/System",
            pkgConfig: simdjsonPkgConfig,
            providers: [
                .apt(["libsimdjson-dev", "pkg-config"]), .yum(["simdjson-devel", "pkgconf"]),
                .brew(["simdjson", "pkg-config"]),
            ]
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
