/// How `@Unboxable` turns property names into JSON keys, at compile time. An explicit
/// `@UnboxKey` wins.
///
/// ```swift
/// @Unboxable(keyStyle: .snakeCase)
/// struct Order {
///     let orderId: Int        // "order_id"
///     let shippingURL: URL    // "shipping_url"
/// }
/// ```
///
/// Words are split as `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` splits them: at each
/// lowercase-to-uppercase step and before the last capital of a run of capitals followed by a
/// lowercase letter.
public enum UnboxKeyStyle: Sendable, Hashable {
    /// The property's name as it is (`orderId`).
    case unchanged
    /// `order_id`.
    case snakeCase
    /// `order-id`.
    case kebabCase
    /// `OrderId`.
    case pascalCase
    /// `ORDER_ID`.
    case screamingSnakeCase
}

/// What a declared model does with a second field whose key it reads (`@Unboxable(duplicateKeys:)`).
///
/// ```swift
/// @Unboxable(duplicateKeys: .reject)
/// struct Payment { let amount: Int }
///
/// // {"amount": 1, "amount": 1000} throws: duplicate key "amount"
/// ```
///
/// Parsers that disagree on which duplicate wins are a security hole where one service checks a
/// document and another acts on it: reject duplicates in such input.
public enum UnboxDuplicateKeys: Sendable, Hashable {
    /// The first value wins, as `JSONDecoder`'s does; the others are skipped at no cost.
    case firstWins
    /// A duplicate is an error (`UnboxError.Reason.invalidValue`, with its key and byte offset).
    case reject
}
