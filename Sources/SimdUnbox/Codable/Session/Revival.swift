import Foundation

// Containers used after their parent moved on
// ============================================
//
// On-Demand reads forward, and a container reads through the document's one cursor. Foundation's
// containers read a tree, in any order, so models rely on it: a class reads `superDecoder()` after
// its own fields, a model reads sibling nested containers in the order it needs them, an unkeyed
// container's element is finished after the next one was read.
//
// Such a container is stale (its token is no longer the live one at its level). When it is used,
// `revive` saves where the cursor stands and what is live, goes back to the container's value
// (where its last read left it, or its start), makes it the live one, runs the read, and puts
// everything back: the containers it interrupted go on as if nothing happened. Only the stale
// container pays: a live one checks its token as before.
//
// The coding path above a revived container is the one part of the session's state that is not
// saved with the container (saving it for every container would cost every decode). It is read
// from the document instead, by walking the tokens before the container's value
// (`_DecodingContext._documentPath`), and only when someone asks for it, usually an error.

/// Where the coding path above a revived container comes from.
enum RevivedPath {
    /// The document: the token where the container's value starts.
    case document(UInt64)
    /// The path down to the value, kept when the decoder was made (a `superDecoder(forKey:)` for a
    /// missing key, which has no value in the document).
    case known([any CodingKey])
}

extension CodableSession {
    /// Fills in the steps of the coding path above a revived container (`pendingPath`).
    @inline(never)
    func findPendingPath() {
        guard let (levels, source) = pendingPath else { return }
        pendingPath = nil
        changedLevel = 0
        var keys: [any CodingKey] = []
        switch source {
        case .known(let path):
            keys = Array(path.suffix(levels))
        case .document(let token):
            for step in context._documentPath(to: token, levels: levels) ?? [] {
                switch step {
                case .index(let index): keys.append(IndexCodingKey(index))
                case .key(let name): keys.append(CodableKey(stringValue: convertedKey(name, above: keys)))
                }
            }
        }
        // Fewer steps than levels only for a document that does not have them: the first steps
        // stay `super`.
        let first = levels - keys.count
        for (offset, key) in keys.enumerated() where first + offset < path.count {
            if let index = key as? IndexCodingKey {
                path.update(first + offset, .index(index.index))
            } else {
                path.update(first + offset, hold(.key(key), level: first + offset))
            }
        }
    }

    /// A key of the document as the model names it, under the key strategy. (A dictionary's keys
    /// stay as written in Foundation's paths: a path found in the document converts them too.)
    func convertedKey(_ name: String, above: [any CodingKey]) -> String {
        switch options.keyDecodingStrategy {
        case .convertFromSnakeCase: convertedFromSnakeCase(name)
        case .custom(let convert): convert(above + [CodableKey(stringValue: name)]).stringValue
        default: name
        }
    }
}

extension CodableDecoder {
    /// Runs `body`, an operation of the container or decoder at `level` with `token`, which is no
    /// longer live (see the comment at the top of this file): `goBack` puts the document's cursor
    /// where the container reads; the cursor, the live tokens and the coding path are put back
    /// afterwards, whatever `body` does.
    ///
    /// Throws the stale error when the container belongs to a decode (or stream element) that is
    /// over, or the document is known to be malformed.
    @inline(never)
    func revive<R>(
        level: Int, token: UInt64, path source: RevivedPath, goBack: () -> _SimdJSONError, _ body: () throws -> R
    ) throws -> R {
        guard session.canRevive(token: token) else { throw staleError(level: level) }
        let place = context._saveCursor()
        let live = session.live.elements
        let path = session.path.elements
        let heldKeys = session.heldKeys
        let pending = session.pendingPath
        defer {
            // Within one document: the place is always this document's.
            _ = context._restoreCursor(place)
            session.live.replace(with: live)
            session.path.replace(with: path)
            session.heldKeys = heldKeys
            session.pendingPath = pending
            session.changedLevel = 0
        }
        // Nothing else is live while the container reads: a container above it whose cursor is
        // elsewhere revives in turn if the read reaches it.
        session.live.replace(with: [UInt64](repeating: 0, count: level) + [token])
        session.path.replace(with: [CodingPathComponent](repeating: .superKey, count: level))
        session.pendingPath = (level, source)
        session.changedLevel = 0
        let code = goBack()
        guard code == .success else { throw context._containerError(code) }
        return try body()
    }

    /// Whether the frame's value is still the live one at its level.
    @inline(__always)
    var frameIsLive: Bool { session.isLive(level: level, token: token) }

    /// Runs `body`, an operation on this decoder's value, once the value is no longer live (a
    /// `superDecoder()` used after its container moved on): see `revive`.
    @inline(never)
    func reviveFrame<R>(_ body: () throws -> R) throws -> R {
        let source: RevivedPath
        if let knownPath {
            source = .known(knownPath)
        } else if let start = value.startToken {
            source = .document(start)
        } else {
            throw staleError(level: level)
        }
        return try revive(
            level: level, token: token, path: source,
            goBack: {
                // An opened value is read again through its container, which goes back itself.
                guard case .none = opened, !isMissing else { return .success }
                return value.revisit()
            }, body)
    }
}
