import Foundation

/// Data offered in several representations, loaded on request (Foundation's `NSItemProvider`,
/// which Linux's lacks): what a photo picker result or a shared item carries. Each
/// representation is registered under a uniform type identifier with a loader; loads call their
/// completion handler on a background queue, as on iOS.
open class NSItemProvider: NSObject, @unchecked Sendable {
    /// Loads one representation: calls its handler with the data or an error.
    public typealias DataLoader = @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?

    private let lock = NSLock()
    private var representations: [(type: String, load: DataLoader)] = []
    /// The name suggested for a file made from the item.
    open var suggestedName: String?

    /// An empty provider.
    public override init() { super.init() }

    /// A provider of a file's contents, its type from the file name's extension; nil when the
    /// file cannot be read.
    public convenience init?(contentsOf fileURL: URL) {
        guard FileManager.default.isReadableFile(atPath: fileURL.path) else { return nil }
        self.init()
        suggestedName = fileURL.deletingPathExtension().lastPathComponent
        let type = Self.typeIdentifier(forExtension: fileURL.pathExtension)
        registerDataRepresentation(forTypeIdentifier: type) { completion in
            do {
                completion(try Data(contentsOf: fileURL), nil)
            } catch {
                completion(nil, error)
            }
            return nil
        }
    }

    /// A provider of `item` (data, a string or a URL) under `typeIdentifier`.
    public convenience init(item: (any NSSecureCoding)?, typeIdentifier: String?) {
        self.init()
        guard let item, let typeIdentifier else { return }
        let data: Data? =
            (item as? NSData).map { Data(referencing: $0) } ?? (item as? NSString).map { Data(($0 as String).utf8) }
            ?? (item as? NSURL).flatMap { ($0 as URL).absoluteString.data(using: .utf8) }
        registerDataRepresentation(forTypeIdentifier: typeIdentifier) { completion in
            completion(data, data == nil ? CocoaError(.coderInvalidValue) : nil)
            return nil
        }
    }

    /// Registers a representation.
    open func registerDataRepresentation(
        forTypeIdentifier typeIdentifier: String, visibility: NSItemProviderRepresentationVisibility = .all,
        loadHandler: @escaping DataLoader
    ) {
        lock.withLock { representations.append((typeIdentifier, loadHandler)) }
    }

    /// The registered types, in the order registered.
    open var registeredTypeIdentifiers: [String] { lock.withLock { representations.map(\.type) } }

    /// Whether a representation of `typeIdentifier`, or of a type conforming to it, is registered
    /// (`public.image` is conformed to by `public.jpeg`, `public.png`, …).
    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        representation(conformingTo: typeIdentifier) != nil
    }

    /// Loads the representation conforming to `typeIdentifier`; an error (Cocoa's
    /// `fileReadUnknown`… as iOS's `NSItemProviderErrorDomain` unavailable-coercion) when there is none.
    @discardableResult
    open func loadDataRepresentation(
        forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        guard let representation = representation(conformingTo: typeIdentifier) else {
            DispatchQueue.global().async {
                completionHandler(
                    nil,
                    NSError(
                        domain: NSItemProviderErrorDomain, code: NSItemProvider.ErrorCode.unavailableCoercionError.rawValue,
                        userInfo: [NSLocalizedDescriptionKey: "Cannot load representation of type \(typeIdentifier)"]))
            }
            return progress
        }
        let load = representation.load
        DispatchQueue.global().async {
            _ = load { data, error in
                progress.completedUnitCount = 1
                completionHandler(data, error)
            }
        }
        return progress
    }

    private func representation(conformingTo typeIdentifier: String) -> (type: String, load: DataLoader)? {
        let all = lock.withLock { representations }
        return all.first { $0.type == typeIdentifier } ?? all.first { Self.conforms($0.type, to: typeIdentifier) }
    }

    /// The few conformances item providers are asked about: images, movies, text and data.
    static func conforms(_ type: String, to parent: String) -> Bool {
        if parent == "public.data" || parent == "public.item" { return true }
        let images = [
            "public.jpeg", "public.png", "com.compuserve.gif", "public.heic", "public.heif", "org.webmproject.webp", "public.tiff",
        ]
        let movies = ["public.mpeg-4", "com.apple.quicktime-movie", "public.avi", "public.mpeg"]
        switch parent {
        case "public.image": return images.contains(type)
        case "public.movie", "public.audiovisual-content": return movies.contains(type)
        case "public.text": return type == "public.plain-text" || type == "public.utf8-plain-text"
        default: return false
        }
    }

    static func typeIdentifier(forExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "jpg", "jpeg": "public.jpeg"
        case "png": "public.png"
        case "gif": "com.compuserve.gif"
        case "heic": "public.heic"
        case "webp": "org.webmproject.webp"
        case "mp4", "m4v": "public.mpeg-4"
        case "mov": "com.apple.quicktime-movie"
        case "txt": "public.plain-text"
        default: "public.data"
        }
    }

    /// NSItemProvider's error codes.
    public enum ErrorCode: Int, Sendable {
        case unknownError = -1, itemUnavailableError = -1000, unexpectedValueClassError = -1100, unavailableCoercionError = -1200
    }
}

/// Who may see a representation.
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
    case all = 0, team = 1, group = 2, ownProcess = 3
}

/// The error domain of `NSItemProvider`'s loads.
public let NSItemProviderErrorDomain = "NSItemProviderErrorDomain"
