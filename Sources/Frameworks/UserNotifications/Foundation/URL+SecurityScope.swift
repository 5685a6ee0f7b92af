import Foundation

// Security-scoped access, as a content extension reads its notification's attachments on iOS
// (the attachment store lies outside its sandbox). Linux has no sandbox: access is granted
// when the file can be read, so code that checks the result behaves as on iOS.
extension URL {
    /// Asks for access to the file; true when it can be read (a file URL to a readable file).
    public func startAccessingSecurityScopedResource() -> Bool {
        isFileURL && FileManager.default.isReadableFile(atPath: path)
    }

    /// Gives the access back.
    public func stopAccessingSecurityScopedResource() {}
}
