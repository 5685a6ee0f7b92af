// The same baseline with Foundation loaded, as every extension has it.
import Foundation

if let line = readLine() { print(line, ProcessInfo.processInfo.processIdentifier) }
