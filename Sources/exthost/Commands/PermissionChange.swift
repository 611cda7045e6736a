import ArgumentParser
import DonationStore

/// What the changes of a permission the system keeps per app share
/// (`exthost siri` and `exthost focus`: authorize, deny, reset): the app,
/// the store, `--json`, and what is printed.
struct PermissionChange: ParsableArguments {
    @OptionGroup var store: StoreOptions
    @Argument(help: "The app's identifier, as its manifest names it (com.example.messaging).") var app: String
    @Flag(help: "Print JSON.") var json = false

    /// Records `status` for the app with `record`, and prints it.
    func set(_ status: AuthorizationStatus,
             _ record: (DonationStore, AuthorizationStatus, String) throws(DonationStoreError) -> Void) throws {
        try reportingDonationErrors(json: json) {
            guard !app.isEmpty else { throw DonationCommandError.usage("the app's identifier is empty; give it as its manifest names it") }
            try record(try store.open(json: json), status, app)
            if json {
                Console.writeJSON(["app": app, "status": status.name, "value": status.rawValue])
            } else {
                Console.line("\(app): \(status.name)")
            }
        }
    }
}
