/// Writes deterministic e-commerce orders, the kind of document a shop's API returns, with its keys
/// in snake_case (as most web APIs write them) or in camelCase (the same keys converted):
///
/// ```json
/// {"order_id":7,"order_number":"ORD-0000007","status":"shipped","created_at":"2024-03-01T12:34:56Z",
///  "currency":"EUR","customer":{"customer_id":4211,"email":"customer4211@example.com",
///  "full_name":"Ana Müller","loyalty_tier":"gold","phone_number":null},
///  "items":[{"sku":"SKU-10442","title":"Espresso cups, set of 4","quantity":2,"unit_price":19.99,
///  "discount_rate":0.1}],"shipping":{"method":"express","cost":4.5,"estimated_days":2,
///  "address":{"street_line":"Bahnhofstrasse 12","city":"Zürich","postal_code":"8001","country_code":"CH"}},
///  "payment":{"payment_method":"card","is_paid":true,"total_amount":40.48},"gift_wrap":false,
///  "customer_note":null}
/// ```
///
/// Both key styles hold the same values for the same seed, so models decoded from either are equal.
public struct OrderGenerator {
    /// How the keys are spelled.
    public enum KeyStyle: String, Sendable {
        /// `order_id`, `unit_price`, `is_paid`: as web APIs write them.
        case snakeCase = "snake"
        /// `orderId`, `unitPrice`, `isPaid`: the same keys as Swift properties spell them.
        case camelCase = "camel"
    }

    private var random: SplitMix64
    private let keys: [String: [UInt8]]
    /// Whether each order also has the six optional fields of `OrderWithAbsentKeys`.
    private let optionalFields: Bool

    /// Creates a generator whose output depends only on `seed`, `keyStyle` and `optionalFields`.
    ///
    /// - Parameter optionalFields: Also write the six optional fields that `OrderWithAbsentKeys`
    ///   reads (`tracking_number`, `cancelled_at`, `coupon_code`, `loyalty_points_used`,
    ///   `gift_message`, `referrer`), each where that model asks for it, with fixed values: the
    ///   other fields keep the values of the orders without them.
    public init(seed: UInt64, keyStyle: KeyStyle, optionalFields: Bool = false) {
        self.optionalFields = optionalFields
        random = SplitMix64(seed: seed)
        var keys: [String: [UInt8]] = [:]
        for key in Self.snakeCaseKeys {
            let spelled = keyStyle == .snakeCase ? key : Self.camelCase(key)
            keys[key] = Array("\"\(spelled)\":".utf8)
        }
        self.keys = keys
    }

    static let snakeCaseKeys = [
        "order_id", "order_number", "status", "created_at", "currency", "customer", "customer_id", "email",
        "full_name", "loyalty_tier", "phone_number", "items", "sku", "title", "quantity", "unit_price",
        "discount_rate", "shipping", "method", "cost", "estimated_days", "address", "street_line", "city",
        "postal_code", "country_code", "payment", "payment_method", "is_paid", "total_amount", "gift_wrap",
        "customer_note", "tracking_number", "cancelled_at", "coupon_code", "loyalty_points_used", "gift_message",
        "referrer",
    ]

    /// `order_id` → `orderId`, as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` converts it.
    static func camelCase(_ key: String) -> String {
        let words = key.split(separator: "_")
        return words.enumerated().map { index, word in
            index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
        }
        .joined()
    }

    static let statuses = ["pending", "paid", "shipped", "delivered", "returned"]
    static let currencies = ["EUR", "CHF", "USD", "JPY", "GBP"]
    static let tiers = ["none", "silver", "gold", "platinum"]
    static let firstNames = ["Ana", "Jürgen", "Søren", "Zoë", "Mateus", "Yuki", "Olga", "Amir", "Chloé", "Liam"]
    static let lastNames = ["Müller", "Dubois", "Nakamura", "Kowalski", "Silva", "Ivanova", "O'Brien", "Haddad"]
    static let titles = [
        "Espresso cups, set of 4", "Linen tablecloth 140×240 cm", "Cast-iron skillet", "Wool blanket \\\"Nordic\\\"",
        "Chef's knife 20 cm", "Tea towels (3 pcs)", "Pour-over kettle 1 L", "Stoneware bowl Ø 18 cm",
        "Bamboo cutting board", "Café latte glasses",
    ]
    static let methods = ["standard", "express", "pickup", "same_day"]
    static let addresses: [(street: String, city: String, postalCode: String, country: String)] = [
        ("Bahnhofstrasse 12", "Zürich", "8001", "CH"), ("Rue de Rivoli 99", "Paris", "75001", "FR"),
        ("Karl-Marx-Allee 3", "Berlin", "10178", "DE"), ("ul. Floriańska 7", "Kraków", "31-019", "PL"),
        ("1-2-3 Shibuya", "東京", "150-0002", "JP"), ("221B Baker Street", "London", "NW1 6XE", "GB"),
        ("Avenida Paulista 1578", "São Paulo", "01310-200", "BR"), ("5th Avenue 350", "New York", "10118", "US"),
    ]
    static let paymentMethods = ["card", "paypal", "invoice", "bank_transfer"]
    static let notes = ["Please ring twice.", "Leave at the door\\nif nobody answers.", "Gift for Zoë 🎁"]

    /// Appends one order (a JSON object, no separator) to `output`.
    ///
    /// - Parameters:
    ///   - index: The order's position; becomes its `order_id`.
    ///   - output: The buffer to append the UTF-8 bytes to.
    public mutating func appendOrder(index: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        key("order_id", &output)
        JSONByteWriter.appendInteger(index, to: &output)
        key("order_number", &output, comma: true)
        output.append(contentsOf: "\"ORD-".utf8)
        JSONByteWriter.appendPadded(index, width: 7, to: &output)
        output.append(UInt8(ascii: "\""))
        key("status", &output, comma: true)
        string(pick(Self.statuses), &output)
        if optionalFields {
            key("tracking_number", &output, comma: true)
            output.append(contentsOf: "\"TRK-".utf8)
            JSONByteWriter.appendPadded(index, width: 7, to: &output)
            output.append(UInt8(ascii: "\""))
            key("cancelled_at", &output, comma: true)
            string("2024-01-01", &output)
        }
        key("created_at", &output, comma: true)
        output.append(UInt8(ascii: "\""))
        // 2024-01-01T00:00:00Z plus up to a year.
        JSONByteWriter.appendTimestamp(
            secondsSince1970: 1_704_067_200 + Int(random.next(upperBound: 31_536_000)), to: &output)
        output.append(UInt8(ascii: "\""))
        key("currency", &output, comma: true)
        string(pick(Self.currencies), &output)

        key("customer", &output, comma: true)
        let customerID = 1_000 + Int(random.next(upperBound: 90_000))
        output.append(UInt8(ascii: "{"))
        key("customer_id", &output)
        JSONByteWriter.appendInteger(customerID, to: &output)
        key("email", &output, comma: true)
        output.append(contentsOf: "\"customer".utf8)
        JSONByteWriter.appendInteger(customerID, to: &output)
        output.append(contentsOf: "@example.com\"".utf8)
        key("full_name", &output, comma: true)
        string("\(pick(Self.firstNames)) \(pick(Self.lastNames))", &output)
        key("loyalty_tier", &output, comma: true)
        string(pick(Self.tiers), &output)
        key("phone_number", &output, comma: true)
        if random.next(upperBound: 2) == 0 {
            output.append(contentsOf: "null".utf8)
        } else {
            output.append(contentsOf: "\"+41 44 ".utf8)
            JSONByteWriter.appendPadded(Int(random.next(upperBound: 10_000_000)), width: 7, to: &output)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: "}"))

        key("items", &output, comma: true)
        output.append(UInt8(ascii: "["))
        var totalCents = 0
        for item in 0..<(1 + Int(random.next(upperBound: 3))) {
            if item > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "{"))
            key("sku", &output)
            output.append(contentsOf: "\"SKU-".utf8)
            JSONByteWriter.appendInteger(10_000 + Int(random.next(upperBound: 90_000)), to: &output)
            output.append(UInt8(ascii: "\""))
            key("title", &output, comma: true)
            string(pick(Self.titles), &output)
            let quantity = 1 + Int(random.next(upperBound: 4))
            key("quantity", &output, comma: true)
            JSONByteWriter.appendInteger(quantity, to: &output)
            let cents = 199 + Int(random.next(upperBound: 20_000))
            key("unit_price", &output, comma: true)
            JSONByteWriter.appendDecimal(cents, fractionDigits: 2, to: &output)
            key("discount_rate", &output, comma: true)
            JSONByteWriter.appendDecimal(Int(random.next(upperBound: 4)) * 5, fractionDigits: 2, to: &output)
            output.append(UInt8(ascii: "}"))
            totalCents += cents * quantity
        }
        output.append(UInt8(ascii: "]"))

        key("shipping", &output, comma: true)
        output.append(UInt8(ascii: "{"))
        key("method", &output)
        string(pick(Self.methods), &output)
        let shippingCents = Int(random.next(upperBound: 4)) * 250
        key("cost", &output, comma: true)
        JSONByteWriter.appendDecimal(shippingCents, fractionDigits: 2, to: &output)
        key("estimated_days", &output, comma: true)
        JSONByteWriter.appendInteger(1 + Int(random.next(upperBound: 7)), to: &output)
        let address = pick(Self.addresses)
        key("address", &output, comma: true)
        output.append(UInt8(ascii: "{"))
        key("street_line", &output)
        string(address.street, &output)
        key("city", &output, comma: true)
        string(address.city, &output)
        key("postal_code", &output, comma: true)
        string(address.postalCode, &output)
        key("country_code", &output, comma: true)
        string(address.country, &output)
        output.append(contentsOf: "}}".utf8)

        key("payment", &output, comma: true)
        output.append(UInt8(ascii: "{"))
        key("payment_method", &output)
        string(pick(Self.paymentMethods), &output)
        key("is_paid", &output, comma: true)
        output.append(contentsOf: (random.next(upperBound: 4) == 0 ? "false" : "true").utf8)
        key("total_amount", &output, comma: true)
        JSONByteWriter.appendDecimal(totalCents + shippingCents, fractionDigits: 2, to: &output)
        output.append(UInt8(ascii: "}"))
        if optionalFields {
            key("coupon_code", &output, comma: true)
            string("SAVE10", &output)
            key("loyalty_points_used", &output, comma: true)
            JSONByteWriter.appendInteger(120, to: &output)
        }

        key("gift_wrap", &output, comma: true)
        output.append(contentsOf: (random.next(upperBound: 5) == 0 ? "true" : "false").utf8)
        if optionalFields {
            key("gift_message", &output, comma: true)
            string("Happy birthday!", &output)
        }
        key("customer_note", &output, comma: true)
        if random.next(upperBound: 4) == 0 {
            string(pick(Self.notes), &output)
        } else {
            output.append(contentsOf: "null".utf8)
        }
        if optionalFields {
            key("referrer", &output, comma: true)
            string("newsletter", &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(random.next(upperBound: UInt64(elements.count)))]
    }

    private func key(_ name: String, _ output: inout [UInt8], comma: Bool = false) {
        if comma { output.append(UInt8(ascii: ",")) }
        // Every key is in `snakeCaseKeys`: the table is built from it.
        output.append(contentsOf: keys[name] ?? [])
    }

    /// Appends a string that needs no escaping beyond what it already holds.
    private func string(_ text: String, _ output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: text.utf8)
        output.append(UInt8(ascii: "\""))
    }
}
