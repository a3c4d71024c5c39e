import Foundation
import SimdUnbox

// canada.json as a map app models it (the user-style family): each feature's name and polygons
// reached by key paths (`properties.name`, `geometry.coordinates`, then `geometry.type`, which the
// document has before the coordinates), and the collection's `type` read after its features.

/// The root of canada.json.
public struct CountryShapes: Unboxable, Decodable, Equatable, Sendable {
    public let features: [CountryShape]
    public let type: String

    public init(unboxer: Unboxer) throws {
        features = try unboxer.unbox(key: "features")
        type = try unboxer.unbox(key: "type")
    }
}

/// A feature, flattened: no `Properties` or `Geometry` models, key paths instead.
public struct CountryShape: Unboxable, Decodable, Equatable, Sendable {
    public let name: String
    /// Polygons → rings → `[longitude, latitude]` pairs.
    public let polygons: [[[Double]]]
    public let geometryType: String
    public let type: String

    enum CodingKeys: String, CodingKey {
        case properties, geometry, type
    }

    enum PropertiesKeys: String, CodingKey {
        case name
    }

    enum GeometryKeys: String, CodingKey {
        case coordinates, type
    }

    public init(unboxer: Unboxer) throws {
        name = try unboxer.unbox(keyPath: "properties.name")
        polygons = try unboxer.unbox(keyPath: "geometry.coordinates")
        geometryType = try unboxer.unbox(keyPath: "geometry.type")
        type = try unboxer.unbox(key: "type")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let properties = try container.nestedContainer(keyedBy: PropertiesKeys.self, forKey: .properties)
        name = try properties.decode(String.self, forKey: .name)
        let geometry = try container.nestedContainer(keyedBy: GeometryKeys.self, forKey: .geometry)
        polygons = try geometry.decode([[[Double]]].self, forKey: .coordinates)
        geometryType = try geometry.decode(String.self, forKey: .type)
        type = try container.decode(String.self, forKey: .type)
    }
}
