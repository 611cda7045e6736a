/// Apple's rules for donating a user activity, checked before it is stored.
///
/// - The activity's type must be one of the app's `NSUserActivityTypes`
///   (iOS ignores, and logs, an undeclared type; exthost refuses it with 1901
///   so the mistake is seen).
/// - Every key of `requiredUserInfoKeys` must be in `userInfo`: the app could
///   not restore the activity otherwise.
public enum ActivityDonationRules {
    /// Checks an activity donation.
    ///
    /// - Parameters:
    ///   - shortcut: The activity, as a shortcut.
    ///   - declaredActivityTypes: The app's `NSUserActivityTypes`; `nil` when
    ///     the app has no manifest the caller could read (the type is then
    ///     refused too: the system cannot continue an activity in an app it
    ///     does not know).
    ///   - requiredUserInfoKeys: The activity's `requiredUserInfoKeys`.
    /// - Throws: ``DonationStoreError`` 1901 saying what to change.
    public static func check(_ shortcut: Shortcut, declaredActivityTypes: [String]?, requiredUserInfoKeys: [String]) throws(DonationStoreError) {
        let type = shortcut.activityType ?? ""
        guard let declared = declaredActivityTypes else {
            throw DonationStoreError(.donatingInteraction, "cannot donate activity \(type): no app manifest declares app \(shortcut.app); add an app manifest with NSUserActivityTypes (see `exthost open --help`)")
        }
        guard declared.contains(type) else {
            let list = declared.isEmpty ? "none" : declared.joined(separator: ", ")
            throw DonationStoreError(.donatingInteraction, "cannot donate activity \(type): app \(shortcut.app) does not declare it in NSUserActivityTypes (declared: \(list)); add \"\(type)\" to the app manifest's NSUserActivityTypes")
        }
        let info = CanonicalJSON.dictionary(shortcut.userInfo)
        let missing = requiredUserInfoKeys.filter { info[$0] == nil }.sorted()
        if !missing.isEmpty {
            throw DonationStoreError(.donatingInteraction, "cannot donate activity \(type): userInfo lacks the required key\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) (requiredUserInfoKeys); set \(missing.count == 1 ? "it" : "them") in userInfo before becomeCurrent()")
        }
    }
}
