import DonationStore
import ExthostABI
import ExthostTestSupport
import Foundation

/// Tests of requests in the ABI form against a new store file of their own.
protocol StoreRequestTesting {}

extension StoreRequestTesting {
    /// A new store in a temporary folder.
    func store() throws -> DonationStore {
        try DonationStore(path: makeTemporaryDirectory("store").appendingPathComponent("donations.sqlite").path)
    }

    /// Performs a request as the ABI's donations call does, for no manifest.
    func perform(_ operation: DonationOperation, _ json: String, _ store: DonationStore) throws -> Int {
        try DonationRequest.perform(operation, json: json, store: store, declaredActivityTypes: { _ in nil })
    }
}
