import Foundation
import SimdUnbox

// canada.json: GeoJSON, one feature whose polygon holds about 111,000 coordinates.

/// The root of canada.json.
public struct FeatureCollection: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let type: String
    public let features: [Feature]

    public init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "type")
        features = try unboxer.unbox(key: "features")
    }

    public init(json: JSONObject) throws {
        type = try json.value("type")
        features = try json.models("features")
    }
}

public struct Feature: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let type: String
    public let properties: [String: String]
    public let geometry: Geometry

    public init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "type")
        properties = try unboxer.unbox(key: "properties")
        geometry = try unboxer.unbox(key: "geometry")
    }

    public init(json: JSONObject) throws {
        type = try json.value("type")
        properties = try json.value("properties")
        geometry = try json.model("geometry")
    }
}

public struct Geometry: Unboxable, Codable, JSONMappable, Equatable, Sendable {
    public let type: String
    /// Polygons → rings → `[longitude, latitude]` pairs.
    public let coordinates: [[[Double]]]

    public init(unboxer: Unboxer) throws {
        type = try unboxer.unbox(key: "type")
        coordinates = try unboxer.unbox(key: "coordinates")
    }

    public init(json: JSONObject) throws {
        type = try json.value("type")
        coordinates = try json.value("coordinates")
    }
}
