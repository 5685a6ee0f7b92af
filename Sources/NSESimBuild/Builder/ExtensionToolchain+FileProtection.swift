import Foundation

extension ExtensionToolchain {
    /// The file name of the file-protection interposer among nsesim's products (the root
    /// package's C target `NSESimFileProtection`), preloaded into every extension process.
    package static let fileProtectionLibraryName = "libNSESimFileProtection.so"

    /// The file-protection interposer preloaded into every extension process.
    package var fileProtectionLibrary: URL { productsDirectory.appendingPathComponent(Self.fileProtectionLibraryName) }
}
