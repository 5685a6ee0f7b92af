// CocoaLumberjack's API names Foundation's types (Date, FileAttributeKey, DateFormatter).
@_exported import Foundation
