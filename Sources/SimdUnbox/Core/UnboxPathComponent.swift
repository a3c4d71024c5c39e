import Foundation

/// One step of the path from the root of a document to a value: an object key or an array index.
///
/// ```swift
/// // statuses[3].user.screen_name
/// [.key("statuses"), .index(3), .key("user"), .key("screen_name")]
/// ```
public enum UnboxPathComponent: Sendable, Hashable, CustomStringConvertible {
    /// A field of an object.
    case key(String)
    /// An element of an array, counted from 0.
    case index(Int)

    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
    }
}

extension [UnboxPathComponent] {
    /// The path as text: keys joined by dots, indices in brackets (`statuses[3].user.screen_name`);
    /// a key that is empty or holds a dot, a bracket or a quote is written `["a.b"]`.
    var pathDescription: String {
        var text = ""
        for component in self {
            switch component {
            case .key(let key) where key.isEmpty || key.contains(where: { ".[]\"".contains($0) }):
                // Keys that would read ambiguously are quoted: a["b.c"].d
                text += "[\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
