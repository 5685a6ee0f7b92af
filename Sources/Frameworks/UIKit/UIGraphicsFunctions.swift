@_spi(NSESim) import CoreGraphics
import Foundation

/// Begins a bitmap drawing context of `size` points at scale 1, not opaque.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Begins a bitmap drawing context of `size` points; `scale` 0 means the screen's.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    do {
        GraphicsContextStack.push(
            try CGContext(
                size: size, scale: scale > 0 ? scale : UIScreen.main.scale, opaque: opaque,
                api: "UIGraphicsBeginImageContextWithOptions"))
    } catch {
        ImageReport.contextFailed(error, api: "UIGraphicsBeginImageContextWithOptions")
    }
}

/// What the current bitmap context holds, as an image; nil without one.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    GraphicsContextStack.current?.uiImage()
}

/// Ends the current bitmap context.
public func UIGraphicsEndImageContext() {
    GraphicsContextStack.pop()
}

/// The current drawing context, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current
}

/// Makes `context` current.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.push(context)
}

/// Makes the previous context current again.
public func UIGraphicsPopContext() {
    GraphicsContextStack.pop()
}

/// Fills `rect` with the current fill colour, replacing what is there (copy mode, as on iOS).
public func UIRectFill(_ rect: CGRect) {
    GraphicsContextStack.current?.fillPixels(rect, blendMode: .copy)
}

/// Fills `rect` with the current fill colour in `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    GraphicsContextStack.current?.fillPixels(rect, blendMode: blendMode)
}
