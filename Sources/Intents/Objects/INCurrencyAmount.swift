import Foundation

/// An amount of money: the value of a CurrencyAmount parameter.
///
/// On Linux it is an ``INObject`` (it crosses the plugin ABI as an
/// `exthost_object` whose properties are `amount`, as text so no digit is
/// lost, and `currencyCode`); its display string is "amount code".
open class INCurrencyAmount: INObject, @unchecked Sendable {
    /// The amount.
    public private(set) var amount: NSDecimalNumber?
    /// The ISO 4217 currency code, e.g. `"JPY"`.
    public private(set) var currencyCode: String?

    /// Creates an amount.
    ///
    /// - Parameters:
    ///   - amount: The amount.
    ///   - currencyCode: The ISO 4217 code.
    public init(amount: NSDecimalNumber, currencyCode: String) {
        super.init(identifier: nil, display: "\(amount.stringValue) \(currencyCode)", pronunciationHint: nil)
        self.amount = amount
        self.currencyCode = currencyCode
    }

    /// Creates an amount known only by its display string.
    public required init(identifier: String?, display displayString: String, pronunciationHint: String? = nil) {
        super.init(identifier: identifier, display: displayString, pronunciationHint: pronunciationHint)
    }

    /// The amount and code as JSON values.
    open override func _exthostProperties() -> [String: Any] {
        var properties: [String: Any] = [:]
        if let amount { properties["amount"] = amount.stringValue }
        if let currencyCode { properties["currencyCode"] = currencyCode }
        return properties
    }

    /// Sets the amount and code from their JSON values.
    open override func _exthostApplyProperties(_ properties: [String: Any]) {
        switch properties["amount"] {
        case let text as String: amount = NSDecimalNumber(string: text)
        case let number as NSNumber: amount = NSDecimalNumber(decimal: number.decimalValue)
        default: amount = nil
        }
        currencyCode = properties["currencyCode"] as? String
    }
}
