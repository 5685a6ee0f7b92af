// CoreGraphics on iOS brings CoreFoundation's types (CFString, CFData, CFDictionary) and its
// value types (CGFloat, CGPoint, CGSize, CGRect, which Foundation carries on Linux).
@_exported import Foundation
@_exported import NSESimCFTypes
