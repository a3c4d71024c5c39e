import SimdUnbox
import Testing

@Suite("The simdjson version and path in diagnostics")
struct SimdjsonVersionTests {
    @Test("The version is simdjson's major.minor.revision, 3.x or 4.x")
    func versionIsThreeNumbers() throws {
        let parts = SimdUnboxDiagnostics.simdjsonVersion.split(separator: ".")
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { Int($0) != nil })
        let major = try #require(parts.first.flatMap { Int($0) })
        #expect((3...4).contains(major))
    }

    @Test("Only simdjson 3.0.x takes the accelerated path")
    func acceleratedOnlyWhereVerified() {
        let path = SimdUnboxDiagnostics.simdjsonPath
        #expect(path == "accelerated" || path == "public")
        if !SimdUnboxDiagnostics.simdjsonVersion.hasPrefix("3.0.") {
            #expect(path == "public")
        }
    }
}
