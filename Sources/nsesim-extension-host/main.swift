// Linked, not used: every extension loads Foundation (each framework re-exports it), and
// loaded with the executable it is bound lazily and found first by every symbol lookup of the
// libraries dlopen loads next, as in any Swift + Foundation executable; loaded by dlopen
// behind the extension it cost 2.4M more instructions (callgrind). It is the toolchain's
// Foundation, the one the extension links: one copy in the process.
import Foundation
import NSESimZygote

// nsesim-extension-host PLUGIN.so
//
// The process iOS would start for a service extension: it loads the extension with dlopen
// and calls its C entry point with the protocol pipes. It links no nsesim Swift module,
// so the extension's copy of the UserNotifications module is the only one in the process
// (it links the toolchain's Foundation, which every extension loads: see the import).
//
// File descriptors: nsesim's commands arrive on standard input and events leave on
// standard output; both are moved to new descriptors before the extension loads, and
// standard output then points at standard error, so that an extension's print() lands in
// the log instead of corrupting the protocol.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// `nsesim-extension-host --zygote PARENT PADDING [LIBRARY...]`: the extension zygote (Zygote.c),
// before anything else runs: it forks the processes of nsesim's notifications.
if CommandLine.argc >= 4, let mode = CommandLine.unsafeArgv[1], strcmp(mode, "--zygote") == 0 {
    exit(nsesim_zygote_serve(CommandLine.argc, CommandLine.unsafeArgv))
}

let entrySymbol = "nsesim_extension_main_v1"

func fail(_ output: Int32, _ message: String) -> Never {
    var escaped = ""
    for character in message.unicodeScalars {
        switch character {
        case "\\": escaped += "\\\\"
        case "\"": escaped += "\\\""
        case "\n": escaped += "\\n"
        case _ where character.value < 0x20: escaped += " "
        default: escaped.unicodeScalars.append(character)
        }
    }
    let line = "{\"v\":1,\"type\":\"failed\",\"message\":\"\(escaped)\"}\n"
    _ = line.withCString { write(output, $0, strlen($0)) }
    exit(3)
}

// A child subreaper: an orphan of a process the extension starts (a double fork, a
// setsid daemon) becomes this process's child instead of init's, so nsesim still finds it
// among this process's descendants and kills it with the rest. prctl is variadic, which
// Swift cannot call; its fixed form with integer arguments is the same call on Linux.
// (<sys/prctl.h> is not part of Swift's Glibc module: PR_SET_CHILD_SUBREAPER is 36.)
typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
let setChildSubreaper: Int32 = 36
// PR_SET_PTRACER (0x59616d61): nsesim, the parent, and what it starts may read this process's
// stacks when it hangs (eu-stack, docs/crashes-and-hangs.md#hangs), where Yama allows tracing
// only by ancestors; without Yama the call fails and changes nothing.
let setPtracer: Int32 = 0x59616d61
if let symbol = dlsym(nil, "prctl") {  // nil: RTLD_DEFAULT
    let prctl = unsafeBitCast(symbol, to: Prctl.self)
    _ = prctl(setChildSubreaper, 1, 0, 0, 0)
    _ = prctl(setPtracer, UInt(getppid()), 0, 0, 0)
}

let commands = dup(STDIN_FILENO)
let events = dup(STDOUT_FILENO)
guard commands >= 0, events >= 0 else { exit(4) }
_ = fcntl(commands, F_SETFD, FD_CLOEXEC)
_ = fcntl(events, F_SETFD, FD_CLOEXEC)
_ = dup2(STDERR_FILENO, STDOUT_FILENO)
let null = open("/dev/null", O_RDONLY)
if null >= 0 {
    _ = dup2(null, STDIN_FILENO)
    close(null)
}

guard CommandLine.arguments.count == 2 else {
    fail(events, "usage: nsesim-extension-host PLUGIN.so")
}
let path = CommandLine.arguments[1]
// Lazy binding, as every executable gets from the dynamic loader: RTLD_NOW bound every
// function of Foundation and its libraries at load, about 2.5 ms of CPU per process that
// a Swift + Foundation executable does not pay (docs/PERFORMANCE.md). Nothing is lost:
// a missing library or data symbol still fails here; the extension library is linked with
// `-z defs` against the very libraries it loads (their size and date are in its build
// cache key), so no function of its own can be missing at run time.
guard let handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL) else {
    fail(events, "cannot load the extension \(path): \(String(cString: dlerror()))")
}
guard let symbol = dlsym(handle, entrySymbol) else {
    fail(events, "\(path) has no \(entrySymbol) entry point: build the extension with `nsesim build`")
}
// The runtime's protocol work once before `ready`, as a process forked from the extension
// zygote has it done (the zygote ran it before it forked): both start with the same memory
// at `ready`, and the memory limit, which reads the growth above `ready`, reads them alike.
if let prewarm = dlsym(handle, "nsesim_runtime_prewarm_v1") {
    unsafeBitCast(prewarm, to: (@convention(c) () -> Void).self)()
}
typealias Entry = @convention(c) (Int32, Int32) -> Int32
let entry = unsafeBitCast(symbol, to: Entry.self)
// Never dlclose a Swift library (the next dynamic cast would crash): the process simply exits.
exit(entry(commands, events))
