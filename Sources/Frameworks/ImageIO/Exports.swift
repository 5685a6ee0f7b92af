// ImageIO on iOS brings CoreGraphics (CGImage) and CoreFoundation (CFData, CFDictionary).
@_exported import CoreGraphics
