import Foundation

// Decoding the value at a key path: the steps are followed on the cursors (skipping everything
// before the target, decoding nothing), then become the first steps of the coding path.

/// Follows `keyPath` from `value`, leaving the target in `value`; records the steps in the
/// session's coding path and returns how many there are.
func navigate(
    _ keyPath: String, from value: inout _JSONCursor, context: _DecodingContext, session: CodableSession
)
    throws -> Int
{
    let segments = _KeyPath(keyPath).segments
    do {
        let passed = try context._navigate(segments[...], value: &value)
        for (level, component) in passed.enumerated() {
            switch component {
            case .key(let key): session.setPath(level, session.holdString(key, level: level))
            case .index(let index): session.setPath(level, .index(index))
            }
        }
        return passed.count
    } catch {
        if error._isFatal { throw error }
        // Turn the navigation's error into Foundation's terms, at the step where it stopped.
        let steps: [any CodingKey] = error.path.map { component in
            switch component {
            case .key(let key): CodableKey(stringValue: key)
            case .index(let index): CodableKey(index: index)
            }
        }
        let parent = Array(steps.dropLast())
        switch error.reason {
        case .missingKey:
            throw DecodingError.keyNotFound(
                steps.last ?? CodableKey(stringValue: keyPath),
                DecodingError.Context(
                    codingPath: parent, debugDescription: "No value at key path \"\(keyPath)\": \(error)"))
        default:
            throw DecodingError.typeMismatch(
                [String: Any].self,
                DecodingError.Context(
                    codingPath: parent, debugDescription: "Cannot follow key path \"\(keyPath)\": \(error)"))
        }
    }
}
