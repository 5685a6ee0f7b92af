// UIKit on iOS makes Foundation (and CoreGraphics' CGFloat, CGSize, CGRect) visible to a file
// that imports only UIKit; Foundation carries the CoreGraphics value types on Linux.
@_exported import Foundation
