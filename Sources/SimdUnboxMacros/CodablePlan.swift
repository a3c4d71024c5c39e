/// The Codable conformance a declared model that declares `Decodable`, `Encodable` or `Codable`
/// gets from the same declaration (written later in this file's history).
struct CodablePlan {
    let plan: FieldPlan
    func extensionSource(type: String) -> String? { nil }
}
