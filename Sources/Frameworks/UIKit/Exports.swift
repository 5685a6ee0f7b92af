// UIKit on iOS makes Foundation (and CoreGraphics' CGFloat, CGSize, CGRect) visible to a file
// that imports only UIKit; Foundation carries the CoreGraphics value types on Linux.
@_exported import Foundation

@_exported import func UserNotifications.NSSelectorFromString
@_exported import func UserNotifications.NSStringFromSelector
// `#selector` names for `UIControl.addTarget(_:action:for:)`: the one `Selector` type nsesim has,
// UserNotifications', so a file importing both modules sees a single type.
@_exported import struct UserNotifications.Selector
