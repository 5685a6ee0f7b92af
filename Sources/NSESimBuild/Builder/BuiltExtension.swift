import Foundation
import NSESimProject

/// An extension ready to load: its shared library and the folder it runs from.
package struct BuiltExtension: Sendable {
    /// The shared library with the `nsesim_extension_main_v1` entry point.
    package let library: URL
    /// The extension's bundle folder: the library, its Info.plist and a link to the host
    /// executable, so that `Bundle.main` in the extension is the extension, as on iOS.
    /// Nil for a prebuilt library given directly.
    package let bundleDirectory: URL?
    /// The principal class as the Info.plist names it (nil for a prebuilt library).
    package let principalClass: String?
    /// True when the build came from the cache.
    package let cacheHit: Bool
    /// How long building (or finding the cached build) took.
    package let buildDuration: Duration
    /// What the build changed in a copy of the sources to build them here, one line per
    /// place: `File.swift:12: @objc removed (...)`.
    package var warnings: [String] = []
    /// The Xcode project target it was built from; nil for a folder or a library.
    package var origin: ProjectOrigin?
    /// The extension point its Info.plist names (a prebuilt library: the service extension).
    package var point: ExtensionPoint = .service
    /// The user's source files it was built from (absolute paths; none for a prebuilt
    /// library): crash reports name the file a runtime message gives by `#fileID`.
    package var sources: [String] = []
    /// The file names of the user's module libraries it loads (`libChatCore.so`): their
    /// frames are the extension's own code too.
    package var userModuleLibraries: [String] = []
    /// The sanitizer it was built with (`--sanitize`): its runtime is preloaded into the process.
    package var sanitizer: Sanitizer?
    /// The libraries built with coverage instrumentation (the extension's and its user
    /// modules'), whose coverage mapping llvm-cov reads; empty for a normal build.
    package var instrumentedLibraries: [URL] = []
}
