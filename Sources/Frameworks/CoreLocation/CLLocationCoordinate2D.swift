/// A latitude or longitude in degrees.
public typealias CLLocationDegrees = Double
/// A distance in metres.
public typealias CLLocationDistance = Double

/// A geographical coordinate (WGS 84).
public struct CLLocationCoordinate2D: Sendable, Equatable {
    /// Degrees north of the equator (-90...90).
    public var latitude: CLLocationDegrees
    /// Degrees east of the prime meridian (-180...180).
    public var longitude: CLLocationDegrees

    /// The coordinate 0, 0.
    public init() {
        latitude = 0
        longitude = 0
    }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Whether a coordinate is in range (latitude -90...90, longitude -180...180).
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}

/// A coordinate made from a latitude and a longitude.
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}
