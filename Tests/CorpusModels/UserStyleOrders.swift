import Foundation
import SimdUnbox

// The generated orders (DataGenerator's `OrderGenerator`) read the ways users write models (the
// user-style family): the same data, one Unboxable model per idiom, each with its Codable twin.
//
//   Order                    fields read in document order: the reference
//   ReversedOrder            every object's fields read in reverse order
//   OrderWithAbsentKeys      document order plus six optional keys no order has, read with `try?`
//   OrderWithTriedKeys       the same values through a hand-written `init(from:)` that reads the six
//                            keys with `try? decode(_:forKey:)` (Codable only)
//   FlatOrder                nested values read through key paths (`shipping.address.city`)
//                            instead of nested models
//   ShopOrder                plain Codable, camelCase properties: `.convertFromSnakeCase` on the
//                            snake_case orders, default keys on the camelCase ones
//   LateContainerOrder       FlatOrder's values through nested containers all taken first, then
//                            read in declaration order (Codable only)
//
// Each model holds the same values (the validation compares their summaries), so their times are
// comparable. `createdAt` stays a string in all of them: the idioms are what is measured here.

/// An order, its fields read in the order the document has them.
public struct Order: Unboxable, Decodable, Equatable, Sendable {
    public let orderId: Int
    public let orderNumber: String
    public let status: String
    public let createdAt: String
    public let currency: String
    public let customer: OrderCustomer
    public let items: [OrderItem]
    public let shipping: OrderShipping
    public let payment: OrderPayment
    public let giftWrap: Bool
    public let customerNote: String?

    enum CodingKeys: String, CodingKey {
        case orderId = "order_id"
        case orderNumber = "order_number"
        case status
        case createdAt = "created_at"
        case currency, customer, items, shipping, payment
        case giftWrap = "gift_wrap"
        case customerNote = "customer_note"
    }

    public init(unboxer: Unboxer) throws {
        orderId = try unboxer.unbox(key: "order_id")
        orderNumber = try unboxer.unbox(key: "order_number")
        status = try unboxer.unbox(key: "status")
        createdAt = try unboxer.unbox(key: "created_at")
        currency = try unboxer.unbox(key: "currency")
        customer = try unboxer.unbox(key: "customer")
        items = try unboxer.unbox(key: "items")
        shipping = try unboxer.unbox(key: "shipping")
        payment = try unboxer.unbox(key: "payment")
        giftWrap = try unboxer.unbox(key: "gift_wrap")
        customerNote = try? unboxer.unbox(key: "customer_note")
    }
}

public struct OrderCustomer: Unboxable, Decodable, Equatable, Sendable {
    public let customerId: Int
    public let email: String
    public let fullName: String
    public let loyaltyTier: String
    public let phoneNumber: String?

    enum CodingKeys: String, CodingKey {
        case customerId = "customer_id"
        case email
        case fullName = "full_name"
        case loyaltyTier = "loyalty_tier"
        case phoneNumber = "phone_number"
    }

    public init(unboxer: Unboxer) throws {
        customerId = try unboxer.unbox(key: "customer_id")
        email = try unboxer.unbox(key: "email")
        fullName = try unboxer.unbox(key: "full_name")
        loyaltyTier = try unboxer.unbox(key: "loyalty_tier")
        phoneNumber = try? unboxer.unbox(key: "phone_number")
    }
}

public struct OrderItem: Unboxable, Decodable, Equatable, Sendable {
    public let sku: String
    public let title: String
    public let quantity: Int
    public let unitPrice: Double
    public let discountRate: Double

    enum CodingKeys: String, CodingKey {
        case sku, title, quantity
        case unitPrice = "unit_price"
        case discountRate = "discount_rate"
    }

    public init(unboxer: Unboxer) throws {
        sku = try unboxer.unbox(key: "sku")
        title = try unboxer.unbox(key: "title")
        quantity = try unboxer.unbox(key: "quantity")
        unitPrice = try unboxer.unbox(key: "unit_price")
        discountRate = try unboxer.unbox(key: "discount_rate")
    }
}

public struct OrderShipping: Unboxable, Decodable, Equatable, Sendable {
    public let method: String
    public let cost: Double
    public let estimatedDays: Int
    public let address: OrderAddress

    enum CodingKeys: String, CodingKey {
        case method, cost
        case estimatedDays = "estimated_days"
        case address
    }

    public init(unboxer: Unboxer) throws {
        method = try unboxer.unbox(key: "method")
        cost = try unboxer.unbox(key: "cost")
        estimatedDays = try unboxer.unbox(key: "estimated_days")
        address = try unboxer.unbox(key: "address")
    }
}

public struct OrderAddress: Unboxable, Decodable, Equatable, Sendable {
    public let streetLine: String
    public let city: String
    public let postalCode: String
    public let countryCode: String

    enum CodingKeys: String, CodingKey {
        case streetLine = "street_line"
        case city
        case postalCode = "postal_code"
        case countryCode = "country_code"
    }

    public init(unboxer: Unboxer) throws {
        streetLine = try unboxer.unbox(key: "street_line")
        city = try unboxer.unbox(key: "city")
        postalCode = try unboxer.unbox(key: "postal_code")
        countryCode = try unboxer.unbox(key: "country_code")
    }
}

public struct OrderPayment: Unboxable, Decodable, Equatable, Sendable {
    public let paymentMethod: String
    public let isPaid: Bool
    public let totalAmount: Double

    enum CodingKeys: String, CodingKey {
        case paymentMethod = "payment_method"
        case isPaid = "is_paid"
        case totalAmount = "total_amount"
    }

    public init(unboxer: Unboxer) throws {
        paymentMethod = try unboxer.unbox(key: "payment_method")
        isPaid = try unboxer.unbox(key: "is_paid")
        totalAmount = try unboxer.unbox(key: "total_amount")
    }
}

// MARK: - Reverse order

/// The same order, every object's fields declared and read in reverse document order (the
/// synthesized `init(from:)` decodes in declaration order too).
public struct ReversedOrder: Unboxable, Decodable, Equatable, Sendable {
    public let customerNote: String?
    public let giftWrap: Bool
    public let payment: ReversedOrderPayment
    public let shipping: ReversedOrderShipping
    public let items: [ReversedOrderItem]
    public let customer: ReversedOrderCustomer
    public let currency: String
    public let createdAt: String
    public let status: String
    public let orderNumber: String
    public let orderId: Int

    enum CodingKeys: String, CodingKey {
        case customerNote = "customer_note"
        case giftWrap = "gift_wrap"
        case payment, shipping, items, customer, currency
        case createdAt = "created_at"
        case status
        case orderNumber = "order_number"
        case orderId = "order_id"
    }

    public init(unboxer: Unboxer) throws {
        customerNote = try? unboxer.unbox(key: "customer_note")
        giftWrap = try unboxer.unbox(key: "gift_wrap")
        payment = try unboxer.unbox(key: "payment")
        shipping = try unboxer.unbox(key: "shipping")
        items = try unboxer.unbox(key: "items")
        customer = try unboxer.unbox(key: "customer")
        currency = try unboxer.unbox(key: "currency")
        createdAt = try unboxer.unbox(key: "created_at")
        status = try unboxer.unbox(key: "status")
        orderNumber = try unboxer.unbox(key: "order_number")
        orderId = try unboxer.unbox(key: "order_id")
    }
}

public struct ReversedOrderCustomer: Unboxable, Decodable, Equatable, Sendable {
    public let phoneNumber: String?
    public let loyaltyTier: String
    public let fullName: String
    public let email: String
    public let customerId: Int

    enum CodingKeys: String, CodingKey {
        case phoneNumber = "phone_number"
        case loyaltyTier = "loyalty_tier"
        case fullName = "full_name"
        case email
        case customerId = "customer_id"
    }

    public init(unboxer: Unboxer) throws {
        phoneNumber = try? unboxer.unbox(key: "phone_number")
        loyaltyTier = try unboxer.unbox(key: "loyalty_tier")
        fullName = try unboxer.unbox(key: "full_name")
        email = try unboxer.unbox(key: "email")
        customerId = try unboxer.unbox(key: "customer_id")
    }
}

public struct ReversedOrderItem: Unboxable, Decodable, Equatable, Sendable {
    public let discountRate: Double
    public let unitPrice: Double
    public let quantity: Int
    public let title: String
    public let sku: String

    enum CodingKeys: String, CodingKey {
        case discountRate = "discount_rate"
        case unitPrice = "unit_price"
        case quantity, title, sku
    }

    public init(unboxer: Unboxer) throws {
        discountRate = try unboxer.unbox(key: "discount_rate")
        unitPrice = try unboxer.unbox(key: "unit_price")
        quantity = try unboxer.unbox(key: "quantity")
        title = try unboxer.unbox(key: "title")
        sku = try unboxer.unbox(key: "sku")
    }
}

public struct ReversedOrderShipping: Unboxable, Decodable, Equatable, Sendable {
    public let address: ReversedOrderAddress
    public let estimatedDays: Int
    public let cost: Double
    public let method: String

    enum CodingKeys: String, CodingKey {
        case address
        case estimatedDays = "estimated_days"
        case cost, method
    }

    public init(unboxer: Unboxer) throws {
        address = try unboxer.unbox(key: "address")
        estimatedDays = try unboxer.unbox(key: "estimated_days")
        cost = try unboxer.unbox(key: "cost")
        method = try unboxer.unbox(key: "method")
    }
}

public struct ReversedOrderAddress: Unboxable, Decodable, Equatable, Sendable {
    public let countryCode: String
    public let postalCode: String
    public let city: String
    public let streetLine: String

    enum CodingKeys: String, CodingKey {
        case countryCode = "country_code"
        case postalCode = "postal_code"
        case city
        case streetLine = "street_line"
    }

    public init(unboxer: Unboxer) throws {
        countryCode = try unboxer.unbox(key: "country_code")
        postalCode = try unboxer.unbox(key: "postal_code")
        city = try unboxer.unbox(key: "city")
        streetLine = try unboxer.unbox(key: "street_line")
    }
}

public struct ReversedOrderPayment: Unboxable, Decodable, Equatable, Sendable {
    public let totalAmount: Double
    public let isPaid: Bool
    public let paymentMethod: String

    enum CodingKeys: String, CodingKey {
        case totalAmount = "total_amount"
        case isPaid = "is_paid"
        case paymentMethod = "payment_method"
    }

    public init(unboxer: Unboxer) throws {
        totalAmount = try unboxer.unbox(key: "total_amount")
        isPaid = try unboxer.unbox(key: "is_paid")
        paymentMethod = try unboxer.unbox(key: "payment_method")
    }
}

// MARK: - Absent keys

/// The order in document order, plus six optional fields that an app's model has and these orders
/// never do (tracking, cancellation, coupon, gift message, referrer, loyalty points), each read
/// with `try?` where it fits the model.
public struct OrderWithAbsentKeys: Unboxable, Decodable, Equatable, Sendable {
    public let orderId: Int
    public let orderNumber: String
    public let status: String
    public let trackingNumber: String?
    public let cancelledAt: String?
    public let createdAt: String
    public let currency: String
    public let customer: OrderCustomer
    public let items: [OrderItem]
    public let shipping: OrderShipping
    public let payment: OrderPayment
    public let couponCode: String?
    public let loyaltyPointsUsed: Int?
    public let giftWrap: Bool
    public let giftMessage: String?
    public let customerNote: String?
    public let referrer: String?

    enum CodingKeys: String, CodingKey {
        case orderId = "order_id"
        case orderNumber = "order_number"
        case status
        case trackingNumber = "tracking_number"
        case cancelledAt = "cancelled_at"
        case createdAt = "created_at"
        case currency, customer, items, shipping, payment
        case couponCode = "coupon_code"
        case loyaltyPointsUsed = "loyalty_points_used"
        case giftWrap = "gift_wrap"
        case giftMessage = "gift_message"
        case customerNote = "customer_note"
        case referrer
    }

    public init(unboxer: Unboxer) throws {
        orderId = try unboxer.unbox(key: "order_id")
        orderNumber = try unboxer.unbox(key: "order_number")
        status = try unboxer.unbox(key: "status")
        trackingNumber = try? unboxer.unbox(key: "tracking_number")
        cancelledAt = try? unboxer.unbox(key: "cancelled_at")
        createdAt = try unboxer.unbox(key: "created_at")
        currency = try unboxer.unbox(key: "currency")
        customer = try unboxer.unbox(key: "customer")
        items = try unboxer.unbox(key: "items")
        shipping = try unboxer.unbox(key: "shipping")
        payment = try unboxer.unbox(key: "payment")
        couponCode = try? unboxer.unbox(key: "coupon_code")
        loyaltyPointsUsed = try? unboxer.unbox(key: "loyalty_points_used")
        giftWrap = try unboxer.unbox(key: "gift_wrap")
        giftMessage = try? unboxer.unbox(key: "gift_message")
        customerNote = try? unboxer.unbox(key: "customer_note")
        referrer = try? unboxer.unbox(key: "referrer")
    }
}

// MARK: - Tried keys

/// `OrderWithAbsentKeys` as a Codable model whose `init(from:)` is written by hand the way apps
/// write it: the six optional fields no order has read with `try? decode(_:forKey:)` (each throws
/// `keyNotFound`, which `try?` discards), where a synthesized conformance would use
/// `decodeIfPresent`.
public struct OrderWithTriedKeys: Decodable, Equatable, Sendable {
    /// The same values as `OrderWithAbsentKeys` reads.
    public let order: OrderWithAbsentKeys

    public init(from decoder: any Decoder) throws {
        order = try OrderWithAbsentKeys(tryingKeysFrom: decoder)
    }
}

extension OrderWithAbsentKeys {
    /// `OrderWithTriedKeys`'s reading: the optional fields tried with `try?`.
    init(tryingKeysFrom decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        orderId = try container.decode(Int.self, forKey: .orderId)
        orderNumber = try container.decode(String.self, forKey: .orderNumber)
        status = try container.decode(String.self, forKey: .status)
        trackingNumber = try? container.decode(String.self, forKey: .trackingNumber)
        cancelledAt = try? container.decode(String.self, forKey: .cancelledAt)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        currency = try container.decode(String.self, forKey: .currency)
        customer = try container.decode(OrderCustomer.self, forKey: .customer)
        items = try container.decode([OrderItem].self, forKey: .items)
        shipping = try container.decode(OrderShipping.self, forKey: .shipping)
        payment = try container.decode(OrderPayment.self, forKey: .payment)
        couponCode = try? container.decode(String.self, forKey: .couponCode)
        loyaltyPointsUsed = try? container.decode(Int.self, forKey: .loyaltyPointsUsed)
        giftWrap = try container.decode(Bool.self, forKey: .giftWrap)
        giftMessage = try? container.decode(String.self, forKey: .giftMessage)
        customerNote = try? container.decode(String.self, forKey: .customerNote)
        referrer = try? container.decode(String.self, forKey: .referrer)
    }
}

// MARK: - Key paths

/// The order flattened into one model, as a list screen keeps it: the customer, shipping and
/// payment values reached by key paths instead of nested models.
public struct FlatOrder: Unboxable, Decodable, Equatable, Sendable {
    public let orderId: Int
    public let orderNumber: String
    public let status: String
    public let createdAt: String
    public let currency: String
    public let customerId: Int
    public let customerEmail: String
    public let customerName: String
    public let loyaltyTier: String
    public let phoneNumber: String?
    public let items: [OrderItem]
    public let shippingMethod: String
    public let shippingCost: Double
    public let estimatedDays: Int
    public let street: String
    public let city: String
    public let postalCode: String
    public let countryCode: String
    public let paymentMethod: String
    public let isPaid: Bool
    public let totalAmount: Double
    public let giftWrap: Bool
    public let customerNote: String?

    enum CodingKeys: String, CodingKey {
        case orderId = "order_id"
        case orderNumber = "order_number"
        case status
        case createdAt = "created_at"
        case currency, customer, items, shipping, payment
        case giftWrap = "gift_wrap"
        case customerNote = "customer_note"
    }

    public init(unboxer: Unboxer) throws {
        orderId = try unboxer.unbox(key: "order_id")
        orderNumber = try unboxer.unbox(key: "order_number")
        status = try unboxer.unbox(key: "status")
        createdAt = try unboxer.unbox(key: "created_at")
        currency = try unboxer.unbox(key: "currency")
        customerId = try unboxer.unbox(keyPath: "customer.customer_id")
        customerEmail = try unboxer.unbox(keyPath: "customer.email")
        customerName = try unboxer.unbox(keyPath: "customer.full_name")
        loyaltyTier = try unboxer.unbox(keyPath: "customer.loyalty_tier")
        phoneNumber = try? unboxer.unbox(keyPath: "customer.phone_number")
        items = try unboxer.unbox(key: "items")
        shippingMethod = try unboxer.unbox(keyPath: "shipping.method")
        shippingCost = try unboxer.unbox(keyPath: "shipping.cost")
        estimatedDays = try unboxer.unbox(keyPath: "shipping.estimated_days")
        street = try unboxer.unbox(keyPath: "shipping.address.street_line")
        city = try unboxer.unbox(keyPath: "shipping.address.city")
        postalCode = try unboxer.unbox(keyPath: "shipping.address.postal_code")
        countryCode = try unboxer.unbox(keyPath: "shipping.address.country_code")
        paymentMethod = try unboxer.unbox(keyPath: "payment.payment_method")
        isPaid = try unboxer.unbox(keyPath: "payment.is_paid")
        totalAmount = try unboxer.unbox(keyPath: "payment.total_amount")
        giftWrap = try unboxer.unbox(key: "gift_wrap")
        customerNote = try? unboxer.unbox(key: "customer_note")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        orderId = try container.decode(Int.self, forKey: .orderId)
        orderNumber = try container.decode(String.self, forKey: .orderNumber)
        status = try container.decode(String.self, forKey: .status)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        currency = try container.decode(String.self, forKey: .currency)
        let customer = try container.nestedContainer(keyedBy: OrderCustomer.CodingKeys.self, forKey: .customer)
        customerId = try customer.decode(Int.self, forKey: .customerId)
        customerEmail = try customer.decode(String.self, forKey: .email)
        customerName = try customer.decode(String.self, forKey: .fullName)
        loyaltyTier = try customer.decode(String.self, forKey: .loyaltyTier)
        phoneNumber = try customer.decodeIfPresent(String.self, forKey: .phoneNumber)
        items = try container.decode([OrderItem].self, forKey: .items)
        let shipping = try container.nestedContainer(keyedBy: OrderShipping.CodingKeys.self, forKey: .shipping)
        shippingMethod = try shipping.decode(String.self, forKey: .method)
        shippingCost = try shipping.decode(Double.self, forKey: .cost)
        estimatedDays = try shipping.decode(Int.self, forKey: .estimatedDays)
        let address = try shipping.nestedContainer(keyedBy: OrderAddress.CodingKeys.self, forKey: .address)
        street = try address.decode(String.self, forKey: .streetLine)
        city = try address.decode(String.self, forKey: .city)
        postalCode = try address.decode(String.self, forKey: .postalCode)
        countryCode = try address.decode(String.self, forKey: .countryCode)
        let payment = try container.nestedContainer(keyedBy: OrderPayment.CodingKeys.self, forKey: .payment)
        paymentMethod = try payment.decode(String.self, forKey: .paymentMethod)
        isPaid = try payment.decode(Bool.self, forKey: .isPaid)
        totalAmount = try payment.decode(Double.self, forKey: .totalAmount)
        giftWrap = try container.decode(Bool.self, forKey: .giftWrap)
        customerNote = try container.decodeIfPresent(String.self, forKey: .customerNote)
    }
}

// MARK: - Plain Codable

/// The order as plain Codable: camelCase properties, no `CodingKeys`.
public struct ShopOrder: Decodable, Equatable, Sendable {
    public let orderId: Int
    public let orderNumber: String
    public let status: String
    public let createdAt: String
    public let currency: String
    public let customer: ShopCustomer
    public let items: [ShopItem]
    public let shipping: ShopShipping
    public let payment: ShopPayment
    public let giftWrap: Bool
    public let customerNote: String?
}

public struct ShopCustomer: Decodable, Equatable, Sendable {
    public let customerId: Int
    public let email: String
    public let fullName: String
    public let loyaltyTier: String
    public let phoneNumber: String?
}

public struct ShopItem: Decodable, Equatable, Sendable {
    public let sku: String
    public let title: String
    public let quantity: Int
    public let unitPrice: Double
    public let discountRate: Double
}

public struct ShopShipping: Decodable, Equatable, Sendable {
    public let method: String
    public let cost: Double
    public let estimatedDays: Int
    public let address: ShopAddress
}

public struct ShopAddress: Decodable, Equatable, Sendable {
    public let streetLine: String
    public let city: String
    public let postalCode: String
    public let countryCode: String
}

public struct ShopPayment: Decodable, Equatable, Sendable {
    public let paymentMethod: String
    public let isPaid: Bool
    public let totalAmount: Double
}

// MARK: - Containers taken first

/// The order flattened as a hand-written `init(from:)` often reads it: every nested container
/// taken first, then the properties assigned in declaration order. The customer's, shipping's,
/// address's and payment's containers are read after later ones were taken (Foundation's
/// containers read a tree, in any order; On-Demand's cursor has moved on). Codable only.
public struct LateContainerOrder: Decodable, Equatable, Sendable {
    /// The same values as `FlatOrder` reads in order.
    public let order: FlatOrder

    public init(from decoder: any Decoder) throws {
        order = try FlatOrder(containersFirstFrom: decoder)
    }
}

extension FlatOrder {
    /// `LateContainerOrder`'s reading: every nested container taken first.
    init(containersFirstFrom decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let customer = try container.nestedContainer(keyedBy: OrderCustomer.CodingKeys.self, forKey: .customer)
        let shipping = try container.nestedContainer(keyedBy: OrderShipping.CodingKeys.self, forKey: .shipping)
        let address = try shipping.nestedContainer(keyedBy: OrderAddress.CodingKeys.self, forKey: .address)
        let payment = try container.nestedContainer(keyedBy: OrderPayment.CodingKeys.self, forKey: .payment)
        orderId = try container.decode(Int.self, forKey: .orderId)
        orderNumber = try container.decode(String.self, forKey: .orderNumber)
        status = try container.decode(String.self, forKey: .status)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        currency = try container.decode(String.self, forKey: .currency)
        customerId = try customer.decode(Int.self, forKey: .customerId)
        customerEmail = try customer.decode(String.self, forKey: .email)
        customerName = try customer.decode(String.self, forKey: .fullName)
        loyaltyTier = try customer.decode(String.self, forKey: .loyaltyTier)
        phoneNumber = try customer.decodeIfPresent(String.self, forKey: .phoneNumber)
        items = try container.decode([OrderItem].self, forKey: .items)
        shippingMethod = try shipping.decode(String.self, forKey: .method)
        shippingCost = try shipping.decode(Double.self, forKey: .cost)
        estimatedDays = try shipping.decode(Int.self, forKey: .estimatedDays)
        street = try address.decode(String.self, forKey: .streetLine)
        city = try address.decode(String.self, forKey: .city)
        postalCode = try address.decode(String.self, forKey: .postalCode)
        countryCode = try address.decode(String.self, forKey: .countryCode)
        paymentMethod = try payment.decode(String.self, forKey: .paymentMethod)
        isPaid = try payment.decode(Bool.self, forKey: .isPaid)
        totalAmount = try payment.decode(Double.self, forKey: .totalAmount)
        giftWrap = try container.decode(Bool.self, forKey: .giftWrap)
        customerNote = try container.decodeIfPresent(String.self, forKey: .customerNote)
    }
}
