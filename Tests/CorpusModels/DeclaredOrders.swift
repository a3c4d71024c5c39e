import SimdUnbox

// The generated orders (DataGenerator's `OrderGenerator`, snake_case keys) as declared models, in
// the idioms of UserStyleOrders.swift. A declared model reads each object once, in the document's
// order, whatever order its properties are declared in: these idioms should cost the same.
//
//   DeclaredOrder               properties in document order: the reference
//   DeclaredShuffledOrder       properties in an order of the app's own (identity first, the rest
//                               grouped by meaning), unlike the document's
//   DeclaredReversedOrder       every object's properties in reverse document order
//   DeclaredOrderWithAbsentKeys document order plus six optional properties no order has
//   DeclaredFlatOrder           nested values through key paths (`shipping.address.city`) instead
//                               of nested models
//
// Each holds the values of the user-style `Order` (the tests and the benchmark's validation compare
// their summaries).

/// An order, its properties declared in the order the document has them.
@Unboxable(keyStyle: .snakeCase)
public struct DeclaredOrder: Equatable, Sendable {
    public let orderId: Int
    public let orderNumber: String
    public let status: String
    public let createdAt: String
    public let currency: String
    public let customer: DeclaredOrderCustomer
    public let items: [DeclaredOrderItem]
    public let shipping: DeclaredOrderShipping
    public let payment: DeclaredOrderPayment
    public let giftWrap: Bool
    public let customerNote: String?
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredOrderCustomer: Equatable, Sendable {
    public let customerId: Int
    public let email: String
    public let fullName: String
    public let loyaltyTier: String
    public let phoneNumber: String?
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredOrderItem: Equatable, Sendable {
    public let sku: String
    public let title: String
    public let quantity: Int
    public let unitPrice: Double
    public let discountRate: Double
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredOrderShipping: Equatable, Sendable {
    public let method: String
    public let cost: Double
    public let estimatedDays: Int
    public let address: DeclaredOrderAddress
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredOrderAddress: Equatable, Sendable {
    public let streetLine: String
    public let city: String
    public let postalCode: String
    public let countryCode: String
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredOrderPayment: Equatable, Sendable {
    public let paymentMethod: String
    public let isPaid: Bool
    public let totalAmount: Double
}

// MARK: - An order of the app's own

/// The order with its properties where an app puts them: identity and state first, then money,
/// then the people and things, the optional note last.
@Unboxable(keyStyle: .snakeCase)
public struct DeclaredShuffledOrder: Equatable, Sendable {
    public let orderId: Int
    public let status: String
    public let payment: DeclaredShuffledOrderPayment
    public let currency: String
    public let customer: DeclaredShuffledOrderCustomer
    public let shipping: DeclaredShuffledOrderShipping
    public let items: [DeclaredShuffledOrderItem]
    public let orderNumber: String
    public let giftWrap: Bool
    public let createdAt: String
    public let customerNote: String?
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredShuffledOrderCustomer: Equatable, Sendable {
    public let fullName: String
    public let email: String
    public let phoneNumber: String?
    public let customerId: Int
    public let loyaltyTier: String
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredShuffledOrderItem: Equatable, Sendable {
    public let title: String
    public let quantity: Int
    public let unitPrice: Double
    public let discountRate: Double
    public let sku: String
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredShuffledOrderShipping: Equatable, Sendable {
    public let address: DeclaredShuffledOrderAddress
    public let method: String
    public let estimatedDays: Int
    public let cost: Double
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredShuffledOrderAddress: Equatable, Sendable {
    public let city: String
    public let streetLine: String
    public let countryCode: String
    public let postalCode: String
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredShuffledOrderPayment: Equatable, Sendable {
    public let totalAmount: Double
    public let paymentMethod: String
    public let isPaid: Bool
}

// MARK: - Reverse order

/// The order, every object's properties declared in reverse document order.
@Unboxable(keyStyle: .snakeCase)
public struct DeclaredReversedOrder: Equatable, Sendable {
    public let customerNote: String?
    public let giftWrap: Bool
    public let payment: DeclaredReversedOrderPayment
    public let shipping: DeclaredReversedOrderShipping
    public let items: [DeclaredReversedOrderItem]
    public let customer: DeclaredReversedOrderCustomer
    public let currency: String
    public let createdAt: String
    public let status: String
    public let orderNumber: String
    public let orderId: Int
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredReversedOrderCustomer: Equatable, Sendable {
    public let phoneNumber: String?
    public let loyaltyTier: String
    public let fullName: String
    public let email: String
    public let customerId: Int
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredReversedOrderItem: Equatable, Sendable {
    public let discountRate: Double
    public let unitPrice: Double
    public let quantity: Int
    public let title: String
    public let sku: String
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredReversedOrderShipping: Equatable, Sendable {
    public let address: DeclaredReversedOrderAddress
    public let estimatedDays: Int
    public let cost: Double
    public let method: String
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredReversedOrderAddress: Equatable, Sendable {
    public let countryCode: String
    public let postalCode: String
    public let city: String
    public let streetLine: String
}

@Unboxable(keyStyle: .snakeCase)
public struct DeclaredReversedOrderPayment: Equatable, Sendable {
    public let totalAmount: Double
    public let isPaid: Bool
    public let paymentMethod: String
}

// MARK: - Absent keys

/// The order in document order plus six optional properties that these orders never have:
/// `nil` when absent, at no lookup of their own.
@Unboxable(keyStyle: .snakeCase)
public struct DeclaredOrderWithAbsentKeys: Equatable, Sendable {
    public let orderId: Int
    public let orderNumber: String
    public let status: String
    public let trackingNumber: String?
    public let cancelledAt: String?
    public let createdAt: String
    public let currency: String
    public let customer: DeclaredOrderCustomer
    public let items: [DeclaredOrderItem]
    public let shipping: DeclaredOrderShipping
    public let payment: DeclaredOrderPayment
    public let couponCode: String?
    public let loyaltyPointsUsed: Int?
    public let giftWrap: Bool
    public let giftMessage: String?
    public let customerNote: String?
    public let referrer: String?
}

// MARK: - Key paths

/// The order flattened: the customer's, shipping's and payment's values by key path.
@Unboxable(keyStyle: .snakeCase)
public struct DeclaredFlatOrder: Equatable, Sendable {
    public let orderId: Int
    public let orderNumber: String
    public let status: String
    public let createdAt: String
    public let currency: String
    @UnboxKey("customer.customer_id") public let customerId: Int
    @UnboxKey("customer.email") public let customerEmail: String
    @UnboxKey("customer.full_name") public let customerName: String
    @UnboxKey("customer.loyalty_tier") public let loyaltyTier: String
    @UnboxKey("customer.phone_number") public let phoneNumber: String?
    public let items: [DeclaredOrderItem]
    @UnboxKey("shipping.method") public let shippingMethod: String
    @UnboxKey("shipping.cost") public let shippingCost: Double
    @UnboxKey("shipping.estimated_days") public let estimatedDays: Int
    @UnboxKey("shipping.address.street_line") public let street: String
    @UnboxKey("shipping.address.city") public let city: String
    @UnboxKey("shipping.address.postal_code") public let postalCode: String
    @UnboxKey("shipping.address.country_code") public let countryCode: String
    @UnboxKey("payment.payment_method") public let paymentMethod: String
    @UnboxKey("payment.is_paid") public let isPaid: Bool
    @UnboxKey("payment.total_amount") public let totalAmount: Double
    public let giftWrap: Bool
    public let customerNote: String?
}
