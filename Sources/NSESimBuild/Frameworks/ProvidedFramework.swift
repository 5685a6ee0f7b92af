/// A module nsesim provides to extensions under the name an extension imports: one of
/// Apple's frameworks, a push SDK's extension module, or a module of nsesim's own.
package struct ProvidedFramework: Sendable, Equatable {
    /// Whose module it stands in for.
    package enum Vendor: Sendable, Equatable {
        /// One of Apple's frameworks (`Sources/Frameworks/`).
        case apple
        /// A push SDK's module, named after the vendor (`Sources/SDKs/`).
        case sdk(String)
    }

    /// When an extension build links the module.
    package enum Linking: Sendable, Equatable {
        /// Always: the module defines the extension point's principal class.
        case always
        /// When a source file imports the module.
        case whenImported
    }

    /// The module name, as the extension's sources import it.
    package let module: String
    /// The shared library among nsesim's products (`lib<library>.so`); also the name the
    /// module is built under when it differs from `module` (an extension build then maps the
    /// Apple name to it with `-module-alias`).
    package let library: String
    /// Other libraries of nsesim's that an extension linking this one must link too: those
    /// whose symbols extension code reaches through this module (a re-export).
    package let alsoLinks: [String]
    /// When it is linked.
    package let linking: Linking
    /// Whose module it stands in for.
    package let vendor: Vendor
    /// Other names an import of it may use (`os.log`, `OSLog` for `os`); the build copy imports
    /// the module by its name instead.
    package let aliases: [String]

    package init(
        module: String, library: String? = nil, alsoLinks: [String] = [], linking: Linking = .whenImported,
        vendor: Vendor = .apple, aliases: [String] = []
    ) {
        self.aliases = aliases
        self.module = module
        self.library = library ?? module
        self.alsoLinks = alsoLinks
        self.linking = linking
        self.vendor = vendor
    }

    /// `-module-alias module=library` when the module is built under another name.
    package var aliasArguments: [String] {
        library == module ? [] : ["-module-alias", "\(module)=\(library)"]
    }

    /// The shared library's file name.
    package var libraryFileName: String { "lib\(library).so" }

    /// Whether an extension whose sources import `imports` links this module.
    package func isLinked(importing imports: Set<String>) -> Bool {
        linking == .always || imports.contains(module) || aliases.contains { imports.contains($0) }
    }
}
