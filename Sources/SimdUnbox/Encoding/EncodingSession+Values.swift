import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

extension EncodingSession {
    /// Encodes `value` in a new slot reached by `step` (a field's value, an element), closing
    /// whatever it leaves open. The caller rolls back on error.
    @inline(__always)
    func encodeValue<T: Encodable>(_ value: T, step: PathStep) throws {
        let slot = pushSlot(step)
        try fill(slot: slot.index, id: slot.id, with: value)
        close(downTo: slot.index)
    }

    /// Writes `value` into the open slot at `index` (the innermost frame). Values Foundation treats
    /// specially (dates, data, URLs, decimals) follow its strategies; scalars and arrays of scalars
    /// are written directly; anything else runs its `encode(to:)` with the slot's encoder, and
    /// writes `{}` if it encoded nothing, as Foundation does.
    func fill<T: Encodable>(slot index: Int, id: UInt64, with value: T) throws {
        let type = ObjectIdentifier(T.self)
        if type != plainTypes.0 && type != plainTypes.1 {
            if try writeKnown(value, slot: index) {
                frame(index).pointee.count = 1
                return
            }
            // Remembered: the next value of this type skips the twenty-odd type comparisons of
            // `writeKnown` and `writeSpecial`. Measured with callgrind on 1 MB of records as JSON
            // Lines (a record and its location each time): about 0.48M instructions fewer (of
            // 32.9M), some 100 per model.
            plainTypes = (type, plainTypes.0)
        }
        if !defaultKeys, let dictionary = value as? any StringKeyedEncodableDictionary {
            // Foundation exempts `[String: Value]` keys from key conversion.
            try dictionary.encodeEntries(session: self, slot: index)
            return
        }
        try value.encode(to: encoder(forSlot: index, id: id))
    }

    /// Writes `value` when its type is one the session writes itself; returns `false` otherwise.
    ///
    /// Types are told apart by their metadata (`ObjectIdentifier(T.self)`): a pointer comparison
    /// each, where a dynamic cast (`value as? Date`, as Foundation does) is a runtime call. (Not
    /// measured against casts separately.)
    @inline(__always)
    private func writeKnown<T: Encodable>(_ value: T, slot: Int) throws -> Bool {
        let type = ObjectIdentifier(T.self)
        if type == ObjectIdentifier(String.self) {
            writeString(unsafeBitCast(value, to: String.self))
        } else if type == ObjectIdentifier(Int.self) {
            writeInteger(unsafeBitCast(value, to: Int.self))
        } else if type == ObjectIdentifier(Bool.self) {
            append(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
        } else if type == ObjectIdentifier(Double.self) {
            try writeFloatingPoint(unsafeBitCast(value, to: Double.self)) { codingPath(through: slot) }
        } else if type == ObjectIdentifier(Int64.self) {
            writeInteger(unsafeBitCast(value, to: Int64.self))
        } else if type == ObjectIdentifier(UInt64.self) {
            writeInteger(unsafeBitCast(value, to: UInt64.self))
        } else if type == ObjectIdentifier(Int32.self) {
            writeInteger(unsafeBitCast(value, to: Int32.self))
        } else if type == ObjectIdentifier(UInt32.self) {
            writeInteger(unsafeBitCast(value, to: UInt32.self))
        } else if type == ObjectIdentifier(UInt.self) {
            writeInteger(unsafeBitCast(value, to: UInt.self))
        } else if type == ObjectIdentifier(Float.self) {
            try writeFloatingPoint(unsafeBitCast(value, to: Float.self)) { codingPath(through: slot) }
        } else if type == ObjectIdentifier(Int16.self) {
            writeInteger(unsafeBitCast(value, to: Int16.self))
        } else if type == ObjectIdentifier(UInt16.self) {
            writeInteger(unsafeBitCast(value, to: UInt16.self))
        } else if type == ObjectIdentifier(Int8.self) {
            writeInteger(unsafeBitCast(value, to: Int8.self))
        } else if type == ObjectIdentifier(UInt8.self) {
            writeInteger(unsafeBitCast(value, to: UInt8.self))
        } else {
            return try writeSpecial(value, type: type, slot: slot)
        }
        return true
    }

    /// Foundation's special types, arrays of scalars and `JSONValue`.
    private func writeSpecial<T: Encodable>(_ value: T, type: ObjectIdentifier, slot: Int) throws -> Bool {
        if type == ObjectIdentifier([String].self) {
            writeArray(unsafeBitCast(value, to: [String].self), slot: slot) { writeString($0) }
        } else if type == ObjectIdentifier([Int].self) {
            writeArray(unsafeBitCast(value, to: [Int].self), slot: slot) { writeInteger($0) }
        } else if type == ObjectIdentifier([Double].self) {
            try writeDoubles(unsafeBitCast(value, to: [Double].self), slot: slot)
        } else if type == ObjectIdentifier(Date.self) {
            try writeDate(unsafeBitCast(value, to: Date.self), slot: slot)
        } else if type == ObjectIdentifier(Data.self) {
            try writeData(unsafeBitCast(value, to: Data.self), slot: slot)
        } else if type == ObjectIdentifier(URL.self) {
            writeString(unsafeBitCast(value, to: URL.self).absoluteString)
        } else if type == ObjectIdentifier(Decimal.self) {
            var text = unsafeBitCast(value, to: Decimal.self).description
            text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        } else if type == ObjectIdentifier(JSONValue.self) {
            writeJSONValue(unsafeBitCast(value, to: JSONValue.self))
        } else {
            return false
        }
        return true
    }

    @inline(__always)
    private func writeArray<Element>(_ array: [Element], slot: Int, _ write: (Element) -> Void) {
        let container = openContainer(.array, step: .none)
        frame(slot).pointee.child = container.id
        for element in array {
            beginElement(container.index)
            write(element)
        }
        closeTop()
    }

    /// `[Double]` (canada.json's coordinates), its loop written out: through a generic helper
    /// taking the element's writer as a closure, the compiler stopped inlining that closure once
    /// `writeFinite` grew its short path (canada.json: 120.5M → 127.4M instructions per encode;
    /// written out, 121.0M).
    private func writeDoubles(_ array: [Double], slot: Int) throws {
        let container = openContainer(.array, step: .none)
        frame(slot).pointee.child = container.id
        for (position, element) in array.enumerated() {
            beginElement(container.index)
            try writeFloatingPoint(element) { codingPath(through: slot) + [IndexCodingKey(position)] }
        }
        closeTop()
    }

    // MARK: Dates and data

    private func writeDate(_ date: Date, slot: Int) throws {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            try writeFloatingPoint(date.timeIntervalSinceReferenceDate) { codingPath(through: slot) }
        case .secondsSince1970:
            try writeAlwaysConforming(date.timeIntervalSince1970, slot: slot)
        case .millisecondsSince1970:
            try writeAlwaysConforming(1000.0 * date.timeIntervalSince1970, slot: slot)
        case .iso8601:
            writeString(date.formatted(.iso8601))
        case .custom(let closure):
            try closure(date, encoder(forSlot: slot, id: frame(slot).pointee.id))
            close(downTo: slot + 1)
            if frame(slot).pointee.count == 0 { appendEmptyObject() }
        @unknown default:
            try writeFloatingPoint(date.timeIntervalSinceReferenceDate) { codingPath(through: slot) }
        }
    }

    /// Foundation writes dates as seconds since 1970 with `.throw`, whatever the strategy.
    private func writeAlwaysConforming(_ value: Double, slot: Int) throws {
        guard value.isFinite else { throw Self.nonConformingError(value, path: codingPath(through: slot)) }
        writeFinite(value)
    }

    private func writeData(_ data: Data, slot: Int) throws {
        switch options.dataEncodingStrategy {
        case .deferredToData:
            let container = openContainer(.array, step: .none)
            frame(slot).pointee.child = container.id
            for byte in data {
                beginElement(container.index)
                writeInteger(byte)
            }
            closeTop()
        case .base64:
            writeString(data.base64EncodedString())
        case .custom(let closure):
            try closure(data, encoder(forSlot: slot, id: frame(slot).pointee.id))
            close(downTo: slot + 1)
            if frame(slot).pointee.count == 0 { appendEmptyObject() }
        @unknown default:
            writeString(data.base64EncodedString())
        }
    }

    // MARK: JSONValue

    /// Writes a `JSONValue` with its numbers exactly as their text.
    func writeJSONValue(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let bool): append(bool ? "true" : "false")
        case .number(let number):
            var text = number.text
            text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        case .string(let string): writeString(string)
        case .array(let elements):
            let container = openContainer(.array, step: .none)
            for element in elements {
                beginElement(container.index)
                writeJSONValue(element)
            }
            closeTop()
        case .object(let fields):
            // Keys are the document's: no key strategy applies (as for `[String: Value]`).
            let container = openContainer(.object, step: .none)
            for (key, field) in fields {
                beginField(container.index, key: key)
                writeJSONValue(field)
            }
            closeTop()
        }
    }
}

/// `[String: Value]`, whose keys Foundation writes as they are under any key strategy.
protocol StringKeyedEncodableDictionary {
    func encodeEntries(session: EncodingSession, slot: Int) throws
}

extension Dictionary: StringKeyedEncodableDictionary where Key == String, Value: Encodable {
    func encodeEntries(session: EncodingSession, slot: Int) throws {
        let container = session.openContainer(.object, step: .none)
        session.frame(slot).pointee.child = container.id
        session.frame(slot).pointee.count = 1
        for (key, value) in self {
            session.beginField(container.index, key: key)
            try session.encodeValue(value, step: .key(StringCodingKey(key)))
        }
        session.closeTop()
    }
}
