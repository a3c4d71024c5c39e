/// Writes deterministic sensor readings, one JSON object per line of a log:
///
/// ```json
/// {"sensor":{"id":"sensor-0042","site":"Zürich","model":"TX-200"},"time":"2024-03-01T12:34:56Z",
///  "reading":{"celsius":21.375,"humidity":43.5,"pressure_hpa":1013.2},"battery":0.87,"status":"ok"}
/// ```
///
/// A quarter of the readings have no `humidity`, a fifth a `null` battery, and one in ten a `note`;
/// a few have `"status":"degraded"` and an `error_code`.
public struct ReadingGenerator {
    private var random: SplitMix64

    /// Creates a generator whose output depends only on `seed`.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    static let sites = ["Zürich", "Reykjavík", "東京", "São Paulo", "Kraków", "Nairobi", "Montréal", "Αθήνα"]
    static let sensorModels = ["TX-200", "TX-210", "Ambient Pro", "Ω-3"]
    static let notes = ["recalibrated", "door open \\\"lab 2\\\"", "firmware 2.1 → 2.2", "moved to shelf B"]

    /// Appends one reading (a JSON object, no newline) to `output`.
    ///
    /// - Parameters:
    ///   - index: The reading's position; sets its time (one reading a second per sensor group).
    ///   - output: The buffer to append the UTF-8 bytes to.
    public mutating func appendReading(index: Int, to output: inout [UInt8]) {
        output.append(contentsOf: #"{"sensor":{"id":"sensor-"#.utf8)
        JSONByteWriter.appendPadded(Int(random.next(upperBound: 500)), width: 4, to: &output)
        output.append(contentsOf: #"","site":""#.utf8)
        output.append(contentsOf: pick(Self.sites).utf8)
        output.append(contentsOf: #"","model":""#.utf8)
        output.append(contentsOf: pick(Self.sensorModels).utf8)
        output.append(contentsOf: #""},"time":""#.utf8)
        // 2024-01-01T00:00:00Z onwards.
        JSONByteWriter.appendTimestamp(secondsSince1970: 1_704_067_200 + index / 4, to: &output)
        output.append(contentsOf: #"","reading":{"celsius":"#.utf8)
        JSONByteWriter.appendDecimal(Int(random.next(upperBound: 60_000)) - 20_000, fractionDigits: 3, to: &output)
        if random.next(upperBound: 4) != 0 {
            output.append(contentsOf: #","humidity":"#.utf8)
            JSONByteWriter.appendDecimal(Int(random.next(upperBound: 1_000)), fractionDigits: 1, to: &output)
        }
        output.append(contentsOf: #","pressure_hpa":"#.utf8)
        JSONByteWriter.appendDecimal(9_500 + Int(random.next(upperBound: 1_000)), fractionDigits: 1, to: &output)
        output.append(contentsOf: #"},"battery":"#.utf8)
        if random.next(upperBound: 5) == 0 {
            output.append(contentsOf: "null".utf8)
        } else {
            JSONByteWriter.appendDecimal(Int(random.next(upperBound: 101)), fractionDigits: 2, to: &output)
        }
        if random.next(upperBound: 20) == 0 {
            output.append(contentsOf: #","status":"degraded","error_code":"#.utf8)
            JSONByteWriter.appendInteger(100 + Int(random.next(upperBound: 20)), to: &output)
        } else {
            output.append(contentsOf: #","status":"ok""#.utf8)
        }
        if random.next(upperBound: 10) == 0 {
            output.append(contentsOf: #","note":""#.utf8)
            output.append(contentsOf: pick(Self.notes).utf8)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: "}"))
    }

    private mutating func pick(_ elements: [String]) -> String {
        elements[Int(random.next(upperBound: UInt64(elements.count)))]
    }
}
