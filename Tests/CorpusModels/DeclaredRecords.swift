import SimdUnbox

// The generated records as declared models (`@Unboxable`): the twins of Record.swift's models, for
// the root arrays (`records-*`, `partial-records-*`) and the JSON Lines files (`stream-lines-*`).

/// A generated record, declared.
@Unboxable
public struct DeclaredRecord: Equatable, Sendable {
    public let id: Int
    public let uuid: String
    public let name: String
    public let active: Bool
    public let score: Double
    public let ratio: Double
    public let city: String
    public let nickname: String?
    public let bio: String
    public let tags: [String]
    public let location: DeclaredRecordLocation
    public let greeting: String
}

@Unboxable
public struct DeclaredRecordLocation: Equatable, Sendable {
    public let lat: Double
    public let lon: Double
    public let country: String
}

/// Three fields of a record, declared: the twin of `RecordSummary`.
@Unboxable
public struct DeclaredRecordSummary: Equatable, Sendable {
    public let id: Int
    public let name: String
    public let score: Double
}
