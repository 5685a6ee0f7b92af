// Sentry's API names Foundation's types (Date, NSNumber, Error).
@_exported import Foundation
