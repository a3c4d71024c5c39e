/// Writes pseudo-random but fully deterministic JSON records.
///
/// Each record mixes the value kinds a decoder has to handle: integers, doubles (short and with
/// 17 significant digits), short and long strings, non-ASCII text, escapes (`\"`, `\\`, `\n`, `\u00e9`,
/// surrogate pairs), booleans, `null`, a nested object and a small array:
///
/// ```json
/// {"id":7,"uuid":"0f3a…","name":"user-7","active":true,"score":812.037,"ratio":-0.25,
///  "city":"Zürich","nickname":null,"bio":"…","tags":["swift","json"],
///  "location":{"lat":47.36912345678901,"lon":8.539182374619,"country":"CH"},"greeting":"Grüezi 👋"}
/// ```
///
/// The same seed always produces the same bytes, on every platform: the generator uses its own
/// PRNG (``SplitMix64``) and prints numbers without going through locale-dependent formatting.
public struct RecordGenerator {
    private var random: SplitMix64

    /// Creates a generator whose output depends only on `seed`.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    static let cities: [(city: String, country: String)] = [
        ("Zürich", "CH"), ("東京", "JP"), ("São Paulo", "BR"), ("Москва", "RU"), ("Kraków", "PL"),
        ("القاهرة", "EG"), ("Reykjavík", "IS"), ("Αθήνα", "GR"), ("서울", "KR"), ("New York", "US"),
        ("Paris", "FR"), ("Mumbai", "IN"),
    ]
    static let greetings: [String] = [
        "Grüezi 👋", "こんにちは 🌸", "Olá 🎉", "Привет", "Cześć", "مرحبا", "Hallo", "Γειά σου", "안녕하세요",
        "Hi 😀", "Bonjour 🥐", "नमस्ते",
    ]
    static let words: [String] = [
        "swift", "json", "simd", "parser", "decoder", "benchmark", "model", "vector", "cursor", "buffer",
        "string", "number", "array", "object", "unicode", "escape", "stream", "memory", "latency", "throughput",
    ]
    /// Fragments of long strings; some contain JSON escapes that the decoder must unescape.
    static let bioFragments: [String] = [
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ",
        "She said \\\"hello\\\" and left. ",
        "Path C:\\\\Users\\\\swift\\\\json. ",
        "Line one\\nLine two\\tindented. ",
        "Caf\\u00e9 cr\\u00e8me br\\u00fbl\\u00e9e. ",
        "Emoji as escapes: \\ud83d\\ude00. ",
        "Grüße aus Zürich, 東京 и Москва. ",
        "Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ",
    ]

    /// Appends one record (a JSON object, no separator) to `output`.
    ///
    /// - Parameters:
    ///   - index: The record's position in the array; becomes its `id`.
    ///   - output: The buffer to append the UTF-8 bytes to.
    public mutating func appendRecord(index: Int, to output: inout [UInt8]) {
        output.append(contentsOf: #"{"id":"#.utf8)
        appendInteger(index, to: &output)

        output.append(contentsOf: #","uuid":""#.utf8)
        appendHex(random.next(), digits: 16, to: &output)
        appendHex(random.next(), digits: 16, to: &output)
        output.append(UInt8(ascii: "\""))

        output.append(contentsOf: #","name":"user-"#.utf8)
        appendInteger(index, to: &output)
        output.append(UInt8(ascii: "\""))

        output.append(contentsOf: #","active":"#.utf8)
        output.append(contentsOf: (random.next() & 1 == 0 ? "true" : "false").utf8)

        // A short decimal: an integer number of thousandths.
        output.append(contentsOf: #","score":"#.utf8)
        appendThousandths(Int(random.next(upperBound: 1_000_000)), to: &output)

        output.append(contentsOf: #","ratio":"#.utf8)
        appendThousandths(Int(random.next(upperBound: 2_001)) - 1_000, to: &output)

        let place = Self.cities[Int(random.next(upperBound: UInt64(Self.cities.count)))]
        output.append(contentsOf: #","city":""#.utf8)
        output.append(contentsOf: place.city.utf8)
        output.append(UInt8(ascii: "\""))

        output.append(contentsOf: #","nickname":"#.utf8)
        if random.next(upperBound: 3) == 0 {
            output.append(contentsOf: "null".utf8)
        } else {
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: Self.words[Int(random.next(upperBound: UInt64(Self.words.count)))].utf8)
            output.append(UInt8(ascii: "\""))
        }

        output.append(contentsOf: #","bio":""#.utf8)
        for _ in 0..<(1 + random.next(upperBound: 5)) {
            output.append(
                contentsOf: Self.bioFragments[Int(random.next(upperBound: UInt64(Self.bioFragments.count)))].utf8)
        }
        output.append(UInt8(ascii: "\""))

        output.append(contentsOf: #","tags":["#.utf8)
        for tag in 0..<random.next(upperBound: 4) {
            if tag > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: Self.words[Int(random.next(upperBound: UInt64(Self.words.count)))].utf8)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: "]"))

        // Doubles with 15-17 significant digits: every parser must round them correctly.
        output.append(contentsOf: #","location":{"lat":"#.utf8)
        output.append(contentsOf: String(random.nextUnitDouble() * 180 - 90).utf8)
        output.append(contentsOf: #","lon":"#.utf8)
        output.append(contentsOf: String(random.nextUnitDouble() * 360 - 180).utf8)
        output.append(contentsOf: #","country":""#.utf8)
        output.append(contentsOf: place.country.utf8)
        output.append(contentsOf: "\"}".utf8)

        output.append(contentsOf: #","greeting":""#.utf8)
        output.append(contentsOf: Self.greetings[Int(random.next(upperBound: UInt64(Self.greetings.count)))].utf8)
        output.append(contentsOf: "\"}".utf8)
    }

    private func appendInteger(_ value: Int, to output: inout [UInt8]) {
        output.append(contentsOf: String(value).utf8)
    }

    /// Prints `value / 1000` exactly, e.g. `-250` as `-0.25` and `812037` as `812.037`.
    private func appendThousandths(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        output.append(contentsOf: String(magnitude / 1_000).utf8)
        var fraction = magnitude % 1_000
        if fraction == 0 { return }
        output.append(UInt8(ascii: "."))
        var divisor: UInt = 100
        while fraction > 0 {
            output.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    private func appendHex(_ value: UInt64, digits: Int, to output: inout [UInt8]) {
        let alphabet = Array("0123456789abcdef".utf8)
        for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
            output.append(alphabet[Int((value >> UInt64(shift)) & 0xF)])
        }
    }
}
