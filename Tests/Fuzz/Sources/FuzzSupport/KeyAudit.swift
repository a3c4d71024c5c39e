import SimdUnbox

/// What the object keys of a valid JSON document look like, for the checks that hold only when
/// keys are plain: a model reads the first of duplicate keys where `JSONValue` keeps the last, and
/// a duplicate written as is wins over an earlier one written with escapes (see the README).
public struct KeyAudit {
    /// Some object has the same key twice (once unescaped: `"a"` and `"\u0061"` are the same key).
    public private(set) var hasDuplicateKeys = false
    /// Some key is written with an escape sequence.
    public private(set) var hasEscapedKeys = false

    /// Audits `document`, which must be valid JSON (check it with `JSONValue.validate` first).
    public init(_ document: [UInt8]) {
        var objects: [(keys: Set<ArraySlice<UInt8>>, expectsKey: Bool)?] = []
        var index = 0
        while index < document.count {
            switch document[index] {
            case UInt8(ascii: "{"):
                objects.append(([], true))
            case UInt8(ascii: "["):
                objects.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                objects.removeLast()
            case UInt8(ascii: ","):
                if objects.last??.expectsKey == false { objects[objects.count - 1]?.expectsKey = true }
            case UInt8(ascii: "\""):
                let start = index + 1
                var escaped = false
                index += 1
                while document[index] != UInt8(ascii: "\"") {
                    if document[index] == UInt8(ascii: "\\") {
                        escaped = true
                        index += 1
                    }
                    index += 1
                }
                if var object = objects.last ?? nil, object.expectsKey {
                    var key = document[start..<index]
                    if escaped {
                        hasEscapedKeys = true
                        if case .string(let unescaped)? = try? JSONValue(bytes: Array(document[(start - 1)...index])) {
                            key = ArraySlice(unescaped.utf8)
                        }
                    }
                    if !object.keys.insert(key).inserted { hasDuplicateKeys = true }
                    object.expectsKey = false
                    objects[objects.count - 1] = object
                }
            default:
                break
            }
            index += 1
        }
    }

    /// Neither duplicate nor escaped keys.
    public var isPlain: Bool { !hasDuplicateKeys && !hasEscapedKeys }
}
