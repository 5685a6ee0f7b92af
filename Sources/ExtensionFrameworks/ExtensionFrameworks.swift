// Nothing here: this library exists so that `swift build` builds every framework library
// that extensions may import (Package.swift's `frameworks`), whether nsesim itself uses it or
// not. nsesim links each into an extension only when the extension imports it
// (NSESimBuild's `FrameworkTable`).
