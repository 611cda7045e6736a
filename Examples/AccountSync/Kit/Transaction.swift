/// One transaction of one account. Amounts are in the currency's minor unit.
public struct Transaction: Codable, Hashable, Sendable {
    public var identifier: String
    public var account: String
    public var amount: Int
    public var memo: String

    public init(identifier: String, account: String, amount: Int, memo: String) {
        self.identifier = identifier
        self.account = account
        self.amount = amount
        self.memo = memo
    }
}
