import ArgumentParser
import Foundation

/// The exit statuses of docs/behaviour.md#exit-codes.
enum ExitStatus {
    static let expectationFailed: Int32 = 1
    static let usage: Int32 = 64
    static let badInput: Int32 = 65
    static let missingFile: Int32 = 66
    static let internalError: Int32 = 70
}

/// Prints `nsesim: error: MESSAGE` on standard error and gives the exit code to throw.
func failure(_ message: String, status: Int32) -> ExitCode {
    FileHandle.standardError.write(Data("nsesim: error: \(message)\n".utf8))
    return ExitCode(status)
}
