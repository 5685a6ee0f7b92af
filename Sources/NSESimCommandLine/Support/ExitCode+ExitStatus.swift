import ArgumentParser
import Foundation
import NSESimRuntime

extension ExitCode {
    /// The command's exit with `status` (NSESimRuntime's `ExitStatus`, shared with the
    /// library errors).
    package init(_ status: ExitStatus) {
        self.init(status.code)
    }
}

/// Prints `nsesim: error: MESSAGE` on standard error and gives the exit code to throw.
package func failure(_ message: String, status: ExitStatus) -> ExitCode {
    FileHandle.standardError.write(Data("nsesim: error: \(message)\n".utf8))
    return ExitCode(status)
}
