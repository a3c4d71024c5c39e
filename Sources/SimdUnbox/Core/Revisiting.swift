// Going back in a document
// ========================
//
// On-Demand reads forward. A `SimdJSONDecoder` container used after its parent moved on (a
// `superDecoder()` read after the subclass's own fields, sibling containers read out of order)
// saves where the document's cursor stands, goes back to its own value, reads, and puts the
// cursor back: the containers it interrupted go on as if nothing had happened. These are the
// shim calls that needs, and the coding path of such a container, read from the document.

import CSimdJSON

/// Where the document's cursor stands (the shim's cursor place): its token, depth and document.
struct _CursorPlace {
    var raw = csimdjson_cursor_place()
}

/// A step of a path read from the document: a key as written (unescaped) or an array index.
enum _DocumentPathStep {
    case key(String)
    case index(Int)
}

extension _DecodingContext {
    /// Where the document's cursor stands now.
    func _saveCursor() -> _CursorPlace {
        var place = _CursorPlace()
        csimdjson_parser_cursor_save(_parser.handle, &place.raw)
        return place
    }

    /// Puts the document's cursor back at `place` (`.uninitialized` if the parser has started
    /// another document since).
    func _restoreCursor(_ place: _CursorPlace) -> _SimdJSONError {
        var place = place
        return _SimdJSONError(csimdjson_parser_cursor_restore(_parser.handle, &place.raw))
    }

    /// The innermost `levels` steps of the path from the root to the value that starts at `token`
    /// (a `startToken` of this document), outermost first; nil if the token is not one.
    func _documentPath(to token: UInt64, levels: Int) -> [_DocumentPathStep]? {
        guard levels > 0 else { return [] }
        var steps = [csimdjson_path_step](repeating: csimdjson_path_step(), count: levels)
        var count = 0
        let code = steps.withUnsafeMutableBufferPointer {
            csimdjson_parser_path_to(_parser.handle, token, $0.baseAddress, levels, &count)
        }
        guard code == CSIMDJSON_SUCCESS else { return nil }
        var path: [_DocumentPathStep] = []
        path.reserveCapacity(count)
        for index in 0..<count {
            if steps[index].index >= 0 {
                path.append(.index(Int(steps[index].index)))
                continue
            }
            var bytes: UnsafePointer<UInt8>?
            var length = 0
            guard csimdjson_parser_key_text(_parser.handle, &steps[index], &bytes, &length) == CSIMDJSON_SUCCESS
            else { return nil }
            path.append(.key(_validatedString(bytes, length)))
        }
        return path
    }
}

extension _JSONCursor {
    /// Puts the document's cursor back at the start of this value, to be read (again) as if the
    /// cursor had just reached it (`.outOfOrderIteration` for a document root).
    mutating func revisit() -> _SimdJSONError {
        _SimdJSONError(csimdjson_value_revisit(&raw))
    }

    /// The token this value starts at (nil for a document root or an empty cursor).
    var startToken: UInt64? {
        var raw = self.raw
        var token: UInt64 = 0
        guard csimdjson_value_start_token(&raw, &token) == CSIMDJSON_SUCCESS else { return nil }
        return token
    }
}

extension _ObjectCursor {
    /// The token this object starts at (its `{`).
    var startToken: UInt64 {
        var raw = self.raw
        return csimdjson_object_start_token(&raw)
    }
}

extension _ArrayCursor {
    /// The token this array starts at (its `[`).
    var startToken: UInt64 {
        var raw = self.raw
        return csimdjson_array_start_token(&raw)
    }
}
