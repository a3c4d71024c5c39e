import Foundation
import SimdUnbox
import Testing

/// The options a differential case sets on both decoders.
struct CodableOptions: Sendable {
    var keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    var dates: JSONDecoder.DateDecodingStrategy = .deferredToDate
    var data: JSONDecoder.DataDecodingStrategy = .base64
    var floats: JSONDecoder.NonConformingFloatDecodingStrategy = .throw

    static let standard = CodableOptions()
    static let snakeCase = CodableOptions(keys: .convertFromSnakeCase)
    static let nonConforming = CodableOptions(
        floats: .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"))

    func foundation() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = keys
        decoder.dateDecodingStrategy = dates
        decoder.dataDecodingStrategy = data
        decoder.nonConformingFloatDecodingStrategy = floats
        return decoder
    }

    func simd() -> SimdJSONDecoder {
        let decoder = SimdJSONDecoder()
        decoder.keyDecodingStrategy = keys
        decoder.dateDecodingStrategy = dates
        decoder.dataDecodingStrategy = data
        decoder.nonConformingFloatDecodingStrategy = floats
        return decoder
    }
}

/// What a decode produced, in a form two decoders' results can be compared by: the value, or the
/// `DecodingError` case with its type or key and coding path (descriptions may differ).
func outcome<T>(_ body: () throws -> T) -> (text: String, value: T?) {
    do {
        let value = try body()
        return ("value \(String(reflecting: value))", value)
    } catch let error as DecodingError {
        return (summary(of: error), nil)
    } catch {
        return ("error \(type(of: error))", nil)
    }
}

func pathText(_ path: [any CodingKey]) -> String {
    path.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }.joined(separator: "/")
}

func summary(of error: DecodingError) -> String {
    switch error {
    case .typeMismatch(let type, let context): "typeMismatch(\(type)) at [\(pathText(context.codingPath))]"
    case .valueNotFound(let type, let context): "valueNotFound(\(type)) at [\(pathText(context.codingPath))]"
    case .keyNotFound(let key, let context):
        "keyNotFound(\(key.stringValue)) at [\(pathText(context.codingPath))]"
    case .dataCorrupted(let context): "dataCorrupted at [\(pathText(context.codingPath))]"
    @unknown default: "unknown"
    }
}

/// One document decoded as one type by both decoders.
struct DifferentialCase: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable () -> (foundation: String, simd: String)

    var testDescription: String { name }

    init<T: Decodable & Equatable & SendableMetatype>(
        _ type: T.Type, _ json: String, _ options: CodableOptions = .standard, name: String? = nil
    ) {
        self.name = name ?? "\(T.self) ← \(json)"
        run = {
            let data = Data(json.utf8)
            let foundation = outcome { try options.foundation().decode(T.self, from: data) }
            let simd = outcome { try options.simd().decode(T.self, from: data) }
            // Values compare with ==, so that dictionaries compare whatever their order.
            if let expected = foundation.value, let actual = simd.value, expected == actual {
                return (foundation.text, foundation.text)
            }
            return (foundation.text, simd.text)
        }
    }
}
