/// One way of deleting donations, as `exthost donations delete` and
/// `DELETE /v1/donations` take it: exactly one of identifiers, a group,
/// persistent identifiers or all, the last three for an app.
public enum DonationDeletion: Sendable {
    /// These donations: as `app` would (`INInteraction.delete(with:)`), or
    /// whatever their app when `app` is nil.
    case identifiers([String], app: String?)
    /// The app's interactions of this group identifier.
    case group(String, app: String)
    /// The app's activities with these persistent identifiers.
    case persistentIdentifiers([String], app: String)
    /// Every donation of the app.
    case all(app: String)

    /// The one way the options give, or what is wrong with them, in the
    /// words of `names` (`--group` on the command line, `group` in a query).
    public init(app: String?, identifiers: [String], group: String?, persistentIdentifiers: [String], all: Bool,
                names: (identifier: String, group: String, persistentIdentifier: String, all: String, app: String)) throws(DonationDeletionError) {
        let ways = [!identifiers.isEmpty, group != nil, !persistentIdentifiers.isEmpty, all].filter { $0 }.count
        guard ways == 1 else {
            throw DonationDeletionError(message: "give one of \(names.identifier), \(names.group), \(names.persistentIdentifier), \(names.all)")
        }
        if !identifiers.isEmpty {
            self = .identifiers(identifiers, app: app)
            return
        }
        guard let app else {
            throw DonationDeletionError(message: "\(names.group), \(names.persistentIdentifier) and \(names.all) need \(names.app)")
        }
        if let group {
            self = .group(group, app: app)
        } else if !persistentIdentifiers.isEmpty {
            self = .persistentIdentifiers(persistentIdentifiers, app: app)
        } else {
            self = .all(app: app)
        }
    }
}

/// Options that do not say one way of deleting.
public struct DonationDeletionError: Error, Sendable {
    public var message: String
}

extension DonationStore {
    /// Deletes as `deletion` says.
    ///
    /// - Returns: How many donations were deleted.
    public func delete(_ deletion: DonationDeletion) throws(DonationStoreError) -> Int {
        switch deletion {
        case .identifiers(let identifiers, let app?): try deleteInteractions(app: app, identifiers: identifiers)
        case .identifiers(let identifiers, nil): try deleteDonations(identifiers: identifiers)
        case .group(let group, let app): try deleteInteractions(app: app, groupIdentifier: group)
        case .persistentIdentifiers(let identifiers, let app): try deleteActivities(app: app, persistentIdentifiers: identifiers)
        case .all(let app): try deleteAllInteractions(app: app) + deleteAllActivities(app: app)
        }
    }
}
