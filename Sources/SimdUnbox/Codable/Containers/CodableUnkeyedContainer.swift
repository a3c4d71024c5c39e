import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

/// An unkeyed container over an array cursor. A class (the standard library would box a struct
/// this size anyway), so that `isAtEnd` can look ahead at the next element.
final class CodableUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: CodableDecoder
    @exclusivity(unchecked) var array: _ArrayCursor
    @exclusivity(unchecked) var iterator = _ArrayIterator()
    let level: Int
    let token: UInt64
    @exclusivity(unchecked) private(set) var currentIndex = 0
    /// The next element, once looked at.
    @exclusivity(unchecked) var peeked = _JSONCursor()
    @exclusivity(unchecked) var peekState = PeekState.notPeeked
    /// What was opened of the peeked element (kept across a failed attempt and a retry).
    @exclusivity(unchecked) var peekedOpened = OpenedValue.none

    enum PeekState {
        case notPeeked
        case peeked
        case atEnd
    }

    init(decoder: CodableDecoder, array: _ArrayCursor, level: Int, token: UInt64) throws {
        self.decoder = decoder
        self.array = array
        self.level = level
        self.token = token
        let code = self.array.iterate(&iterator)
        guard code == .success else { throw decoder.context._containerError(code) }
    }

    var codingPath: [any CodingKey] {
        let session = decoder.session
        // A container no longer live has its path found as it reads (see `revived`).
        guard session.isLive(level: level, token: token) || !session.canRevive(token: token) else {
            return (try? revived { session.codingPath(level) }) ?? session.codingPath(level)
        }
        return session.codingPath(level)
    }

    /// The number of elements, counted once on demand, as Foundation keeps it for the container's
    /// whole life. Counted after reading has begun, the count walks the array from its start, and
    /// the cursor is then walked back to the element it was at (rare: most callers ask first).
    var count: Int? {
        if let knownCount { return knownCount }
        if case .atEnd = peekState {
            knownCount = currentIndex
            return currentIndex
        }
        // Counting moves the cursor (and walks it back): past any container of an element read.
        guard claimed() else { return try? revived { self.count } }
        var array = self.array
        var counted = 0
        let code = array.countElements(&counted)
        guard code == .success else {
            // Malformed JSON: recorded, so that the decode fails and no container reads on (the
            // cursor is left where counting stopped).
            _ = decoder.context._containerError(code)
            return nil
        }
        knownCount = counted
        // Counting left the cursor at the first element: walk back to where reading was.
        let walked = walkBack()
        if walked != .success { _ = decoder.context._containerError(walked) }
        return counted
    }

    /// Walks from the array's first element, where the cursor is, back to where reading was.
    func walkBack() -> _SimdJSONError {
        let peeking = if case .peeked = peekState { true } else { false }
        let steps = currentIndex + (peeking ? 1 : 0)
        var restored = _ArrayIterator()
        var code = array.iterate(&restored)
        guard code == .success else { return code }
        var element = _JSONCursor()
        for _ in 0..<steps {
            var hasElement = false
            code = restored.next(&hasElement, &element)
            guard code == .success else { return code }
            guard hasElement else { return .tapeError }
        }
        iterator = restored
        if peeking {
            peeked = element
            peekedOpened = .none
        }
        return .success
    }

    /// The count, once known.
    @exclusivity(unchecked) private var knownCount: Int?

    var isAtEnd: Bool {
        switch peekState {
        case .peeked: return false
        case .atEnd: return true
        case .notPeeked: break
        }
        // Looking at the next element moves the cursor past the one before, and past any
        // container of it still held: those are no longer live.
        guard claimed() else { return (try? revived { self.isAtEnd }) ?? true }
        do {
            return try !peek()
        } catch {
            return true
        }
    }

    // MARK: Moving

    /// Whether the container is the live one at its level (then the deeper levels' tokens are
    /// dropped). A container that is not runs its operation through `revived`.
    @inline(__always)
    func claimed() -> Bool { decoder.session.claim(level: level, token: token) }

    /// Where the container's last operation after it went stale left the cursor (`revived`).
    @exclusivity(unchecked) var resume: _CursorPlace?

    /// Runs `body`, an operation of this container once it is no longer live (used after its
    /// parent moved on): see `CodableDecoder.revive`. The cursor goes back to where the
    /// container's last such operation left it, or walks from the first element to where
    /// reading was (once).
    @inline(never)
    func revived<R>(_ body: () throws -> R) throws -> R {
        try decoder.revive(
            level: level, token: token, path: .document(array.startToken),
            goBack: {
                if let resume { return decoder.context._restoreCursor(resume) }
                // At the end, nothing reads the array any more.
                if case .atEnd = peekState { return .success }
                var hasElements = false
                let code = array.reset(&hasElements)
                guard code == .success else { return code }
                return walkBack()
            }
        ) {
            defer { resume = decoder.context._saveCursor() }
            return try body()
        }
    }

    /// Looks at the next element: false at the end.
    @inline(__always)
    func peek() throws -> Bool {
        switch peekState {
        case .peeked: return true
        case .atEnd: return false
        case .notPeeked:
            var hasElement = false
            let code = iterator.next(&hasElement, &peeked)
            guard _fastPath(code == .success) else { throw decoder.context._containerError(code) }
            peekState = hasElement ? .peeked : .atEnd
            peekedOpened = .none
            // The count is the index of the end, whatever `decodeIfPresent` past it does to
            // `currentIndex` later (Foundation moves it on and keeps the count).
            if _slowPath(!hasElement) && knownCount == nil { knownCount = currentIndex }
            return hasElement
        }
    }

    /// Looks at the next element, or throws `valueNotFound(type)` at the end.
    @inline(__always)
    func requireNext(_ type: Any.Type, _ message: String = "Unkeyed container is at end.") throws {
        if _slowPath(!(try peek())) {
            throw decoder.atEndError(type, message, level: level, index: currentIndex)
        }
    }

    @inline(__always)
    func advance() {
        currentIndex += 1
        if case .peeked = peekState { peekState = .notPeeked }
    }

    /// Reads the next element with `read`, moving on only if it succeeds.
    @inline(__always)
    func readElement<T>(_ type: T.Type, _ read: (inout _JSONCursor) throws(ReadFailure) -> T) throws -> T {
        guard _fastPath(claimed()) else { return try revived { try readElement(type, read) } }
        try requireNext(T.self)
        var value = peeked
        do {
            let result = try read(&value)
            advance()
            return result
        } catch {
            throw decoder.failureError(error, type: T.self, level: level, component: .index(currentIndex))
        }
    }

    /// Reads the next element with `read`, or returns nil for `null` or at the end.
    @inline(__always)
    func readIfPresent<T>(_ type: T.Type, _ read: (inout _JSONCursor) throws(ReadFailure) -> T) throws -> T? {
        guard _fastPath(claimed()) else { return try revived { try readIfPresent(type, read) } }
        guard try peek() else {
            currentIndex += 1
            return nil
        }
        var value = peeked
        var isNull = false
        if value.isNull(&isNull) == .success && isNull {
            advance()
            return nil
        }
        do {
            let result = try read(&value)
            advance()
            return result
        } catch {
            throw decoder.failureError(error, type: T.self, level: level, component: .index(currentIndex))
        }
    }

    // MARK: Decoding

    func decodeNil() throws -> Bool {
        guard _fastPath(claimed()) else { return try revived { try decodeNil() } }
        try requireNext(Never.self)
        var value = peeked
        var isNull = false
        let code = value.isNull(&isNull)
        guard code == .success else {
            throw decoder.failureError(
                decoder.readFailure(code, &value, expected: .null), type: Never.self, level: level,
                component: .index(currentIndex))
        }
        if isNull { advance() }
        return isNull
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        try readElement(Bool.self) { v throws(ReadFailure) in try decoder.readBool(&v) }
    }
    func decode(_ type: String.Type) throws -> String {
        try readElement(String.self) { v throws(ReadFailure) in try decoder.readString(&v) }
    }
    func decode(_ type: Double.Type) throws -> Double {
        try readElement(Double.self) { v throws(ReadFailure) in try decoder.readDouble(&v) }
    }
    func decode(_ type: Float.Type) throws -> Float {
        try readElement(Float.self) { v throws(ReadFailure) in try decoder.readFloat(&v) }
    }
    func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    func decode(_ type: Int128.Type) throws -> Int128 { try integer(Int128.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(UInt128.self) }

    @inline(__always)
    func integer<T: FixedWidthInteger>(_: T.Type) throws -> T {
        try readElement(T.self) { v throws(ReadFailure) in try decoder.readInteger(T.self, &v) }
    }

    func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        try readIfPresent(Bool.self) { v throws(ReadFailure) in try decoder.readBool(&v) }
    }
    func decodeIfPresent(_ type: String.Type) throws -> String? {
        try readIfPresent(String.self) { v throws(ReadFailure) in try decoder.readString(&v) }
    }
    func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        try readIfPresent(Double.self) { v throws(ReadFailure) in try decoder.readDouble(&v) }
    }
    func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        try readIfPresent(Float.self) { v throws(ReadFailure) in try decoder.readFloat(&v) }
    }
    func decodeIfPresent(_ type: Int.Type) throws -> Int? { try integerIfPresent(Int.self) }
    func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try integerIfPresent(Int8.self) }
    func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try integerIfPresent(Int16.self) }
    func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try integerIfPresent(Int32.self) }
    func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try integerIfPresent(Int64.self) }
    func decodeIfPresent(_ type: Int128.Type) throws -> Int128? { try integerIfPresent(Int128.self) }
    func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try integerIfPresent(UInt.self) }
    func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try integerIfPresent(UInt8.self) }
    func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try integerIfPresent(UInt16.self) }
    func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try integerIfPresent(UInt32.self) }
    func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try integerIfPresent(UInt64.self) }
    func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? { try integerIfPresent(UInt128.self) }

    @inline(__always)
    func integerIfPresent<T: FixedWidthInteger>(_: T.Type) throws -> T? {
        try readIfPresent(T.self) { v throws(ReadFailure) in try decoder.readInteger(T.self, &v) }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard _fastPath(claimed()) else { return try revived { try decode(type) } }
        try requireNext(T.self)
        var value = peeked
        let result = try decoder.decodeNested(
            type, from: &value, opened: &peekedOpened, level: level, component: .index(currentIndex))
        advance()
        return result
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        guard _fastPath(claimed()) else { return try revived { try decodeIfPresent(type) } }
        guard try peek() else {
            currentIndex += 1
            return nil
        }
        var value = peeked
        var isNull = false
        if case .none = peekedOpened, value.isNull(&isNull) == .success && isNull {
            advance()
            return nil
        }
        let result = try decoder.decodeNested(
            type, from: &value, opened: &peekedOpened, level: level, component: .index(currentIndex))
        advance()
        return result
    }

    // MARK: Nesting

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        guard _fastPath(claimed()) else { return try revived { try nestedContainer(keyedBy: type) } }
        try requireNext(KeyedDecodingContainer<NestedKey>.self)
        decoder.session.setPath(level, .index(currentIndex))
        let token = decoder.session.newToken(level: level + 1)
        var value = peeked
        // The object is one level below this container (Foundation's limit counts it).
        if _slowPath(level + 1 >= CodableDecoder.maximumDepth) { throw decoder.depthError(level, .index(currentIndex)) }
        let object = try decoder.openObject(
            &value, opened: &peekedOpened, isMissing: false, level: level, component: .index(currentIndex))
        let container = try CodableKeyedContainer<NestedKey, SessionOwned>.make(
            decoder: decoder, object: object, level: level + 1, token: token)
        advance()
        return container
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard _fastPath(claimed()) else { return try revived { try nestedUnkeyedContainer() } }
        try requireNext(
            (any UnkeyedDecodingContainer).self, "Cannot get nested unkeyed container -- unkeyed container is at end.")
        decoder.session.setPath(level, .index(currentIndex))
        let token = decoder.session.newToken(level: level + 1)
        var value = peeked
        if _slowPath(level + 1 >= CodableDecoder.maximumDepth) { throw decoder.depthError(level, .index(currentIndex)) }
        let array = try decoder.openArray(
            &value, opened: &peekedOpened, isMissing: false, level: level, component: .index(currentIndex))
        let container = try CodableUnkeyedContainer(decoder: decoder, array: array, level: level + 1, token: token)
        advance()
        return container
    }

    func superDecoder() throws -> any Decoder {
        guard _fastPath(claimed()) else { return try revived { try self.superDecoder() } }
        try requireNext((any Decoder).self, "Cannot get superDecoder() -- unkeyed container is at end.")
        decoder.session.setPath(level, .index(currentIndex))
        let token = decoder.session.newToken(level: level + 1)
        let superDecoder = CodableDecoder(session: decoder.session, value: peeked, level: level + 1, token: token)
        superDecoder.opened = peekedOpened
        advance()
        return superDecoder
    }
}
