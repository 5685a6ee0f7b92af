import CMovieFile
import Foundation

/// The domain of AVFoundation's errors.
public let AVFoundationErrorDomain: String = "AVFoundationErrorDomain"

/// An error of AVFoundation's, as its Swift overlay gives it: a code in `AVFoundationErrorDomain`
/// and the user info iOS puts with it (`NSLocalizedDescription`, `NSLocalizedFailureReason`,
/// `NSUnderlyingError`). nsesim adds FFmpeg's reason under `NSDebugDescription`.
public struct AVError: CustomNSError, Hashable, @unchecked Sendable {
    // @unchecked: the user info holds strings, numbers and NSErrors, never changed once made.

    /// AVFoundation's error codes (the raw values are iOS's).
    public enum Code: Int, Sendable, Equatable {
        /// An unknown error.
        case unknown = -11800
        /// Memory ran out.
        case outOfMemory = -11801
        /// An export failed.
        case exportFailed = -11820
        /// The media could not be decoded (nsesim: the decoder refused the video's data).
        case decodeFailed = -11821
        /// The source media is not valid for the operation.
        case invalidSourceMedia = -11822
        /// The file is not in a format AVFoundation opens (nsesim: no container iOS opens recognises it).
        case fileFormatNotRecognized = -11828
        /// The file is damaged (nsesim: its container was recognised but cannot be read).
        case fileFailedToParse = -11829
        /// The content is protected by DRM.
        case contentIsProtected = -11831
        /// No image at the time asked (nsesim: the asset has no video track).
        case noImageAtTime = -11832
        /// No decoder for the media (nsesim: libavcodec has none for the codec).
        case decoderNotFound = -11833
        /// The operation is not supported for the asset.
        case operationNotSupportedForAsset = -11838
        /// The operation was interrupted.
        case operationInterrupted = -11847
        /// The asset is not compatible with the operation.
        case incompatibleAsset = -11848
        /// The media data could not be loaded.
        case failedToLoadMediaData = -11849
        /// The data could not be parsed.
        case failedToParse = -11853
        /// The media data cannot be decoded.
        case undecodableMediaData = -11855
        /// The format is not supported.
        case formatUnsupported = -11864
        /// The operation has no source track.
        case noSourceTrack = -11869
    }

    /// The error's code.
    public let code: Code
    /// The error's user info.
    public let userInfo: [String: Any]

    /// An error of `code` with `userInfo`.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }

    /// `AVFoundationErrorDomain`.
    public static var errorDomain: String { AVFoundationErrorDomain }
    /// The code's raw value.
    public var errorCode: Int { code.rawValue }
    /// The user info, as `NSError` gives it.
    public var errorUserInfo: [String: Any] { userInfo }

    /// The media type the error concerns (`AVErrorMediaTypeKey`), when given.
    public var mediaType: AVMediaType? { (userInfo[AVErrorMediaTypeKey] as? String).map(AVMediaType.init(rawValue:)) }

    /// Errors are equal when their codes are.
    public static func == (lhs: AVError, rhs: AVError) -> Bool { lhs.code == rhs.code }
    /// Hashes the code.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// `AVError.Code.unknown`.
    public static var unknown: Code { .unknown }
    /// `AVError.Code.outOfMemory`.
    public static var outOfMemory: Code { .outOfMemory }
    /// `AVError.Code.exportFailed`.
    public static var exportFailed: Code { .exportFailed }
    /// `AVError.Code.decodeFailed`.
    public static var decodeFailed: Code { .decodeFailed }
    /// `AVError.Code.invalidSourceMedia`.
    public static var invalidSourceMedia: Code { .invalidSourceMedia }
    /// `AVError.Code.fileFormatNotRecognized`.
    public static var fileFormatNotRecognized: Code { .fileFormatNotRecognized }
    /// `AVError.Code.fileFailedToParse`.
    public static var fileFailedToParse: Code { .fileFailedToParse }
    /// `AVError.Code.contentIsProtected`.
    public static var contentIsProtected: Code { .contentIsProtected }
    /// `AVError.Code.noImageAtTime`.
    public static var noImageAtTime: Code { .noImageAtTime }
    /// `AVError.Code.decoderNotFound`.
    public static var decoderNotFound: Code { .decoderNotFound }
    /// `AVError.Code.operationNotSupportedForAsset`.
    public static var operationNotSupportedForAsset: Code { .operationNotSupportedForAsset }
    /// `AVError.Code.operationInterrupted`.
    public static var operationInterrupted: Code { .operationInterrupted }
    /// `AVError.Code.incompatibleAsset`.
    public static var incompatibleAsset: Code { .incompatibleAsset }
    /// `AVError.Code.failedToLoadMediaData`.
    public static var failedToLoadMediaData: Code { .failedToLoadMediaData }
    /// `AVError.Code.failedToParse`.
    public static var failedToParse: Code { .failedToParse }
    /// `AVError.Code.undecodableMediaData`.
    public static var undecodableMediaData: Code { .undecodableMediaData }
    /// `AVError.Code.formatUnsupported`.
    public static var formatUnsupported: Code { .formatUnsupported }
    /// `AVError.Code.noSourceTrack`.
    public static var noSourceTrack: Code { .noSourceTrack }
}

/// The user info key of the media type an error concerns.
public let AVErrorMediaTypeKey: String = "AVErrorMediaTypeKey"

extension MovieFailure {
    /// The error iOS gives for this failure of the asset at `url`: a missing or unreadable file in
    /// NSURLErrorDomain or NSCocoaErrorDomain, the rest AVError with iOS's words.
    func error(url: URL) -> any Error {
        let debug = "nsesim (FFmpeg): \(reason)"
        switch status {
        case NSESIM_MOVIE_NOT_FOUND:
            return URLError(
                .fileDoesNotExist,
                userInfo: [
                    NSURLErrorFailingURLErrorKey: url, NSLocalizedDescriptionKey: "The requested URL was not found on this server.",
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT)), NSDebugDescriptionErrorKey: debug,
                ])
        case NSESIM_MOVIE_UNREADABLE:
            return CocoaError(.fileReadNoPermission, userInfo: [NSURLErrorKey: url, NSDebugDescriptionErrorKey: debug])
        case NSESIM_MOVIE_NOT_RECOGNIZED:
            return Self.avError(.fileFormatNotRecognized, "Cannot Open", "This media format is not supported.", debug)
        case NSESIM_MOVIE_PARSE_FAILED:
            return Self.avError(.fileFailedToParse, "Cannot Open", "This media may be damaged.", debug)
        case NSESIM_MOVIE_NO_VIDEO:
            return Self.avError(.noImageAtTime, "Cannot Open", "This media has no video to make an image from.", debug)
        case NSESIM_MOVIE_NO_DECODER:
            return Self.avError(.decoderNotFound, "Cannot Decode", "The decoder required for this media is not available.", debug)
        case NSESIM_MOVIE_DECODE_FAILED:
            return Self.avError(.decodeFailed, "Cannot Decode", "The media data could not be decoded. It may be damaged.", debug)
        case NSESIM_MOVIE_NO_MEMORY:
            return Self.avError(.outOfMemory, "Out of Memory", "There is not enough memory for this operation.", debug)
        default:
            return Self.avError(.unknown, "The operation could not be completed", "An unknown error occurred.", debug)
        }
    }

    private static func avError(_ code: AVError.Code, _ description: String, _ reason: String, _ debug: String) -> AVError {
        AVError(
            code,
            userInfo: [NSLocalizedDescriptionKey: description, NSLocalizedFailureReasonErrorKey: reason, NSDebugDescriptionErrorKey: debug])
    }
}
