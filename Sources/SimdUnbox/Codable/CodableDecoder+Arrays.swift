import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

// Arrays of scalars (`[Double]`, `[Int]`, `[String]`, ...) decoded straight from the array cursor:
// the same values and errors as `Array.init(from:)` through an unkeyed container, without a
// container, a frame or a generic call per element.

extension CodableDecoder {
    /// `T`, an array of a common scalar type (`ValueKind.scalarArray`), decoded directly. The
    /// result is not optional: for an unspecialized `T`, `T?` would cost a lookup of `Optional<T>`'s
    /// metadata in the runtime's cache on every call.
    @inline(__always)
    func decodeScalarArray<T>(
        _: T.Type, from value: inout _JSONCursor, opened: inout OpenedValue, level: Int,
        component: CodingPathComponent
    ) throws -> T {
        if T.self == [Double].self {
            // Zeros need their text checked (`1e-400` is not zero): those arrays go element by element.
            if let numbers = try bulkRead(
                &value, &opened, level, component, next: _ArrayIterator.readDoubles, accept: { $0 != 0 })
            {
                return unsafeBitCast(Array(numbers), to: T.self)
            }
            return unsafeBitCast(
                try decodeArray(Double.self, &value, &opened, level, component) { v throws(ReadFailure) in
                    try readDouble(&v)
                }, to: T.self)
        }
        if T.self == [Int].self {
            if Int.bitWidth == 64,
                let numbers = try bulkRead(
                    &value, &opened, level, component, next: _ArrayIterator.readInt64s, accept: { _ in true })
            {
                // Made by copying (`Int` is `Int64` here), as `[Double]` is: the standard library's
                // copy is specialized here, with the array storage's type looked up once, while
                // `init(unsafeUninitializedCapacity:)` looks it up in the runtime's cache each time.
                return unsafeBitCast(numbers.withMemoryRebound(to: Int.self) { Array($0) }, to: T.self)
            }
            return unsafeBitCast(
                try decodeArray(Int.self, &value, &opened, level, component) { v throws(ReadFailure) in
                    try readInteger(Int.self, &v)
                }, to: T.self)
        }
        if T.self == [String].self {
            return unsafeBitCast(try decodeStringArray(&value, &opened, level, component), to: T.self)
        }
        if T.self == [Float].self {
            return unsafeBitCast(
                try decodeArray(Float.self, &value, &opened, level, component) { v throws(ReadFailure) in
                    try readFloat(&v)
                }, to: T.self)
        }
        if T.self == [Int64].self {
            if let numbers = try bulkRead(
                &value, &opened, level, component, next: _ArrayIterator.readInt64s, accept: { _ in true })
            {
                return unsafeBitCast(Array(numbers), to: T.self)
            }
            return unsafeBitCast(
                try decodeArray(Int64.self, &value, &opened, level, component) { v throws(ReadFailure) in
                    try readInteger(Int64.self, &v)
                }, to: T.self)
        }
        if T.self == [Bool].self {
            return unsafeBitCast(
                try decodeArray(Bool.self, &value, &opened, level, component) { v throws(ReadFailure) in
                    try readBool(&v)
                }, to: T.self)
        }
        preconditionFailure("not a scalar array type")
    }

    /// `[String]`, out of line: the other scalar arrays stay small enough to inline.
    @inline(never)
    func decodeStringArray(
        _ value: inout _JSONCursor, _ opened: inout OpenedValue, _ level: Int, _ component: CodingPathComponent
    ) throws -> [String] {
        try decodeArray(String.self, &value, &opened, level, component) { v throws(ReadFailure) in
            try readString(&v)
        }
    }

    /// Reads the array `value` is with the shim's bulk reads into the parser's number buffer (valid
    /// until the next bulk read), or returns nil, with the array opened (and rewound by the next
    /// `openArray`), when an element needs the element-by-element path: one the bulk read could
    /// not read (another type, a number it does not take), or one `accept` rejects.
    @inline(__always)
    func bulkRead<Number>(
        _ value: inout _JSONCursor, _ opened: inout OpenedValue, _ level: Int, _ component: CodingPathComponent,
        next: (
            UnsafeMutablePointer<_ArrayIterator>, UnsafeMutablePointer<Number>, Int,
            UnsafeMutablePointer<Int>,
            UnsafeMutablePointer<Bool>, UnsafeMutablePointer<_JSONCursor>
        ) -> _SimdJSONError,
        accept: (Number) -> Bool
    ) throws -> UnsafeBufferPointer<Number>? {
        var array = try openArray(&value, opened: &opened, isMissing: false, level: level, component: component)
        var iterator = _ArrayIterator()
        var code = array.iterate(&iterator)
        guard _fastPath(code == .success) else { throw context._containerError(code) }
        if _slowPath(context._state.pointee.numberCapacity == 0) { context._growNumbers(keeping: 0) }
        var element = _JSONCursor()
        var count = 0
        while true {
            var read = 0
            var finished = false
            let start = context._numberBuffer(of: Number.self)
            let room = context._state.pointee.numberCapacity - count
            code = next(&iterator, start + count, room, &read, &finished, &element)
            if _slowPath(code != .success) {
                // An element that could not be read (left in `element`) gets its exact error from
                // the element-by-element path; failing to reach one is malformed JSON.
                if element.isSet { return nil }
                throw context._containerError(code)
            }
            for index in count..<(count + read) where _slowPath(!accept(start[index])) { return nil }
            count += read
            if finished { return UnsafeBufferPointer(start: start, count: count) }
            if count == context._state.pointee.numberCapacity { context._growNumbers(keeping: count) }
        }
    }

    /// Reads the array `value` is, element by element, with `read`.
    @inline(__always)
    func decodeArray<Element>(
        _: Element.Type, _ value: inout _JSONCursor, _ opened: inout OpenedValue, _ level: Int,
        _ component: CodingPathComponent, _ read: (inout _JSONCursor) throws(ReadFailure) -> Element
    ) throws -> [Element] {
        var array = try openArray(&value, opened: &opened, isMissing: false, level: level, component: component)
        var iterator = _ArrayIterator()
        var code = array.iterate(&iterator)
        guard _fastPath(code == .success) else { throw context._containerError(code) }
        var result: [Element] = []
        var element = _JSONCursor()
        while true {
            var hasElement = false
            code = iterator.next(&hasElement, &element)
            guard _fastPath(code == .success) else { throw context._containerError(code) }
            guard hasElement else { return result }
            do {
                result.append(try read(&element))
            } catch {
                session.setPath(level, component)
                throw failureError(error, type: Element.self, level: level + 1, component: .index(result.count))
            }
        }
    }
}

// MARK: - Arrays of other Decodable elements

/// Arrays decoded straight from the array cursor: the same values, errors and coding paths as
/// `Array.init(from:)` through an unkeyed container (the array's frame at `level + 1`, its
/// elements at `level + 2`), without the container, the existential calls per element and some
/// of the runtime's metadata lookups of the unspecialized `Array.init(from:)`.
protocol DecodableArray: RangeReplaceableCollection where Element: Decodable {
    init(
        unsafeUninitializedCapacity: Int,
        initializingWith initializer: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
    ) rethrows
}

extension Array: DecodableArray where Element: Decodable {}

extension DecodableArray {
    // A protocol extension rather than a generic function or an extension of `Array`: it
    // receives `Self`'s metadata, so that the unspecialized code looks up no `Array<Element>`.
    /// Decodes the array `value` is, a child of the container at `level` reached by `component`.
    ///
    /// The first `inlineCount` elements are decoded into the parser's gather stack (`ScratchArena`) and moved into
    /// an array of exactly their number: growing an array in unspecialized code costs a lookup of
    /// its storage's type in the runtime's cache, an allocation and a copy at every doubling, and
    /// most arrays in documents are short. Longer arrays go on growing as usual.
    static func decodeAsArray(
        from value: inout _JSONCursor, opened: inout OpenedValue, level: Int, component: CodingPathComponent,
        decoder: CodableDecoder
    ) throws -> Self {
        let session = decoder.session
        let context = decoder.context
        session.setPath(level, component)
        // The array's own value gets a fresh token, as a frame moved to it would: containers at
        // its level handed out before are stale from now on.
        let arrayToken = session.newToken(level: level + 1)
        let arrayStart = value.startToken
        var array = try decoder.openArray(&value, opened: &opened, isMissing: false, level: level + 1)
        var iterator = _ArrayIterator()
        let code = array.iterate(&iterator)
        guard _fastPath(code == .success) else { throw context._containerError(code) }
        var element = _JSONCursor()
        var hasElement = try nextValue(
            &iterator, into: &element, level: level, token: arrayToken, start: arrayStart, decoder: decoder)
        guard hasElement else { return Self() }
        // Room on the parser's gather stack (nested arrays take the space above this one's).
        let savedTop = context._state.pointee.scratchTop
        let (first, inline) = context._takeScratch(for: Element.self, upTo: inlineCount)
        defer { context._state.pointee.scratchTop = savedTop }
        var index = 0
        do {
            while hasElement && index < inline {
                (first + index).initialize(
                    to: try decodeElement(&element, index: index, level: level, decoder: decoder))
                index += 1
                hasElement = try nextValue(
                    &iterator, into: &element, level: level, token: arrayToken, start: arrayStart, decoder: decoder)
            }
        } catch {
            first.deinitialize(count: index)
            throw error
        }
        // Exactly the elements read so far, or room to grow when there are more. Never a capacity
        // of 0 (no room left on the gather stack, in deep nesting): `init(unsafeUninitializedCapacity:)`
        // then writes the count of the standard library's shared empty array, a data race between
        // two decodes on two threads (found by ThreadSanitizer in CI).
        let initialized = index
        var result = Self(unsafeUninitializedCapacity: hasElement ? 2 * Swift.max(inline, 4) : initialized) {
            buffer, count in
            if initialized > 0 {
                buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: first, count: initialized)
            }
            count = initialized
        }
        while hasElement {
            result.append(try decodeElement(&element, index: index, level: level, decoder: decoder))
            index += 1
            hasElement = try nextValue(
                &iterator, into: &element, level: level, token: arrayToken, start: arrayStart, decoder: decoder)
        }
        return result
    }

    /// The number of elements decoded into scratch space before the array is made.
    static var inlineCount: Int { 16 }

    /// Moves `iterator` to its next element, into `element`; false at the end. (Not an
    /// `Element?`: in unspecialized code, that would cost a lookup of `Optional<Element>`'s
    /// metadata for every element.)
    @inline(__always)
    static func nextValue(
        _ iterator: inout _ArrayIterator, into element: inout _JSONCursor, level: Int, token: UInt64,
        start: UInt64?, decoder: CodableDecoder
    ) throws -> Bool {
        let context = decoder.context
        // As between the calls of an unkeyed container: once the document is found malformed,
        // the cursors may be dead.
        guard _fastPath(!context._state.pointee.broken) else { throw decoder.staleError(level: level + 1) }
        // An element's `init(from:)` may have read through a container of an ancestor.
        if _slowPath(!decoder.session.isLive(level: level + 1, token: token)) && element.isSet {
            try decoder.resumeIteration(level: level + 1, token: token, last: element, start: start)
        }
        var hasElement = false
        let code = iterator.next(&hasElement, &element)
        guard _fastPath(code == .success) else { throw context._containerError(code) }
        return hasElement
    }

    @inline(__always)
    static func decodeElement(
        _ element: inout _JSONCursor, index: Int, level: Int, decoder: CodableDecoder
    ) throws -> Element {
        var elementOpened = OpenedValue.none
        return try decoder.decodeNested(
            Element.self, from: &element, opened: &elementOpened, level: level + 1, component: .index(index))
    }
}

extension CodableDecoder {
    /// `T` decoded as an array of `Decodable` elements (`A` is `T`, opened from an existential).
    @inline(__always)
    func decodeArray<A: DecodableArray, T>(
        _: A.Type, as _: T.Type, from value: inout _JSONCursor, opened: inout OpenedValue, level: Int,
        component: CodingPathComponent
    ) throws -> T {
        _identityCast(
            try A.decodeAsArray(from: &value, opened: &opened, level: level, component: component, decoder: self),
            to: T.self)
    }
}
