import Foundation

/// Foundation's conversion of a snake_case key to camelCase: `one_two_three` → `oneTwoThree`,
/// leading and trailing underscores kept, a key without inner underscores left as it is.
func convertedFromSnakeCase(_ stringKey: String) -> String {
    guard !stringKey.isEmpty else { return stringKey }
    guard let firstNonUnderscore = stringKey.firstIndex(where: { $0 != "_" }) else { return stringKey }
    var lastNonUnderscore = stringKey.index(before: stringKey.endIndex)
    while lastNonUnderscore > firstNonUnderscore && stringKey[lastNonUnderscore] == "_" {
        stringKey.formIndex(before: &lastNonUnderscore)
    }
    let keyRange = firstNonUnderscore...lastNonUnderscore
    let leading = stringKey[stringKey.startIndex..<firstNonUnderscore]
    let trailing = stringKey[stringKey.index(after: lastNonUnderscore)..<stringKey.endIndex]
    let components = stringKey[keyRange].split(separator: "_")
    let joined: String
    if components.count == 1 {
        joined = String(stringKey[keyRange])
    } else {
        joined = ([components[0].lowercased()] + components[1...].map { $0.capitalized }).joined()
    }
    return String(leading) + joined + String(trailing)
}
