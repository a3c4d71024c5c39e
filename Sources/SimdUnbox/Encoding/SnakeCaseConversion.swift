import Foundation

/// Converts a camelCase key to snake_case as `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`
/// does: words start at an uppercase letter, a run of uppercase letters is a word of its own
/// (up to the last one, which starts the next word when a lowercase letter follows), and every
/// word is lowercased, words joined by `_`.
///
/// ```swift
/// convertToSnakeCase("myURLProperty")   // "my_url_property"
/// convertToSnakeCase("oneTwoThree")     // "one_two_three"
/// ```
///
/// Uppercase means the Unicode categories Lu and Lt; lowercase, Ll. The encoder keeps each
/// converted key, so a key is converted once per encoder session.
func convertToSnakeCase(_ key: String) -> String {
    let scalars = Array(key.unicodeScalars)
    guard !scalars.isEmpty else { return key }
    func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x41 && scalar.value <= 0x5A }
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }
    func isLower(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x61 && scalar.value <= 0x7A }
        return scalar.properties.generalCategory == .lowercaseLetter
    }
    // Word boundaries, as scalar offsets; the first character never starts a word of its own.
    var words: [Range<Int>] = []
    var wordStart = 0
    var searchStart = 1
    while let upper = scalars[searchStart...].firstIndex(where: isUpper) {
        words.append(wordStart..<upper)
        guard let lower = scalars[upper...].firstIndex(where: isLower) else {
            wordStart = upper
            break
        }
        if lower == upper + 1 {
            // One capital followed by lowercase: the capital starts the word.
            wordStart = upper
        } else {
            // Capitals, then lowercase: the capitals but the last are a word.
            words.append(upper..<(lower - 1))
            wordStart = lower - 1
        }
        searchStart = lower + 1
        if searchStart >= scalars.count { break }
    }
    words.append(wordStart..<scalars.count)
    var result = ""
    for (position, word) in words.enumerated() {
        if position > 0 { result += "_" }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[word])
        result += String(text).lowercased()
    }
    return result
}
