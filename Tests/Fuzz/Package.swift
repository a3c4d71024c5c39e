// swift-tools-version:6.0
// libFuzzer targets for SimdUnbox. Build and run them with `scripts/fuzz.sh` from the repository's
// root; see README.md here for what each target checks.
import PackageDescription

/// A fuzz target: an executable whose entry point is libFuzzer's `main`, so its Swift code must not
/// have one (`-parse-as-library`).
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport", .product(name: "SimdUnbox", package: "SimdUnbox")],
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
}

let package = Package(
    name: "SimdUnboxFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "SimdUnbox", path: "../..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "SimdUnbox", package: "SimdUnbox")]),
        fuzzTarget("FuzzShim"),
        fuzzTarget("FuzzJSONValue"),
        fuzzTarget("FuzzUnbox"),
        fuzzTarget("FuzzCodable"),
        fuzzTarget("FuzzStream"),
        fuzzTarget("FuzzEncoder"),
    ],
    swiftLanguageModes: [.v6]
)
