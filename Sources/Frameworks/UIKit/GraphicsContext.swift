@_spi(NSESim) import CoreGraphics
import Foundation

/// The drawing contexts of the current thread, innermost last (UIKit's context stack): those
/// `UIGraphicsImageRenderer` and `UIGraphicsBeginImageContextWithOptions` make, and any
/// `CGContext` pushed with `UIGraphicsPushContext`. Used from the thread that made them, as on iOS.
enum GraphicsContextStack {
    private final class Stack { var contexts: [CGContext] = [] }
    private static let key = "nsesim.UIKit.GraphicsContextStack"

    private static var stack: Stack {
        if let stack = Thread.current.threadDictionary[key] as? Stack { return stack }
        let stack = Stack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }

    static var current: CGContext? { stack.contexts.last }
    static func push(_ context: CGContext) { stack.contexts.append(context) }
    @discardableResult static func pop() -> CGContext? { stack.contexts.popLast() }
}

extension CGContext {
    /// What has been drawn so far, as a UIKit image at the context's scale (a copy: drawing on
    /// does not change it).
    func uiImage() -> UIImage {
        UIImage(bitmap: bitmap.copy() ?? bitmap, scale: scale)
    }

    /// Outlines `rect` one point wide inside its edges with the stroke colour (UIKit's
    /// `UIGraphicsImageRendererContext.stroke(_:)`, `UIRectFrame`).
    func strokeInside(_ rect: CGRect) {
        let line: CGFloat = 1
        let saved = fillRGBA
        fillRGBA = strokeRGBA
        defer { fillRGBA = saved }
        for edge in [
            CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: line),
            CGRect(x: rect.minX, y: rect.maxY - line, width: rect.width, height: line),
            CGRect(x: rect.minX, y: rect.minY, width: line, height: rect.height),
            CGRect(x: rect.maxX - line, y: rect.minY, width: line, height: rect.height),
        ] {
            fillPixels(edge, blendMode: .normal)
        }
    }
}
