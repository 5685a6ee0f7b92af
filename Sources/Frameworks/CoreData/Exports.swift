// Apple's CoreData brings Foundation, as on iOS. UserNotifications (always linked into an
// extension) holds `NSObject`'s key-value coding on Linux, which `NSManagedObject` plugs into.
@_exported import Foundation
import UserNotifications
