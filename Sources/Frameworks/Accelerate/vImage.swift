import NSESimRuntime

/// A count of pixels: a buffer's width or height, or an offset into it.
public typealias vImagePixelCount = UInt

/// Options that change how a vImage function works (`kvImageEdgeExtend` and the others), or'ed together.
public typealias vImage_Flags = UInt32

/// What a vImage function returns: `kvImageNoError` (0), a negative error code, or (asked with
/// `kvImageGetTempBufferSize`) the bytes of temporary buffer it needs.
public typealias vImage_Error = Int

/// One Planar8 pixel: a single 8-bit channel.
public typealias Pixel_8 = UInt8

/// One ARGB8888 pixel: four 8-bit channels, alpha first.
public typealias Pixel_8888 = (UInt8, UInt8, UInt8, UInt8)

/// An image's pixels as vImage reads and writes them: the caller's memory, `height` rows of
/// `rowBytes` bytes each, `width` pixels of a row used.
public struct vImage_Buffer {
    /// The first byte of the top row.
    public var data: UnsafeMutableRawPointer!
    /// Rows.
    public var height: vImagePixelCount
    /// Pixels a row.
    public var width: vImagePixelCount
    /// Bytes from the start of one row to the start of the next.
    public var rowBytes: Int

    /// An empty buffer: no pixels, nil data.
    public init() {
        data = nil
        height = 0
        width = 0
        rowBytes = 0
    }

    /// A buffer of the caller's pixels.
    public init(data: UnsafeMutableRawPointer!, height: vImagePixelCount, width: vImagePixelCount, rowBytes: Int) {
        self.data = data
        self.height = height
        self.width = width
        self.rowBytes = rowBytes
    }
}

// MARK: Flags (vImage_Types.h)

/// No options.
public let kvImageNoFlags: Int = 0
/// Leave the alpha channel (the first of ARGB8888) as it is in the source.
public let kvImageLeaveAlphaUnchanged: Int = 1
/// Edge mode: a pixel whose kernel reaches outside the source is copied unchanged.
public let kvImageCopyInPlace: Int = 2
/// Edge mode: pixels outside the source are the background colour given.
public let kvImageBackgroundColorFill: Int = 4
/// Edge mode: the source's edge pixels repeat outward without end.
public let kvImageEdgeExtend: Int = 8
/// Do not split the work across threads (nsesim never does).
public let kvImageDoNotTile: Int = 16
/// Use the better resampling filter (geometry functions; convolutions ignore it).
public let kvImageHighQualityResampling: Int = 32
/// Edge mode: only the part of the kernel over the source counts, its weights renormalised.
public let kvImageTruncateKernel: Int = 64
/// Do nothing but return the bytes of temporary buffer the call needs (0 here: none is needed).
public let kvImageGetTempBufferSize: Int = 128
/// Print why a call failed (nsesim writes it to stderr).
public let kvImagePrintDiagnosticsToConsole: Int = 256
/// Do not allocate the destination (functions that would).
public let kvImageNoAllocate: Int = 512

// MARK: Errors (vImage_Types.h)

/// The call succeeded.
public let kvImageNoError: Int = 0
/// The region of interest (the offsets plus the destination's size) reaches past the source's right or bottom edge.
public let kvImageRoiLargerThanInputBuffer: Int = -21766
/// The kernel's height or width is even (or zero).
public let kvImageInvalidKernelSize: Int = -21767
/// No edge mode, or more than one, was given.
public let kvImageInvalidEdgeStyle: Int = -21768
/// `srcOffsetToROI_X` is not inside the source.
public let kvImageInvalidOffset_X: Int = -21769
/// `srcOffsetToROI_Y` is not inside the source.
public let kvImageInvalidOffset_Y: Int = -21770
/// Memory ran out.
public let kvImageMemoryAllocationError: Int = -21771
/// A pointer that must not be NULL was (a buffer's data, the kernel, the background colour).
public let kvImageNullPointerArgument: Int = -21772
/// A parameter is out of range.
public let kvImageInvalidParameter: Int = -21773
/// The buffers' sizes do not fit together.
public let kvImageBufferSizeMismatch: Int = -21774
/// A flag the function does not know was set.
public let kvImageUnknownFlagsBit: Int = -21775
/// Something went wrong inside vImage.
public let kvImageInternalError: Int = -21776
/// A buffer's `rowBytes` is too small for its width.
public let kvImageInvalidRowBytes: Int = -21777
/// The image format is not valid.
public let kvImageInvalidImageFormat: Int = -21778
/// ColorSync is not available.
public let kvImageColorSyncIsAbsent: Int = -21779
/// The call cannot work in place.
public let kvImageOutOfPlaceOperationRequired: Int = -21780
/// An image object is not valid.
public let kvImageInvalidImageObject: Int = -21781
/// A Core Video format is not valid.
public let kvImageInvalidCVImageFormat: Int = -21782
/// The conversion is not supported.
public let kvImageUnsupportedConversion: Int = -21783
/// Core Video is not available.
public let kvImageCoreVideoIsAbsent: Int = -21784
