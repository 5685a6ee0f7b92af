import Foundation

/// libFuzzer's entry point: one input, any bytes. A failed check traps, which libFuzzer
/// reports as a crash and saves the input as the reproducer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    do {
        try PayloadCheck.run(bytes)
        try StringsCheck.run(bytes)
    } catch {
        fatalError("\(error)")
    }
    return 0
}
