import Foundation

/// A latitude and longitude, in degrees.
public struct CLLocationCoordinate2D: Equatable, Sendable {
    /// Degrees north of the equator.
    public var latitude: Double
    /// Degrees east of Greenwich.
    public var longitude: Double

    /// Creates a coordinate.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A geographic location. Linux has no CoreLocation: this is the part a
/// placemark needs.
public final class CLLocation: @unchecked Sendable {
    /// The coordinate.
    public let coordinate: CLLocationCoordinate2D

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north.
    ///   - longitude: Degrees east.
    public init(latitude: Double, longitude: Double) {
        coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }
}

/// A place: the value of a Placemark parameter.
///
/// Linux has no CoreLocation, so the SDK carries the placemark itself, as an
/// ``INObject`` (it crosses the plugin ABI as an `exthost_object` whose
/// display string is the name and whose properties are `latitude`,
/// `longitude` and the address parts).
open class CLPlacemark: INObject, @unchecked Sendable {
    /// The location.
    public private(set) var location: CLLocation?
    /// The place's name.
    public var name: String? { displayString.isEmpty ? nil : displayString }
    /// The street address.
    public private(set) var thoroughfare: String?
    /// The city.
    public private(set) var locality: String?
    /// The state or prefecture.
    public private(set) var administrativeArea: String?
    /// The postal code.
    public private(set) var postalCode: String?
    /// The country's name.
    public private(set) var country: String?
    /// The country's ISO code.
    public private(set) var isoCountryCode: String?

    /// Creates a placemark (as `CLPlacemark(location:name:postalAddress:)`
    /// does on iOS, with the address in parts).
    ///
    /// - Parameters:
    ///   - location: The location.
    ///   - name: The place's name.
    ///   - thoroughfare: The street address.
    ///   - locality: The city.
    ///   - administrativeArea: The state or prefecture.
    ///   - postalCode: The postal code.
    ///   - country: The country's name.
    ///   - isoCountryCode: The country's ISO code.
    public init(
        location: CLLocation?,
        name: String?,
        thoroughfare: String? = nil,
        locality: String? = nil,
        administrativeArea: String? = nil,
        postalCode: String? = nil,
        country: String? = nil,
        isoCountryCode: String? = nil
    ) {
        super.init(identifier: nil, display: name ?? locality ?? "", pronunciationHint: nil)
        self.location = location
        self.thoroughfare = thoroughfare
        self.locality = locality
        self.administrativeArea = administrativeArea
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
    }

    /// A placemark known only by its name.
    public required init(identifier: String?, display displayString: String, pronunciationHint: String? = nil) {
        super.init(identifier: identifier, display: displayString, pronunciationHint: pronunciationHint)
    }

    /// The coordinate and address parts as JSON values.
    open override func _exthostProperties() -> [String: Any] {
        var properties: [String: Any] = [:]
        if let location {
            properties["latitude"] = location.coordinate.latitude
            properties["longitude"] = location.coordinate.longitude
        }
        let parts: [(String, String?)] = [
            ("thoroughfare", thoroughfare), ("locality", locality), ("administrativeArea", administrativeArea),
            ("postalCode", postalCode), ("country", country), ("isoCountryCode", isoCountryCode),
        ]
        for (key, value) in parts { if let value { properties[key] = value } }
        return properties
    }

    /// Sets the coordinate and address parts from their JSON values.
    open override func _exthostApplyProperties(_ properties: [String: Any]) {
        if let latitude = (properties["latitude"] as? NSNumber)?.doubleValue,
           let longitude = (properties["longitude"] as? NSNumber)?.doubleValue {
            location = CLLocation(latitude: latitude, longitude: longitude)
        }
        thoroughfare = properties["thoroughfare"] as? String
        locality = properties["locality"] as? String
        administrativeArea = properties["administrativeArea"] as? String
        postalCode = properties["postalCode"] as? String
        country = properties["country"] as? String
        isoCountryCode = properties["isoCountryCode"] as? String
    }
}
