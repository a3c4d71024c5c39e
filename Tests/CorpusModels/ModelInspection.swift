/// Reflection-based checks on decoded models, used once at start-up to validate that every
/// competitor decodes the same values (never inside a measurement).
public enum ModelInspection {
    /// Counts of what a model holds, comparable with the C++ ceiling's `cpp_ceiling_summary`.
    public struct Summary: Equatable, CustomStringConvertible, Sendable {
        public var strings = 0
        public var stringBytes = 0
        public var integers = 0
        public var integerSum: UInt64 = 0
        public var doubles = 0
        public var doubleSum = 0.0
        public var booleans = 0
        public var trueCount = 0

        public init() {}

        public init(
            strings: Int, stringBytes: Int, integers: Int, integerSum: UInt64, doubles: Int, doubleSum: Double,
            booleans: Int, trueCount: Int
        ) {
            self.strings = strings
            self.stringBytes = stringBytes
            self.integers = integers
            self.integerSum = integerSum
            self.doubles = doubles
            self.doubleSum = doubleSum
            self.booleans = booleans
            self.trueCount = trueCount
        }

        /// Equal counts and sums; the double sums (whose order of addition may differ) within 1e-9 relative.
        public func matches(_ other: Summary) -> Bool {
            var exact = self
            exact.doubleSum = other.doubleSum
            let scale = max(abs(doubleSum), abs(other.doubleSum), 1)
            return exact == other && abs(doubleSum - other.doubleSum) <= 1e-9 * scale
        }

        public var description: String {
            "strings \(strings) (\(stringBytes) bytes), integers \(integers) (sum \(integerSum)), "
                + "doubles \(doubles) (sum \(doubleSum)), booleans \(booleans) (\(trueCount) true)"
        }
    }

    /// Walks every stored property, element, dictionary key and value of `model`.
    public static func summarize(_ model: Any) -> Summary {
        var summary = Summary()
        visit(model, into: &summary)
        return summary
    }

    private static func visit(_ value: Any, into summary: inout Summary) {
        switch value {
        case let string as String:
            summary.strings += 1
            summary.stringBytes += string.utf8.count
        case let integer as Int:
            summary.integers += 1
            summary.integerSum &+= UInt64(bitPattern: Int64(integer))
        case let double as Double:
            summary.doubles += 1
            summary.doubleSum += double
        case let boolean as Bool:
            summary.booleans += 1
            summary.trueCount += boolean ? 1 : 0
        default:
            for child in Mirror(reflecting: value).children {
                visit(child.value, into: &summary)
            }
        }
    }

    /// A difference found by ``compare(_:_:doubleTolerance:)``.
    public struct Difference: CustomStringConvertible, Sendable {
        public var path: String
        public var detail: String
        public var description: String { "\(path.isEmpty ? "<root>" : path): \(detail)" }
    }

    /// The result of comparing two models.
    public struct Comparison: Sendable {
        /// The first difference beyond the tolerance, if any.
        public var difference: Difference?
        /// How many doubles differed but stayed within the tolerance.
        public var nearlyEqualDoubles = 0
        /// The largest difference seen among doubles, in units in the last place.
        public var largestUlpDifference: UInt64 = 0
    }

    /// Compares two models field by field; doubles may differ by up to `doubleTolerance` ULPs.
    ///
    /// Used when `==` fails, to tell a rounding difference (Foundation's `JSONSerialization` on Linux
    /// misrounds some doubles) from a real one, and to say where it is.
    public static func compare(_ lhs: Any, _ rhs: Any, doubleTolerance: UInt64 = 2) -> Comparison {
        var comparison = Comparison()
        compare(lhs, rhs, path: "", tolerance: doubleTolerance, into: &comparison)
        return comparison
    }

    private static func compare(_ lhs: Any, _ rhs: Any, path: String, tolerance: UInt64, into result: inout Comparison)
    {
        guard result.difference == nil else { return }
        func differ(_ detail: String) {
            result.difference = Difference(path: path, detail: detail)
        }
        switch (lhs, rhs) {
        case let (left as Double, right as Double):
            if left == right { return }
            let distance = ulpDistance(left, right)
            result.largestUlpDifference = max(result.largestUlpDifference, distance)
            if distance <= tolerance {
                result.nearlyEqualDoubles += 1
            } else {
                differ("\(left) != \(right)")
            }
        case let (left as String, right as String):
            if left != right { differ("\"\(left.prefix(80))\" != \"\(right.prefix(80))\"") }
        case let (left as Int, right as Int):
            if left != right { differ("\(left) != \(right)") }
        case let (left as Bool, right as Bool):
            if left != right { differ("\(left) != \(right)") }
        case let (left as [String: Any], right as [String: Any]):
            if left.count != right.count { return differ("\(left.count) keys != \(right.count) keys") }
            for key in left.keys.sorted() {
                guard let other = right[key] else { return differ("key \(key) missing on the right") }
                // `left[key]` exists: the keys come from `left`.
                compare(left[key] as Any, other, path: "\(path)[\(key)]", tolerance: tolerance, into: &result)
            }
        default:
            let left = Mirror(reflecting: lhs)
            let right = Mirror(reflecting: rhs)
            let leftChildren = Array(left.children)
            let rightChildren = Array(right.children)
            if left.subjectType != right.subjectType {
                return differ("\(left.subjectType) != \(right.subjectType)")
            }
            if leftChildren.count != rightChildren.count {
                return differ("\(leftChildren.count) children != \(rightChildren.count) children")
            }
            for (index, (leftChild, rightChild)) in zip(leftChildren, rightChildren).enumerated() {
                let component = leftChild.label.map { ".\($0)" } ?? "[\(index)]"
                compare(leftChild.value, rightChild.value, path: path + component, tolerance: tolerance, into: &result)
            }
        }
    }

    private static func ulpDistance(_ a: Double, _ b: Double) -> UInt64 {
        guard a.isFinite, b.isFinite, a.sign == b.sign else { return .max }
        let x = a.magnitude.bitPattern
        let y = b.magnitude.bitPattern
        return x > y ? x - y : y - x
    }
}
