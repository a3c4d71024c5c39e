/// Compares a declared model with the hand-written model it is the twin of: the same property
/// names in the same order holding equal values, whatever the types are called. Used by the tests
/// and the benchmark's validation, never inside a measurement.
public enum DeclaredTwins {
    /// The first place where `declared` and `handWritten` hold different values, or `nil` when they
    /// hold the same values.
    ///
    /// ```swift
    /// let difference = DeclaredTwins.difference(
    ///     try unbox(data: data) as DeclaredTwitterResponse, try unbox(data: data) as TwitterResponse)
    /// ```
    ///
    /// - Parameters:
    ///   - declared: A value decoded into declared models.
    ///   - handWritten: The same document decoded into the hand-written models.
    /// - Returns: A path and what differs there (`.statuses[3].user.name: "a" != "b"`), or `nil`.
    public static func difference(_ declared: Any, _ handWritten: Any) -> String? {
        compare(declared, handWritten, path: "")
    }

    private static func compare(_ lhs: Any, _ rhs: Any, path: String) -> String? {
        func differ(_ detail: String) -> String { "\(path.isEmpty ? "<root>" : path): \(detail)" }
        switch (lhs, rhs) {
        case let (left as String, right as String):
            return left == right ? nil : differ("\"\(left.prefix(80))\" != \"\(right.prefix(80))\"")
        case let (left as Int, right as Int):
            return left == right ? nil : differ("\(left) != \(right)")
        case let (left as Double, right as Double):
            // Bit for bit: both come from the same parser.
            return left.bitPattern == right.bitPattern ? nil : differ("\(left) != \(right)")
        case let (left as Bool, right as Bool):
            return left == right ? nil : differ("\(left) != \(right)")
        case let (left as [String: Any], right as [String: Any]):
            guard left.count == right.count else { return differ("\(left.count) keys != \(right.count) keys") }
            for key in left.keys.sorted() {
                guard let leftValue = left[key], let rightValue = right[key] else {
                    return differ("key \(key) only on one side")
                }
                if let found = compare(leftValue, rightValue, path: "\(path)[\(key)]") { return found }
            }
            return nil
        default:
            let left = Mirror(reflecting: lhs)
            let right = Mirror(reflecting: rhs)
            guard left.displayStyle == right.displayStyle else {
                return differ("\(left.subjectType) is not shaped like \(right.subjectType)")
            }
            let leftChildren = Array(left.children)
            let rightChildren = Array(right.children)
            guard leftChildren.count == rightChildren.count else {
                return differ("\(leftChildren.count) children != \(rightChildren.count) children")
            }
            for (index, (leftChild, rightChild)) in zip(leftChildren, rightChildren).enumerated() {
                guard leftChild.label == rightChild.label else {
                    return differ("property \(leftChild.label ?? "?") != \(rightChild.label ?? "?")")
                }
                let component = leftChild.label.map { ".\($0)" } ?? "[\(index)]"
                if let found = compare(leftChild.value, rightChild.value, path: path + component) { return found }
            }
            return nil
        }
    }
}
