import Foundation

// Inlining: the `@inline(__always)` below without a figure beside them were measured as a group:
// removing them cost 5% to 51% more instructions per decode (twitter.json through SimdJSONDecoder
// 13.30M -> 19.07M; CONTRIBUTING.md, "Unsafe code", has every figure). Remove one only with a
// measurement of its own.

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
    /// The path down to the value, kept by the decoder when it was made (a `superDecoder(forKey:)`
    /// for a missing key, which has no value in the document): `knownPath`. Unretained (the decoder
    /// is the one reading), so that saving and restoring a pending path retains nothing.
    case known(Unmanaged<CodableDecoder>)
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
        case .known(let decoder):
            keys = Array((decoder.takeUnretainedValue().knownPath ?? []).suffix(levels))
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
                path.update(first + offset, hold(key, level: first + offset))
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

/// What a revived container's read interrupted (`CodableDecoder.startRevival`): where the cursor
/// stood, what was live, the coding path; put back by `endRevival`.
struct Interruption {
    let place: _CursorPlace
    let liveStart: Int
    let pathStart: Int
    let heldKeys: [(any CodingKey)?]
    /// Whether the held strings were saved (on `CodableSession.interruptedHeldStrings`): only when
    /// there were any, so that a revival that interrupts no dictionary or key path costs nothing
    /// more (`user-orders-late-containers-1MB`, SimdJSONDecoder: 85.96M instructions a decode with
    /// the strings saved here at every revival, 83.91M; 83.65M before strings were held apart).
    let savedHeldStrings: Bool
    let pendingPath: (levels: Int, source: RevivedPath)?
}

extension CodableDecoder {
    /// Starts an operation of the container or decoder at `level` with `token`, which is no longer
    /// live (see the comment at the top of this file): saves what the operation interrupts, makes
    /// the container the live one, and `goBack` puts the document's cursor where it reads. Call
    /// `endRevival` when the operation is over, whatever it did.
    ///
    /// Throws the stale error when the container belongs to a decode (or stream element) that is
    /// over, or the document is known to be malformed.
    @inline(__always)
    func startRevival(level: Int, token: UInt64, path source: RevivedPath, goBack: () -> _SimdJSONError) throws
        -> Interruption
    {
        guard session.canRevive(token: token) else { throw staleError(level: level) }
        let interruption = Interruption(
            place: context._saveCursor(), liveStart: session.interruptedLive.count,
            pathStart: session.interruptedPath.count, heldKeys: session.heldKeys,
            savedHeldStrings: !session.heldStrings.isEmpty,
            pendingPath: session.pendingPath)
        if interruption.savedHeldStrings { session.interruptedHeldStrings.append(session.heldStrings) }
        session.live.save(to: &session.interruptedLive)
        session.path.save(to: &session.interruptedPath)
        // Nothing else is live while the container reads: a container above it whose cursor is
        // elsewhere revives in turn if the read reaches it. The path above it is found when asked for.
        session.live.count = 0
        session.live.set(level, token, filling: 0)
        setPendingPath(level: level, source)
        let code = goBack()
        guard code == .success else {
            endRevival(interruption)
            throw context._containerError(code)
        }
        return interruption
    }

    /// Puts back what `startRevival` interrupted.
    @inline(__always)
    func endRevival(_ interruption: Interruption) {
        // Within one document: the place is always this document's.
        _ = context._restoreCursor(interruption.place)
        session.live.restore(from: &session.interruptedLive, at: interruption.liveStart)
        session.path.restore(from: &session.interruptedPath, at: interruption.pathStart)
        session.heldKeys = interruption.heldKeys
        if interruption.savedHeldStrings {
            session.heldStrings = session.interruptedHeldStrings.removeLast()
        } else if !session.heldStrings.isEmpty {
            session.heldStrings.removeAll(keepingCapacity: true)
        }
        session.pendingPath = interruption.pendingPath
        session.changedLevel = 0
    }

    /// Runs `body` between `startRevival` and `endRevival`, both inlined here (callgrind,
    /// `user-orders-late-containers-1MB`: 86.5M instructions a decode with them called, 85.6M
    /// inlined).
    @inline(never)
    func revive<R>(
        level: Int, token: UInt64, path source: RevivedPath, goBack: () -> _SimdJSONError, _ body: () throws -> R
    ) throws -> R {
        let interruption = try startRevival(level: level, token: token, path: source, goBack: goBack)
        defer { endRevival(interruption) }
        return try body()
    }

    /// Resumes one of this module's own iterations (a dictionary's entries, an array's elements)
    /// at `level` with `token`, whose level another container took while the last entry
    /// decoded: a container of an ancestor, which the entry's `init(from:)` kept and read, moving
    /// the document's cursor on (Foundation lets a model use any container at any time). Without
    /// this, the iteration went on from wherever that read left the cursor: the entries after it
    /// were lost, or simdjson's cursor was misused. Puts the cursor back on the last entry's value
    /// (`last`), which the iteration skips next, makes the level live again, and leaves the
    /// coding path above the level to be found in the document (from `start`, the token where
    /// the iterated value starts), as for a revived container.
    @inline(never)
    func resumeIteration(level: Int, token: UInt64, last: _JSONCursor, start: UInt64?) throws {
        guard session.canRevive(token: token) else { throw staleError(level: level) }
        var last = last
        let code = last.revisit()
        guard code == .success else { throw context._containerError(code) }
        session.live.count = Swift.min(session.live.count, level)
        session.live.set(level, token, filling: 0)
        if level > 0, session.pendingPath == nil, let start { setPendingPath(level: level, .document(start)) }
    }

    /// Forgets the coding path above `level`, to be found from `source` when it is asked for.
    @inline(__always)
    func setPendingPath(level: Int, _ source: RevivedPath) {
        session.path.count = 0
        if level > 0 { session.path.set(level - 1, .superKey, filling: .superKey) }
        session.pendingPath = (level, source)
        session.changedLevel = 0
    }

    /// Whether the frame's value is still the live one at its level.
    @inline(__always)
    var frameIsLive: Bool { session.isLive(level: level, token: token) }

    /// Runs `body`, an operation on this decoder's value, once the value is no longer live (a
    /// `superDecoder()` used after its container moved on): see `revive`.
    @inline(never)
    func reviveFrame<R>(_ body: () throws -> R) throws -> R {
        let source: RevivedPath
        if knownPath != nil {
            source = .known(Unmanaged.passUnretained(self))
        } else if let start = value.startToken {
            source = .document(start)
        } else if case .array(let array) = opened {
            // A document root (no value token) opened as an array, which a second
            // `unkeyedContainer()` made stale: its path comes from the array's token.
            source = .document(array.startToken)
        } else {
            // (An opened root object is never stale: only a second `unkeyedContainer()` makes an
            // opened root so.)
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
