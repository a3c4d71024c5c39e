import Foundation
import SimdUnbox
import Testing

/// The stream types' former names (`UnboxStreamReader`, ...) still compile and are the new types.
/// The code using them is in members marked deprecated themselves, called through a protocol whose
/// requirements are not, so the build has no warnings.
@Suite struct DeprecatedNamesTests {
    fileprivate let uses: any FormerNameUses = DeprecatedNames()

    @Test func formerNamesAreTheNewTypes() {
        #expect(uses.sameTypes())
    }

    @Test func formerNamesStillDecode() async throws {
        #expect(try uses.readSync() == [1, 2, 3])
        #expect(try await uses.readAsync() == [4, 5])
        #expect(try await uses.readFile() == [6, 7])
    }
}

/// What the suite runs of the code written against the former names.
private protocol FormerNameUses {
    func sameTypes() -> Bool
    func readSync() throws -> [Int]
    func readAsync() async throws -> [Int]
    func readFile() async throws -> [Int]
}

/// Code written against the former names.
private struct DeprecatedNames: FormerNameUses {
    @available(*, deprecated)
    func sameTypes() -> Bool {
        UnboxStreamReader<Int>.self == JSONStreamReader<Int>.self
            && UnboxFileStream<Int>.self == JSONFileStream<Int>.self
            && UnboxStream<Int, AsyncStream<Data>>.self == JSONStream<Int, AsyncStream<Data>>.self
            && UnboxStreamFormat.self == JSONStreamFormat.self
            && UnboxStreamErrorPolicy.self == JSONStreamErrorPolicy.self
    }

    @available(*, deprecated)
    func readSync() throws -> [Int] {
        let format: UnboxStreamFormat = .jsonLines
        let policy: UnboxStreamErrorPolicy = .stop
        var reader = UnboxStreamReader<Int>(string: "1\n2\n3\n", format: format, onError: policy)
        var numbers: [Int] = []
        while let number = try reader.next() { numbers.append(number) }
        return numbers
    }

    @available(*, deprecated)
    func readAsync() async throws -> [Int] {
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data("[4,".utf8))
            continuation.yield(Data(" 5]".utf8))
            continuation.finish()
        }
        var numbers: [Int] = []
        for try await number in UnboxStream<Int, AsyncStream<Data>>(chunks: chunks) { numbers.append(number) }
        return numbers
    }

    @available(*, deprecated)
    func readFile() async throws -> [Int] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("deprecated-names-\(UUID()).json")
        try Data("[6, 7]".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var numbers: [Int] = []
        for try await number in UnboxFileStream<Int>(contentsOf: url) { numbers.append(number) }
        return numbers
    }
}
