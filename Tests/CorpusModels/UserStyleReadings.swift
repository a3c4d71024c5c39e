import Foundation
import SimdUnbox

// The generated sensor log (DataGenerator's `ReadingGenerator`, JSON Lines) read as a monitoring
// app reads it (the user-style family): one small model a line, the sensor and the temperature
// reached by key paths, `try?` for the values that are often missing or null, and the time through
// an ISO8601DateFormatter (the Codable twin: `.iso8601`).

/// One line of the log.
public struct SensorReading: Unboxable, Decodable, Equatable, Sendable {
    public let sensorId: String
    public let time: Date
    public let celsius: Double
    public let humidity: Double?
    public let battery: Double?
    public let status: String
    public let errorCode: Int?
    public let note: String?

    enum CodingKeys: String, CodingKey {
        case sensor, time, reading, battery, status
        case errorCode = "error_code"
        case note
    }

    enum SensorKeys: String, CodingKey {
        case id
    }

    enum ReadingKeys: String, CodingKey {
        case celsius, humidity
    }

    public init(unboxer: Unboxer) throws {
        sensorId = try unboxer.unbox(keyPath: "sensor.id")
        time = try unboxer.unbox(key: "time", formatter: UserStyleFormatters.iso8601)
        celsius = try unboxer.unbox(keyPath: "reading.celsius")
        humidity = try? unboxer.unbox(keyPath: "reading.humidity")
        battery = try? unboxer.unbox(key: "battery")
        status = try unboxer.unbox(key: "status")
        errorCode = try? unboxer.unbox(key: "error_code")
        note = try? unboxer.unbox(key: "note")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sensorId = try container.nestedContainer(keyedBy: SensorKeys.self, forKey: .sensor)
            .decode(String.self, forKey: .id)
        time = try container.decode(Date.self, forKey: .time)
        let reading = try container.nestedContainer(keyedBy: ReadingKeys.self, forKey: .reading)
        celsius = try reading.decode(Double.self, forKey: .celsius)
        humidity = try reading.decodeIfPresent(Double.self, forKey: .humidity)
        battery = try container.decodeIfPresent(Double.self, forKey: .battery)
        status = try container.decode(String.self, forKey: .status)
        errorCode = try container.decodeIfPresent(Int.self, forKey: .errorCode)
        note = try container.decodeIfPresent(String.self, forKey: .note)
    }
}
