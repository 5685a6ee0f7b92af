// UIKit on iOS makes Foundation and CoreGraphics (CGContext, CGImage, CGColor, and the value
// types CGFloat, CGSize, CGRect that Foundation carries on Linux) visible to a file that imports
// only UIKit. CoreGraphics is a dynamic product of its own package: one copy of each type.
@_exported import CoreGraphics
@_exported import Foundation

@_exported import protocol UserNotifications.NSDiscardableContent
// What iOS's Foundation (with the Objective-C runtime) gives a file that imports UIKit, from
// UserNotifications' Darwin additions (nsesim's builds import them into Foundation-only files).
@_exported import typealias UserNotifications.NSInteger
@_exported import func UserNotifications.NSSelectorFromString
@_exported import func UserNotifications.NSStringFromSelector
@_exported import typealias UserNotifications.NSUInteger
// `#selector` names for `UIControl.addTarget(_:action:for:)`: the one `Selector` type nsesim has,
// UserNotifications', so a file importing both modules sees a single type.
@_exported import struct UserNotifications.Selector
@_exported import protocol UserNotifications._NSESimSelectorPerforming
@_exported import func UserNotifications.autoreleasepool
