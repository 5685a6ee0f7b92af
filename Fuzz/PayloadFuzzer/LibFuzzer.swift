#if NSESIM_LIBFUZZER
/// libFuzzer's driver (compiler-rt's `FuzzerDriver.cpp`), linked by `-sanitize=fuzzer`.
///
/// SwiftPM links an executable's `main` as an alias of the module's own entry point, which
/// hides libFuzzer's `main`; so this module's `main` starts the driver itself. The
/// declaration is C's: `int LLVMFuzzerRunDriver(int *, char ***, int (*)(const uint8_t *, size_t))`
/// (pointer and integer arguments pass the same way in Swift's and C's conventions).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

enum LibFuzzer {
    /// Hands the command line (libFuzzer's flags, corpus folders) to the driver.
    static func run() -> Int32 {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            fuzzOneInput(data, size)
        }
    }
}
#endif
