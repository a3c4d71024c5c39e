import Foundation
import SimdUnbox
import Testing

@Suite("Every error at once")
struct DeclaredErrorReportTests {
    @Test func reportsEveryFieldError() throws {
        let json = #"{"id":"one","name":[5],"inner":{"count":"x"},"tags":[1],"child":{"y":{}},"ratio":true}"#
        do {
            let model: DiffModel = try unboxReportingEveryError(string: json)
            Issue.record("expected errors, decoded \(model)")
        } catch {
            let paths = error.errors.map(\.path)
            #expect(
                paths == [
                    [.key("id")], [.key("name")], [.key("inner"), .key("count")], [.key("child"), .key("y")],
                    [.key("child"), .key("x")], [.key("ratio")],
                ])
            try #require(error.errors.count == 6)
            #expect(error.errors[0].byteOffset == TestSupport.offset(of: #""one""#, in: json))
            #expect(error.errors[4].reason == .missingKey)
            #expect(error.errors[4].byteOffset == TestSupport.offset(of: #"{"y""#, in: json))
            #expect(!error.isTruncated)
        }
    }

    @Test func reportsMissingKeysTogether() throws {
        do {
            let model: DiffModel = try unboxReportingEveryError(string: "{}")
            Issue.record("expected errors, decoded \(model)")
        } catch {
            #expect(
                error.errors.map(\.path) == [
                    [.key("id")], [.key("name")], [.key("tags")], [.key("inner"), .key("count")],
                ])
            #expect(error.errors.allSatisfy { $0.reason == .missingKey && $0.byteOffset == 0 })
        }
    }

    @Test func keepsTheLimit() throws {
        do {
            let model: DiffModel = try unboxReportingEveryError(string: "{}", limit: 2)
            Issue.record("expected errors, decoded \(model)")
        } catch {
            #expect(error.errors.count == 2)
            #expect(error.isTruncated)
        }
    }

    @Test func nestsUnderArrays() throws {
        let json = #"{"list":[{"id":1,"name":"a","screen_name":"s"},{"id":"x","name":[2],"screen_name":"s"}]}"#
        struct Holder: Unboxable {
            let list: [DeclaredUser]
            init(unboxer: Unboxer) throws { list = try unboxer.unbox(key: "list") }
        }
        do {
            let holder: Holder = try unboxReportingEveryError(string: json)
            Issue.record("expected errors, decoded \(holder.list)")
        } catch {
            #expect(
                error.errors.map(\.path) == [
                    [.key("list"), .index(1), .key("id")], [.key("list"), .index(1), .key("name")],
                ])
        }
    }

    @Test func decodesCleanInput() throws {
        let user: DeclaredUser = try unboxReportingEveryError(string: #"{"id":1,"name":"a","screen_name":"s"}"#)
        #expect(user.id == 1)
    }

    @Test func stopsAtMalformedJSON() throws {
        do {
            let user: DeclaredUser = try unboxReportingEveryError(string: #"{"id":tru,"name":"a"}"#)
            Issue.record("expected errors, decoded \(user)")
        } catch {
            #expect(error.errors.count == 1)
            if case .malformedJSON = error.errors.first?.reason {} else { Issue.record("\(error)") }
        }
    }
}
