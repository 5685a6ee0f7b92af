import Foundation

/// Decides whether a file can be a notification attachment (docs/behaviour.md#attachments), in the order
/// iOS would find the faults: the URL, the claimed type, the size, then the content.
public enum AttachmentValidator {
    /// Validates the file at `url`, whose type comes from `typeHint` (a UTI) if given,
    /// else from its file extension.
    ///
    /// - Throws: ``AttachmentValidationError`` with Apple's code and a message naming the file.
    public static func validate(fileAt url: URL, typeHint: String? = nil) throws(AttachmentValidationError) -> ValidatedAttachment {
        guard url.isFileURL else {
            throw .invalidURL("\(url.absoluteString) is not a file URL; an attachment must be a file on disk")
        }
        let path = url.path
        let reader = try open(path)
        let type = try claimedType(path: path, typeHint: typeHint)
        try checkSize(reader.size, of: type, path: path)

        let head = reader.read(at: 0, count: MagicSniffer.sniffLength)
        let mimeType: String
        do {
            mimeType = try MagicSniffer.mimeType(of: head)
        } catch {
            throw .corrupt("\(path): cannot read the content: \(error)")
        }
        guard let contentType = AttachmentType(mimeType: mimeType) else {
            throw .corrupt("\(path): the content is \(mimeType), not \(type.kind.phrase) (\(type.identifier))")
        }
        guard contentType.kind == type.kind else {
            throw .corrupt(
                "\(path): the content is \(contentType.kind.phrase) (\(mimeType)), "
                    + "but the \(typeHint == nil ? "file extension" : "type hint") claims \(type.kind.phrase) (\(type.identifier))")
        }
        if let problem = ContentCompleteness.problem(in: reader, contentType: contentType) {
            throw .corrupt("\(path): \(problem)")
        }
        return ValidatedAttachment(url: url, type: type, contentType: contentType, mimeType: mimeType, size: reader.size)
    }

    /// Validates the file and the option values that depend on its kind.
    public static func validate(fileAt url: URL, options: AttachmentOptions) throws(AttachmentValidationError) -> ValidatedAttachment {
        let attachment = try validate(fileAt: url, typeHint: options.typeHint)
        try options.check(for: attachment.type.kind)
        return attachment
    }

    /// The type named by the hint, else by the extension.
    public static func claimedType(path: String, typeHint: String?) throws(AttachmentValidationError) -> AttachmentType {
        if let typeHint {
            guard let type = AttachmentType(identifier: typeHint) else {
                throw .unrecognizedType(
                    "\(path): the type hint \(typeHint) is not a supported attachment type; "
                        + "supported: \(AttachmentType.supportedIdentifiers.joined(separator: ", "))")
            }
            return type
        }
        let fileExtension = (path as NSString).pathExtension
        guard !fileExtension.isEmpty else {
            throw .unrecognizedType(
                "\(path) has no file extension and no type hint was given; "
                    + "add an extension (\(AttachmentType.supportedExtensions.joined(separator: ", "))) "
                    + "or UNNotificationAttachmentOptionsTypeHintKey")
        }
        guard let type = AttachmentType(fileExtension: fileExtension) else {
            throw .unrecognizedType(
                "\(path): the extension .\(fileExtension) is not a supported attachment type; "
                    + "supported: \(AttachmentType.supportedExtensions.joined(separator: ", "))")
        }
        return type
    }

    /// Checks a size against the limit of the type's kind.
    public static func checkSize(_ size: Int64, of type: AttachmentType, path: String) throws(AttachmentValidationError) {
        guard size > 0 else { throw .invalidFileSize("\(path) is empty (0 bytes)") }
        let limit = type.kind.maximumSize
        guard size <= limit else {
            throw .invalidFileSize(
                "\(path) is \(size) bytes, over the \(type.kind.maximumMegabytes) MB "
                    + "(\(limit) bytes) limit for \(type.kind.phrase)")
        }
    }

    private static func open(_ path: String) throws(AttachmentValidationError) -> FileReader {
        // O_NONBLOCK: opening a FIFO without a writer would otherwise block forever before
        // fstat can refuse it; on a regular file the flag changes nothing.
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let reason = errno
            switch reason {
            case ENOENT: throw .invalidURL("\(path): no such file")
            case EACCES: throw .invalidURL("\(path) is not readable (permission denied)")
            default: throw .invalidURL("\(path) cannot be opened: \(String(cString: strerror(reason)))")
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw .invalidURL("\(path) cannot be examined: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
            throw .invalidURL("\(path) is \(what); an attachment must be a regular file")
        }
        return FileReader(descriptor: descriptor, size: Int64(info.st_size))
    }
}
