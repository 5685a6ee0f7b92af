import Foundation
import NSESimBuild

/// Which code is the extension's own, and where its sources are: the images built from the
/// user's sources (the extension's library, the user's modules) less the generated entry point
/// and nsesim's support sources; and the user's source files, to name the file a runtime message
/// names by its `#fileID` (`NotificationService/NotificationService.swift`). The build records
/// rewritten sources' lines under the user's paths (`-debug-prefix-map`), so a frame's file needs
/// no mapping back (docs/crashes-and-hangs.md#where-the-file-and-line-come-from).
package struct OwnCode: Sendable, Equatable {
    /// The file names of the images built from the user's sources (`libNotificationService.so`).
    package var images: Set<String>
    /// The user's source files, absolute paths.
    package var sources: [String]

    package init(images: Set<String>, sources: [String] = []) {
        self.images = images
        self.sources = sources
    }

    /// The extension as built: its library, the user's modules it loads, its sources.
    package init(_ built: BuiltExtension) {
        var images: Set<String> = [built.library.lastPathComponent]
        images.formUnion(built.userModuleLibraries)
        self.init(images: images, sources: built.sources)
    }

    /// Whether a frame in `module` (an image's file name or path) at `file`, in `function`, is
    /// the user's code: not the entry point and support sources nsesim generates into the same
    /// library (`__NSESimEntry.swift`, its `@_cdecl` entry and its thunk), nor code the compiler
    /// made up that has no line of the user's (`<compiler-generated>`).
    package func isOwn(module: String?, file: String?, function: String? = nil) -> Bool {
        guard let module else { return false }
        let name = module.split(separator: "/").last.map(String.init) ?? module
        guard images.contains(name) else { return false }
        if let file, let last = file.split(separator: "/").last, last.hasPrefix("__NSESim") || last == "<compiler-generated>" {
            return false
        }
        if let function, function.contains("__nsesimExtensionMain") || function.hasPrefix("nsesim_extension_main") { return false }
        return true
    }

    /// `frame` with ``StackFrame/isOwnCode`` set, and its file the user's source when the line
    /// tables still name the build copy of a rewritten source (`-debug-prefix-map` maps them,
    /// but a crash report must not depend on it).
    package func marked(_ frame: StackFrame) -> StackFrame {
        var marked = frame
        marked.file = frame.file.map(userPath(of:))
        marked.isOwnCode = isOwn(module: frame.module, file: marked.file, function: frame.function)
        return marked
    }

    /// The user's source that `file` is a build copy of (a path inside the build's
    /// `__NSESimSources` folder, same relative path), else `file` as it is.
    package func userPath(of file: String) -> String {
        let marker = "/\(ExtensionBuilder.sourceCopiesFolder)/"
        guard let range = file.range(of: marker, options: .backwards) else { return file }
        let relative = "/" + file[range.upperBound...]
        let matches = sources.filter { $0.hasSuffix(relative) }
        return matches.count == 1 ? matches[0] : file
    }

    /// The user's source that a runtime message names by `#fileID` (`Module/File.swift`) or by
    /// path: the one source of that file name; nil when none (the runtime's own files,
    /// `Swift/ContiguousArrayBuffer.swift`) or when the name is ambiguous.
    package func source(named fileID: String) -> String? {
        if sources.contains(fileID) { return fileID }
        guard let name = fileID.split(separator: "/").last.map(String.init) else { return nil }
        let matches = sources.filter { ($0.split(separator: "/").last.map(String.init)) == name }
        return matches.count == 1 ? matches[0] : nil
    }
}
