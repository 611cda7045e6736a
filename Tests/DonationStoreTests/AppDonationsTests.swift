import DonationStore
import ExthostTestSupport
import Foundation
import Testing

/// An app's own donations, checked against its manifest where the host finds it.
@Suite("App donations")
struct AppDonationsTests {
    @Test("an app's manifest is found where the host finds it: app.json in its folder, not any JSON beside it")
    func manifestFoundAsTheHostFindsIt() throws {
        let root = try makeTemporaryDirectory("appdonations")
        defer { try? FileManager.default.removeItem(at: root) }
        let shop = root.appendingPathComponent("Apps/Shop")
        try FileManager.default.createDirectory(at: shop, withIntermediateDirectories: true)
        try #"{"identifier": "com.example.shop", "executable": "Shop", "NSUserActivityTypes": ["com.example.shop.cart"]}"#
            .write(to: shop.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
        try #"{"identifier": "com.example.shop", "executable": "Shop", "NSUserActivityTypes": ["com.example.shop.secret"]}"#
            .write(to: shop.appendingPathComponent("cart.json"), atomically: true, encoding: .utf8)

        let donations = try AppDonations(app: "com.example.shop", storePath: root.appendingPathComponent("donations.sqlite").path,
                                         appDirectories: [root.appendingPathComponent("Apps").path])
        #expect(donations.declaredActivityTypes(app: "com.example.shop") == ["com.example.shop.cart"])
        try donations.donateActivity(type: "com.example.shop.cart")
        #expect(throws: DonationStoreError.self) {
            try donations.donateActivity(type: "com.example.shop.secret")
        }
        #expect(try donations.store.donations().count == 1)
    }
}
