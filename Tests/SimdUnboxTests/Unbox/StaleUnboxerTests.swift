import Foundation
import SimdUnbox
import Testing

/// An `Unboxer` is valid only inside the `init(unboxer:)` it was passed to: kept and used later,
/// or used while a nested model is being decoded, it throws `.misuse` and never touches a stale
/// cursor.
@Suite struct StaleUnboxerTests {
    static func expectMisuse(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("a stale Unboxer was used without an error", sourceLocation: sourceLocation)
        } catch let error as UnboxError {
            #expect(error.reason.kind == "misuse", "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix("misuse: "), "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected UnboxError, got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func unboxerKeptPastDecodingThrowsMisuse() throws {
        let box = UnboxerBox()
        let model: Keeper = try unbox(string: #"{"name": "kept", "list": [1, 2], "nested": {"a": 1}}"#, context: box)
        #expect(model.name == "kept")
        let stale = try #require(box.unboxer)
        Self.expectMisuse { let _: String = try stale.unbox(key: "name") }
        Self.expectMisuse { let _: Int = try stale.unbox(keyPath: "nested.a") }
        Self.expectMisuse { let _: [Int] = try stale.unbox(key: "list") }
        Self.expectMisuse { let _: [Int] = try stale.unbox(key: "list", allowInvalidElements: true) }
        Self.expectMisuse { let _: String? = try stale.unboxIfPresent(key: "name") }
        Self.expectMisuse { let _: String? = try stale.unboxIfPresent(key: "missing") }
        Self.expectMisuse { let _: Int? = try stale.unboxIfPresent(keyPath: "nested.a") }
        Self.expectMisuse { let _: JSONValue = try stale.unbox(key: "nested") }
        #expect((try? stale.unbox(key: "name") as String) == nil)
    }

    @Test func unboxerKeptPastCustomUnboxingThrowsMisuse() throws {
        let box = UnboxerBox()
        let count: Int = try Unboxer.performCustomUnboxing(string: #"{"count": 4}"#) { unboxer in
            box.unboxer = unboxer
            return try unboxer.unbox(key: "count")
        }
        #expect(count == 4)
        let stale = try #require(box.unboxer)
        Self.expectMisuse { let _: Int = try stale.unbox(key: "count") }
    }

    @Test func staleUnboxerStaysStaleDuringALaterDecode() throws {
        let box = UnboxerBox()
        let _: Keeper = try unbox(string: #"{"name": "first"}"#, context: box)
        let stale = try #require(box.unboxer)
        // A second, unrelated decode is running: the first one's unboxer must still refuse.
        let later: Int = try Unboxer.performCustomUnboxing(string: #"{"name": "second", "n": 1}"#) { unboxer in
            StaleUnboxerTests.expectMisuse { let _: String = try stale.unbox(key: "name") }
            return try unboxer.unbox(key: "n")
        }
        #expect(later == 1)
    }

    @Test func parentUsedWhileChildDecodesThrowsMisuse() throws {
        let json = #"{"title": "parent", "child": {"name": "kid"}, "after": 5}"#
        let parent: Parent = try unbox(string: json)
        #expect(parent.title == "parent")
        #expect(parent.childName == "kid")
        #expect(parent.after == 5)
        let error = try #require(parent.childError)
        #expect(error.reason.kind == "misuse")
    }

    @Test func parentUsedWhileChildDecodesPropagatesAsAnError() throws {
        let json = #"{"title": "parent", "child": {"name": "kid"}}"#
        do {
            let _: Int = try Unboxer.performCustomUnboxing(string: json) { outer in
                let child: StrictChild = try outer.unbox(key: "child", context: outer)
                return child.name.count
            }
            Issue.record("the outer unboxer was used inside the child without an error")
        } catch let error as UnboxError {
            #expect(error.reason.kind == "misuse")
            #expect(error.path == [.key("child")])
        }
    }

    @Test func childKeptPastItsInitThrowsMisuseInTheParent() throws {
        let json = #"{"child": {"name": "kid"}, "after": 5}"#
        let box = UnboxerBox()
        let after: Int = try Unboxer.performCustomUnboxing(string: json) { outer in
            let _: Keeper = try outer.unbox(key: "child", context: box)
            let child = try #require(box.unboxer)
            StaleUnboxerTests.expectMisuse { let _: String = try child.unbox(key: "name") }
            // The parent is live again.
            return try outer.unbox(key: "after")
        }
        #expect(after == 5)
    }

    @Test func misuseInsideLossyArrayDoesNotCrash() throws {
        let json = #"{"title": "t", "children": [{"name": "a"}, {"name": "b"}]}"#
        do {
            let value: Int = try Unboxer.performCustomUnboxing(string: json) { outer in
                let children: [StrictChild] = try outer.unbox(
                    key: "children", context: outer, allowInvalidElements: true)
                return children.count
            }
            #expect(value == 0)
        } catch let error as UnboxError {
            #expect(error.reason.kind == "misuse")
        }
    }
}

// MARK: - Models

final class UnboxerBox: @unchecked Sendable {
    var unboxer: Unboxer?
}

struct Keeper: UnboxableWithContext {
    let name: String

    init(unboxer: Unboxer, context: UnboxerBox) throws {
        context.unboxer = unboxer
        name = try unboxer.unbox(key: "name")
    }
}

private struct Child: UnboxableWithContext {
    let name: String
    let parentError: UnboxError?

    init(unboxer: Unboxer, context parent: Unboxer) throws {
        name = try unboxer.unbox(key: "name")
        do {
            let _: String = try parent.unbox(key: "title")
            parentError = nil
        } catch {
            parentError = error  // typed: `Unboxer` throws `UnboxError`
        }
    }
}

private struct StrictChild: UnboxableWithContext {
    let name: String

    init(unboxer: Unboxer, context parent: Unboxer) throws {
        let _: String = try parent.unbox(key: "title")
        name = try unboxer.unbox(key: "name")
    }
}

private struct Parent: Unboxable {
    let title: String
    let childName: String
    let childError: UnboxError?
    let after: Int

    init(unboxer: Unboxer) throws {
        title = try unboxer.unbox(key: "title")
        let child: Child = try unboxer.unbox(key: "child", context: unboxer)
        childName = child.name
        childError = child.parentError
        after = try unboxer.unbox(key: "after")
    }
}
