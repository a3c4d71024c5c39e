import CSimdJSON
import Foundation

/// The state every decoder and container of one `SimdJSONDecoder` decode shares: the options, the
/// coding path (as a stack indexed by nesting level, materialized only when asked for), and the
/// tokens that tell live containers from stale ones.
///
/// On-Demand is forward-only: a container is usable only while the value it reads is the one the
/// document's cursor is in. Each level of nesting has one live token; a container at level `L`
/// is live while `live[L]` is its token. Any move of a container at level `L` drops the tokens of
/// deeper levels, so that a nested container used after its parent moved on throws instead of
/// touching a cursor that no longer points where it did. Once the document is found malformed, no
/// container is live: simdjson's cursors may not be used after such an error.
///
/// Its mutable state is `@exclusivity(unchecked)`: one decode runs on one thread, and no access
/// to it overlaps another (dynamic exclusivity checks were a third of the decoding time).
final class _CodableSession {
    let context: _DecodingContext
    let options: _CodableOptions
    /// The coding path: `path[L]` is the step from level `L` to level `L + 1`.
    @exclusivity(unchecked) var path: [_CodingPathComponent] = []
    /// `live[L]`: the token of the value that containers at level `L` read.
    @exclusivity(unchecked) var live: [UInt64] = []
    @exclusivity(unchecked) var lastToken: UInt64 = 0
    /// Whether keys are matched as written.
    let usesDefaultKeys: Bool
    /// The options' user info as `Decoder` hands it out, built on first use.
    lazy var userInfo: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }

    init(context: _DecodingContext, options: _CodableOptions) {
        self.context = context
        self.options = options
        self.usesDefaultKeys = options.usesDefaultKeys
        path.reserveCapacity(16)
        live.reserveCapacity(16)
    }

    /// Breaks the cycle between the boxes kept for reuse and the decoder their containers hold.
    func close() {
        keyedBoxes.removeAll()
    }

    /// Makes the session ready for the next element of a stream, as fresh as a new one but for its
    /// buffers. Tokens keep counting up, so containers kept from an earlier element stay stale.
    func prepareForNextElement() {
        path.removeAll(keepingCapacity: true)
        live.removeAll(keepingCapacity: true)
    }

    /// The coding path down to level `level`.
    func codingPath(_ level: Int) -> [any CodingKey] {
        path.prefix(level).map(\.codingKey)
    }

    /// The coding path down to level `level`, then `component`.
    func codingPath(_ level: Int, appending component: _CodingPathComponent?) -> [any CodingKey] {
        var result = codingPath(level)
        if let component { result.append(component.codingKey) }
        return result
    }

    /// Records `component` as the step below level `level`.
    @inline(__always)
    func setPath(_ level: Int, _ component: _CodingPathComponent) {
        if path.count > level {
            path[level] = component
            // One at a time: `removeLast(_:)` goes through the general `replaceSubrange`, and the
            // stack is seldom more than one deeper.
            while path.count > level + 1 { path.removeLast() }
        } else {
            while path.count < level { path.append(.superKey) }
            path.append(component)
        }
    }

    /// A fresh token for a value at level `level`, which becomes the live one there (and makes
    /// every deeper level stale).
    @inline(__always)
    func newToken(level: Int) -> UInt64 {
        lastToken &+= 1
        while live.count > level { live.removeLast() }
        while live.count < level { live.append(0) }
        live.append(lastToken)
        return lastToken
    }

    /// Whether a container at `level` with `token` may still read, and if so drops the tokens of
    /// deeper levels (the container is about to move its cursor past them).
    @inline(__always)
    func claim(level: Int, token: UInt64) -> Bool {
        guard _fastPath(level < live.count && live[level] == token && !context._state.pointee.broken) else {
            return false
        }
        while live.count > level + 1 { live.removeLast() }
        return true
    }

    /// The boxes of keyed containers made so far, for reuse (see `_CodableKeyedContainer.make`):
    /// the key type, the box (`KeyedDecodingContainer`'s only stored property) and the state its
    /// container reads.
    @exclusivity(unchecked) var keyedBoxes: [(keyType: ObjectIdentifier, box: AnyObject, state: _KeyedContainerState)] =
        []

    /// Which types seen so far are arrays that `_DecodableArray` decodes: a short list searched
    /// linearly, cheaper than the runtime's conformance lookup on every nested value.
    @exclusivity(unchecked) var arrayTypes: [(type: ObjectIdentifier, array: (any _DecodableArray.Type)?)] = []

    /// `T` as a `_DecodableArray`, or nil if it is not one.
    @inline(__always)
    func decodableArrayType<T>(_: T.Type) -> (any _DecodableArray.Type)? {
        let type = ObjectIdentifier(T.self)
        for entry in arrayTypes where entry.type == type { return entry.array }
        return _lookUpDecodableArrayType(T.self)
    }

    @inline(never)
    func _lookUpDecodableArrayType<T>(_: T.Type) -> (any _DecodableArray.Type)? {
        let array = T.self as? any _DecodableArray.Type
        if arrayTypes.count < 32 { arrayTypes.append((ObjectIdentifier(T.self), array)) }
        return array
    }

    /// Which types seen so far are string-keyed dictionaries, as `arrayTypes` for arrays.
    @exclusivity(unchecked) var dictionaryTypes: [(type: ObjectIdentifier, dictionary: (any _StringKeyedDictionary.Type)?)] =
        []

    /// `T` as a `_StringKeyedDictionary`, or nil if it is not one.
    @inline(__always)
    func stringKeyedDictionaryType<T>(_: T.Type) -> (any _StringKeyedDictionary.Type)? {
        let type = ObjectIdentifier(T.self)
        for entry in dictionaryTypes where entry.type == type { return entry.dictionary }
        return _lookUpStringKeyedDictionaryType(T.self)
    }

    @inline(never)
    func _lookUpStringKeyedDictionaryType<T>(_: T.Type) -> (any _StringKeyedDictionary.Type)? {
        let dictionary = T.self as? any _StringKeyedDictionary.Type
        if dictionaryTypes.count < 32 { dictionaryTypes.append((ObjectIdentifier(T.self), dictionary)) }
        return dictionary
    }

    /// Whether a value at `level` with `token` is still the live one (without claiming it).
    @inline(__always)
    func isLive(level: Int, token: UInt64) -> Bool {
        level < live.count && live[level] == token && !context._state.pointee.broken
    }
}
