import Foundation

/// What to say when an extension imports a module nsesim does not have.
enum MissingModule {
    /// swiftc's `File.swift:3:8: error: no such module 'X'`, followed by what nsesim
    /// provides; any other line as it is.
    static func explain(_ line: String) -> String {
        guard let range = line.range(of: "error: no such module '"),
            let end = line[range.upperBound...].firstIndex(of: "'")
        else { return line }
        let module = line[range.upperBound..<end]
        return line + ": nsesim provides \(FrameworkTable.moduleList) to extensions, and \(module) is not among "
            + "them. Supply it: put its Swift sources in Modules/\(module)/ in or beside the extension folder, "
            + "or in DIR/\(module)/ with --modules DIR, or give the local Swift package that has it with --package PATH"
    }
}
