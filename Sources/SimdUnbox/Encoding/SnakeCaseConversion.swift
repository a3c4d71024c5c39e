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
/// Uppercase means the Unicode categories Lu and Lt; lowercase, Ll. Letters are found scalar by
/// scalar, but the steps between them are whole characters, as in Foundation: a capital and the
/// marks that combine with it (`E\u{301}`) are one character, so `myE\u{301}cole` becomes
/// `my_e\u{301}cole`, never `my_e_\u{301}cole`. The encoder keeps each converted key, so a key
/// is converted once per encoder session.
func convertToSnakeCase(_ key: String) -> String {
    guard !key.isEmpty else { return key }
    let scalars = key.unicodeScalars
    func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x41 && scalar.value <= 0x5A }
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }
    func isLower(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x61 && scalar.value <= 0x7A }
        return scalar.properties.generalCategory == .lowercaseLetter
    }
    let end = key.endIndex
    var words: [Range<String.Index>] = []
    var wordStart = key.startIndex
    // The first character never starts a word of its own.
    var searchStart = key.index(after: wordStart)
    while searchStart < end, let upper = scalars[searchStart..<end].firstIndex(where: isUpper) {
        words.append(wordStart..<upper)
        guard let lower = scalars[upper..<end].firstIndex(where: isLower) else {
            wordStart = upper
            break
        }
        if lower == key.index(after: upper) {
            // One capital (with its marks) followed by lowercase: the capital starts the word.
            wordStart = upper
        } else {
            // Capitals, then lowercase: the capitals but the last character are a word.
            let beforeLower = Swift.max(key.index(before: lower), upper)
            words.append(upper..<beforeLower)
            wordStart = beforeLower
        }
        searchStart = scalars.index(after: lower)
    }
    words.append(wordStart..<end)
    var result = ""
    for (position, word) in words.enumerated() {
        if position > 0 { result += "_" }
        result += key[word].lowercased()
    }
    return result
}
