import CoreGraphics
import Foundation
import Testing
@_spi(NSESim) import UIKit
import UserNotifications

/// CoreGraphics draws for real: bitmap contexts y-up as on iOS, the caller's memory in the
/// layout it asked for, paths and clips anti-aliased, images through the CTM, iOS's refusals.
@Suite struct CoreGraphicsBehaviourTests {
    static func context(_ side: Int, info: UInt32 = CGImageAlphaInfo.premultipliedLast.rawValue) -> CGContext? {
        CGContext(
            data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: info)
    }

    static func rgba(_ image: CGImage, x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let pixel = UIImage(cgImage: image).pixel(x: x, y: y)
        return (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF), Int(pixel >> 24))
    }

    /// A picture red on its top half and blue on its bottom half, drawn with UIKit (y down).
    static func topRedBottomBlue(side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side / 2))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: side / 2, width: side, height: side / 2))
        }
    }

    @Test func aBitmapContextIsYUpAndItsDataHoldsThePixels() throws {
        let context = try #require(Self.context(10))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 5))  // the bottom half: CoreGraphics' origin is the bottom left
        let image = try #require(context.makeImage())
        #expect(image.width == 10 && image.bitsPerPixel == 32 && image.alphaInfo == .premultipliedLast)
        #expect(Self.rgba(image, x: 5, y: 8) == (255, 0, 0, 255) && Self.rgba(image, x: 5, y: 2).a == 0)
        let bytes = try #require(context.data).assumingMemoryBound(to: UInt8.self)
        let lastRow = 9 * context.bytesPerRow
        #expect(context.bytesPerRow >= 40 && context.bytesPerRow % 16 == 0)
        #expect([bytes[lastRow], bytes[lastRow + 1], bytes[lastRow + 2], bytes[lastRow + 3]] == [255, 0, 0, 255])
        #expect(bytes[3] == 0)
    }

    @Test func theCallersMemoryIsWrittenInItsLayout() throws {
        let side = 4
        var buffer = [UInt8](repeating: 0, count: side * side * 4)
        try buffer.withUnsafeMutableBytes { raw in
            let context = try #require(
                CGContext(
                    data: raw.baseAddress, width: side, height: side, bitsPerComponent: 8, bytesPerRow: side * 4,
                    space: CGColorSpaceCreateDeviceRGB(),
                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
            context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }
        // BGRA, premultiplied: half-transparent blue is 128, 0, 0, 128.
        #expect(Array(buffer[0..<4]) == [128, 0, 0, 128], "\(Array(buffer[0..<4]))")
    }

    @Test func aCircularClipCutsARoundAvatarWithSoftEdges() throws {
        let context = try #require(Self.context(100))
        context.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        context.clip()
        context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        let image = try #require(context.makeImage())
        #expect(Self.rgba(image, x: 50, y: 50) == (0, 255, 0, 255))
        #expect(Self.rgba(image, x: 1, y: 1).a == 0 && Self.rgba(image, x: 98, y: 98).a == 0)
        let edge = Self.rgba(image, x: 50, y: 0).a
        #expect(edge > 0 && edge < 255, "anti-aliased edge: \(edge)")
        #expect(context.boundingBoxOfClipPath.width > 95)
    }

    @Test func imagesAreUprightInABitmapContextAndUpsideDownInUIKitsAsOnIOS() throws {
        let picture = try #require(Self.topRedBottomBlue(side: 20).cgImage)
        let context = try #require(Self.context(20))
        context.draw(picture, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        let drawn = try #require(context.makeImage())
        #expect(Self.rgba(drawn, x: 10, y: 2).r == 255 && Self.rgba(drawn, x: 10, y: 18).b == 255)

        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 1
        let flipped = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { renderer in
            renderer.cgContext.draw(picture, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        #expect(UIKitBehaviourTests.rgba(flipped, x: 10, y: 2).b == 255, "the famous upside-down CGContext.draw in UIKit")
        let upright = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { _ in
            UIImage(cgImage: picture).draw(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        #expect(UIKitBehaviourTests.rgba(upright, x: 10, y: 2).r == 255)
    }

    @Test func transformsMoveScaleAndRotate() throws {
        let context = try #require(Self.context(40))
        context.saveGState()
        context.translateBy(x: 20, y: 20)
        context.rotate(by: .pi / 2)
        context.setFillColor(gray: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 20, height: 5))  // rotated: a bar going up the y axis, left of x = 20
        context.restoreGState()
        #expect(context.ctm == CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 40))
        context.scaleBy(x: 2, y: 2)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 15, y: 0, width: 5, height: 5))  // 30...40 × 0...10 in pixels
        let image = try #require(context.makeImage())
        #expect(Self.rgba(image, x: 17, y: 10).a == 255 && Self.rgba(image, x: 17, y: 25).a == 0)
        #expect(Self.rgba(image, x: 35, y: 35).r == 255 && Self.rgba(image, x: 25, y: 35).a == 0)
    }

    @Test func strokesAreCentredOnThePath() throws {
        let context = try #require(Self.context(40))
        context.setStrokeColor(CGColor(gray: 0, alpha: 1))
        context.setLineWidth(4)
        context.move(to: CGPoint(x: 0, y: 20))
        context.addLine(to: CGPoint(x: 40, y: 20))
        context.strokePath()
        #expect(context.isPathEmpty)
        let image = try #require(context.makeImage())
        #expect(Self.rgba(image, x: 20, y: 19).a == 255 && Self.rgba(image, x: 20, y: 21).a == 255 && Self.rgba(image, x: 20, y: 24).a == 0)
    }

    @Test func layoutsIOSRefusesGiveNil() {
        #expect(Self.context(8, info: CGImageAlphaInfo.none.rawValue) == nil, "RGB without alpha at 32 bits")
        #expect(Self.context(8, info: CGImageAlphaInfo.last.rawValue) == nil, "non-premultiplied alpha")
        #expect(
            CGContext(
                data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil, "16 bytes a row for 8 pixels")
        #expect(Self.context(0) == nil && Self.context(1 << 21) == nil, "no side, and more than any memory")
        #expect(CGColorSpace(name: "kCGColorSpaceNoSuchThing" as CFString) == nil)
        let gray = CGContext(
            data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceGray(),
            bitmapInfo: CGImageAlphaInfo.none.rawValue)
        #expect(gray?.bitsPerPixel == 8)
    }

    @Test func pathsKnowTheirShape() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        #expect(circle.contains(CGPoint(x: 5, y: 5)) && !circle.contains(CGPoint(x: 0.5, y: 0.5)))
        #expect(circle.boundingBoxOfPath.insetBy(dx: -0.01, dy: -0.01).contains(CGRect(x: 0.01, y: 0.01, width: 9.98, height: 9.98)))
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(abs(path.currentPoint.x) < 1e-9 && abs(path.currentPoint.y - 10) < 1e-9)
        let ring = CGMutablePath()
        ring.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        ring.addEllipse(in: CGRect(x: 3, y: 3, width: 4, height: 4))
        #expect(!ring.contains(CGPoint(x: 5, y: 5), using: .evenOdd) && ring.contains(CGPoint(x: 5, y: 5), using: .winding))
    }

    @Test func imagesFromBytesCropAndRoundTripThroughUIKit() throws {
        // 2 × 1 pixels, RGBA: red, then half-transparent green (premultiplied).
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 128, 0, 128]
        let provider = try #require(CGDataProvider(data: Data(bytes) as CFData))
        let image = try #require(
            CGImage(
                width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue), provider: provider, decode: nil,
                shouldInterpolate: true, intent: .defaultIntent))
        let back = try #require(image.dataProvider?.data)
        #expect(Array(Data(referencing: back)) == bytes)
        #expect(Self.rgba(image, x: 1, y: 0) == (0, 255, 0, 128))
        let right = try #require(image.cropping(to: CGRect(x: 1, y: 0, width: 1, height: 1)))
        #expect(right.width == 1 && Self.rgba(right, x: 0, y: 0).g == 255)
        #expect(image.cropping(to: CGRect(x: 5, y: 5, width: 1, height: 1)) == nil)
        let ui = UIImage(cgImage: image, scale: 2, orientation: .up)
        #expect(ui.size == CGSize(width: 1, height: 0.5) && ui.cgImage?.width == 2)
    }
}
