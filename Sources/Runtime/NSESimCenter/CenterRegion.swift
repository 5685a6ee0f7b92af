import Foundation
import NSESimRuntime

/// A circular region (`CLCircularRegion`) as the center keeps it: centre, radius in metres,
/// identifier, and whether entering and leaving notify.
public struct CenterRegion: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var radius: Double
    public var identifier: String
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool

    public init(
        latitude: Double, longitude: Double, radius: Double, identifier: String,
        notifyOnEntry: Bool = true, notifyOnExit: Bool = true
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.identifier = identifier
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }

    /// The region read from `{"latitude", "longitude", "radius", "identifier", "notifyOnEntry", "notifyOnExit"}`.
    public init(jsonValue: JSONValue) throws(CenterTriggerError) {
        guard let latitude = jsonValue["latitude"]?.numberValue, (-90...90).contains(latitude),
            let longitude = jsonValue["longitude"]?.numberValue, (-180...180).contains(longitude)
        else {
            throw .invalid("region needs \"latitude\" (-90...90) and \"longitude\" (-180...180) in degrees")
        }
        guard let radius = jsonValue["radius"]?.numberValue, radius >= 0 else {
            throw .invalid("region needs \"radius\": metres, 0 or more")
        }
        self.init(
            latitude: latitude, longitude: longitude, radius: radius,
            identifier: jsonValue["identifier"]?.stringValue ?? "",
            notifyOnEntry: jsonValue["notifyOnEntry"]?.boolValue ?? true,
            notifyOnExit: jsonValue["notifyOnExit"]?.boolValue ?? true)
    }

    public var jsonValue: JSONValue {
        .object([
            "latitude": .double(latitude), "longitude": .double(longitude), "radius": .double(radius),
            "identifier": .string(identifier), "notifyOnEntry": .bool(notifyOnEntry), "notifyOnExit": .bool(notifyOnExit),
        ])
    }

    /// Whether a position is inside (great-circle distance from the centre <= radius).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        Self.distance(from: (self.latitude, self.longitude), to: (latitude, longitude)) <= radius
    }

    /// The haversine distance in metres on a sphere of the Earth's mean radius.
    public static func distance(from a: (Double, Double), to b: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.0 - a.0) * radians
        let dLon = (b.1 - a.1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.0 * radians) * cos(b.0 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_000 * asin(min(1, sqrt(h)))
    }
}
