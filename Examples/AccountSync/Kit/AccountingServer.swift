import Foundation

/// The accounting service the app syncs with, as far as this example needs
/// it: the transactions of every account.
///
/// `$ACCOUNTSYNC_SERVER` names a folder standing in for the service: its
/// `transactions.json` is what the service answers (a JSON array of
/// ``Transaction``); a folder that does not exist is a service that cannot be
/// reached. Without the variable, the service answers a built-in sample.
public struct AccountingServer: Sendable {
    /// The environment variable that names the service's folder.
    public static let environmentKey = "ACCOUNTSYNC_SERVER"

    /// The service's folder, or nil for the built-in sample.
    public var folder: String?

    public init(folder: String?) {
        self.folder = folder
    }

    /// The service the environment names.
    public static func fromEnvironment() -> AccountingServer {
        AccountingServer(folder: ProcessInfo.processInfo.environment[environmentKey].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Every transaction the service has.
    ///
    /// - Throws: ``SyncFailure`` when the service cannot be reached or answers
    ///   something that is not a list of transactions.
    public func transactions() throws(SyncFailure) -> [Transaction] {
        guard let folder else { return Self.sample }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unreachable
        }
        guard let data = FileManager.default.contents(atPath: folder + "/transactions.json") else {
            throw .unreachable
        }
        do {
            return try JSONDecoder().decode([Transaction].self, from: data)
        } catch {
            throw .badAnswer
        }
    }

    /// The built-in sample.
    public static let sample: [Transaction] = [
        Transaction(identifier: "t-1001", account: "Checking", amount: -1280, memo: "Office supplies"),
        Transaction(identifier: "t-1002", account: "Checking", amount: 250_000, memo: "Invoice #42 paid"),
        Transaction(identifier: "t-1003", account: "Credit card", amount: -5400, memo: "Train tickets"),
    ]
}
