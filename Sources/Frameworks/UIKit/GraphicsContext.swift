import Foundation

/// A bitmap being drawn into, with the scale that turns points into pixels and the current
/// fill colour: what `UIGraphicsImageRenderer` and `UIGraphicsBeginImageContextWithOptions`
/// make current. Used from the thread that made it, as on iOS.
final class GraphicsContext: @unchecked Sendable {
    let bitmap: Bitmap
    let scale: CGFloat
    let size: CGSize
    var fillColor = RGBA.black
    var strokeColor = RGBA.black

    init(size: CGSize, scale: CGFloat, opaque: Bool, api: String) throws(ImageLibraryError) {
        self.size = size
        self.scale = scale
        let pixels = PixelRect(CGRect(origin: .zero, size: size), scale: scale)
        bitmap = try Bitmap.canvas(width: max(pixels.width, 1), height: max(pixels.height, 1), opaque: opaque)
        ImageReport.context(bitmap, scale: scale, api: api)
    }

    func draw(_ source: Bitmap, in rect: CGRect) {
        bitmap.draw(source, in: PixelRect(rect, scale: scale))
    }

    /// Fills `rect` with the fill colour: blended (`.normal`), replacing (`.copy`) or cleared (`.clear`).
    func fill(_ rect: CGRect, blendMode: CGBlendMode = .normal) {
        let pixels = PixelRect(rect, scale: scale)
        switch blendMode {
        case .clear: bitmap.fill(pixels, with: RGBA(red: 0, green: 0, blue: 0, alpha: 0), blend: false)
        case .copy: bitmap.fill(pixels, with: fillColor, blend: false)
        default: bitmap.fill(pixels, with: fillColor, blend: true)
        }
    }

    /// Outlines `rect` one point wide with the stroke colour.
    func stroke(_ rect: CGRect) {
        let line: CGFloat = 1
        let saved = fillColor
        fillColor = strokeColor
        defer { fillColor = saved }
        for edge in [
            CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: line),
            CGRect(x: rect.minX, y: rect.maxY - line, width: rect.width, height: line),
            CGRect(x: rect.minX, y: rect.minY, width: line, height: rect.height),
            CGRect(x: rect.maxX - line, y: rect.minY, width: line, height: rect.height),
        ] {
            fill(edge)
        }
    }

    /// What has been drawn so far, as an image (a copy: drawing on does not change it).
    func image() -> UIImage {
        UIImage(bitmap: bitmap.copy() ?? bitmap, scale: scale)
    }
}

/// The drawing contexts of the current thread, innermost last (UIKit's context stack).
enum GraphicsContextStack {
    private final class Stack { var contexts: [GraphicsContext] = [] }
    private static let key = "nsesim.UIKit.GraphicsContextStack"

    private static var stack: Stack {
        if let stack = Thread.current.threadDictionary[key] as? Stack { return stack }
        let stack = Stack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }

    static var current: GraphicsContext? { stack.contexts.last }
    static func push(_ context: GraphicsContext) { stack.contexts.append(context) }
    @discardableResult static func pop() -> GraphicsContext? { stack.contexts.popLast() }
}
