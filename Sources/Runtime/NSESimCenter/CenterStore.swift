import Foundation
import NSESimRuntime

/// An app's notification center on disk: `FOLDER/center.json`, changed under an exclusive
/// `flock` of `FOLDER/.lock` (the extension process and nsesim may act at once) and written
/// atomically (a temporary file renamed into place), so a kill at any moment leaves the old
/// state or the new one.
public struct CenterStore: Sendable {
    /// The app's center folder: `apps/APP-ID/NotificationCenter` in nsesim's data folder.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The center of the app whose data folder is `appFolder` (`AppData.root`).
    public init(appFolder: URL) {
        folder = appFolder.appendingPathComponent("NotificationCenter")
    }

    /// The state file.
    public var file: URL { folder.appendingPathComponent("center.json") }

    private var storage: LockedJSONFile { LockedJSONFile(url: file) }

    /// The state now (empty when nothing was stored yet).
    public func read() throws(CenterStoreError) -> CenterState {
        do {
            return try storage.read().map(CenterState.init(jsonValue:)) ?? CenterState()
        } catch {
            throw CenterStoreError(error)
        }
    }

    /// Applies `change` to the stored state and stores the result; returns what `change` returned.
    public func update<Result>(_ change: (inout CenterState) -> Result) throws(CenterStoreError) -> Result {
        do {
            return try storage.update { (content: JSONValue?) throws(LockedJSONFile.Failure) in
                var state = content.map(CenterState.init(jsonValue:)) ?? CenterState()
                let result = change(&state)
                return (state.jsonValue, result)
            }
        } catch {
            throw CenterStoreError(error)
        }
    }

    /// Removes the app's center state.
    public func reset() throws(CenterStoreError) {
        do { try storage.remove() } catch { throw CenterStoreError(error) }
    }
}

/// The center's file cannot be read or written.
public struct CenterStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }

    init(_ failure: LockedJSONFile.Failure) {
        path = failure.path
        message = failure.message.contains("not valid JSON")
            ? "\(failure.message); remove it with `nsesim center reset` to start afresh" : failure.message
    }
}
