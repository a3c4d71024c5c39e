/// Makes a struct or final class `Unboxable` from its stored properties: the generated decoder
/// walks each JSON object once, in document order, matching each key's raw bytes against the
/// model's keys and reading each value straight into place.
///
/// ```swift
/// @Unboxable
/// struct Tweet {
///     let id: Int                                        // JSON key "id"
///     @UnboxKey("id_str") let idString: String           // another key
///     @UnboxKey("user.screen_name") let author: String   // a key path
///     @UnboxKey("created_at", "createdAt") let created: String  // several accepted spellings
///     var retweetCount: Int = 0                          // initial value: used when the key is absent
///     let inReplyTo: Int?                                // optional: nil when absent or null
///     @UnboxDate(.iso8601) let posted: Date              // a date format
///     @UnboxIgnored var cache: [String] = []             // not decoded
/// }
///
/// let tweet: Tweet = try unbox(data: data)
/// ```
///
/// A property's key is its name, converted by `keyStyle` at compile time, unless `@UnboxKey`
/// gives others. A required property whose key is absent makes the decode throw
/// `UnboxError.Reason.missingKey`, with the key's path and the object's byte offset. Of duplicate
/// keys the first wins, as `JSONDecoder`'s does; `duplicateKeys: .reject` makes a duplicate of a
/// key the model reads an error. Computed and static properties are left alone.
///
/// Declared models decode through every entry point (`unbox(data:)`, `unboxer.unbox(key:)`,
/// arrays, dictionaries, streams) because they are `Unboxable`. On a type that also declares
/// `Decodable`, `Encodable` or `Codable`, the macro writes `init(from:)`, `encode(to:)` and the
/// coding keys with the same mapping.
///
/// - Parameters:
///   - keyStyle: How property names become JSON keys (`.snakeCase`, ...); `@UnboxKey` wins.
///   - duplicateKeys: What a second field with a key the model reads does.
@attached(member, names: named(init(unboxer:)), named(init(_unboxFields:)), named(init(from:)))
@attached(
    extension, conformances: Unboxable,
    names: named(init(unboxer:)), named(init(_unboxFields:)), named(_unbox), named(__UnboxPlan), named(CodingKeys),
    named(init(from:)), named(encode(to:)))
public macro Unboxable(keyStyle: UnboxKeyStyle = .unchanged, duplicateKeys: UnboxDuplicateKeys = .firstWins) =
    #externalMacro(module: "SimdUnboxMacros", type: "UnboxableMacro")

/// Gives a declared model's property other JSON keys than its name: a key, a key path
/// (`"user.screen_name"`, `"tree_names.colloquial.0"`: dot-separated keys and array indices), or
/// several accepted spellings, the first met in the object winning.
///
/// ```swift
/// @Unboxable
/// struct Tweet {
///     @UnboxKey("id_str") let idString: String
///     @UnboxKey("user.screen_name") let author: String
///     @UnboxKey("created_at", "createdAt") let created: String
/// }
/// ```
///
/// Key paths are walked in the same pass as the object: paths that share a prefix walk that
/// nested object once.
///
/// - Parameter keys: The key or key path, or several accepted spellings.
@attached(peer)
public macro UnboxKey(_ keys: String...) = #externalMacro(module: "SimdUnboxMacros", type: "UnboxAttributeMacro")

/// Decodes a declared model's `Date` (or `Date?`) property with a date format.
///
/// ```swift
/// @Unboxable
/// struct Event {
///     @UnboxDate(.iso8601) let start: Date
///     @UnboxDate(.secondsSince1970) let updated: Date
///     @UnboxDate(.format("EEE MMM dd HH:mm:ss Z yyyy")) let created: Date?
/// }
/// ```
///
/// - Parameter format: The date format.
@attached(peer)
public macro UnboxDate(_ format: UnboxDateFormat) =
    #externalMacro(module: "SimdUnboxMacros", type: "UnboxAttributeMacro")

/// Decodes a declared model's property with an `UnboxFormatter`: the formatter reads the raw JSON
/// value and makes the property's value.
///
/// ```swift
/// @Unboxable
/// struct Product {
///     @UnboxFormatter(PriceFormatter()) let price: Decimal
/// }
/// ```
///
/// The formatter is made once per type (in a static property) unless the type is generic.
///
/// - Parameter formatter: The formatter.
@attached(peer)
public macro UnboxFormatter<Formatter: UnboxFormatter>(_ formatter: Formatter) =
    #externalMacro(module: "SimdUnboxMacros", type: "UnboxAttributeMacro")

/// Drops the invalid elements of a declared model's array, set or dictionary property rather than
/// failing the decode.
///
/// ```swift
/// @Unboxable
/// struct Feed {
///     @UnboxLossy let posts: [Post]    // a post that fails to decode is left out
/// }
/// ```
@attached(peer)
public macro UnboxLossy() = #externalMacro(module: "SimdUnboxMacros", type: "UnboxAttributeMacro")

/// Leaves a declared model's property out of decoding: it keeps its initial value, which it must
/// have.
///
/// ```swift
/// @Unboxable
/// struct User {
///     let name: String
///     @UnboxIgnored var cache: [String] = []
/// }
/// ```
@attached(peer)
public macro UnboxIgnored() = #externalMacro(module: "SimdUnboxMacros", type: "UnboxAttributeMacro")

/// Keeps every field of the object that no property reads in this `[String: JSONValue]` property,
/// keyed by the field's unescaped key.
///
/// ```swift
/// @Unboxable
/// struct User {
///     let name: String
///     @UnboxUnknownKeys var extras: [String: JSONValue] = [:]
/// }
/// ```
@attached(peer)
public macro UnboxUnknownKeys() = #externalMacro(module: "SimdUnboxMacros", type: "UnboxAttributeMacro")
