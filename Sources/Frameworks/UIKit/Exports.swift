// UIKit on iOS makes Foundation and CoreGraphics (CGContext, CGImage, CGColor, and the value
// types CGFloat, CGSize, CGRect that Foundation carries on Linux) visible to a file that imports
// only UIKit. CoreGraphics is a dynamic product of its own package: one copy of each type.
@_exported import CoreGraphics
@_exported import Foundation

@_exported import func UserNotifications.NSSelectorFromString
@_exported import func UserNotifications.NSStringFromSelector
// `#selector` names for `UIControl.addTarget(_:action:for:)`: the one `Selector` type nsesim has,
// UserNotifications', so a file importing both modules sees a single type.
@_exported import struct UserNotifications.Selector
