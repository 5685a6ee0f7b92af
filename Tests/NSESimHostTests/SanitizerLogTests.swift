import Foundation
import NSESimBuild
import Testing

@testable import NSESimHost

/// The sanitizer runtimes' logs as nsesim has them write (`log_path`, frames in
/// `SanitizerLog.frameFormat`), parsed into the report's findings; real captured outputs of a
/// library `dlopen`ed by an uninstrumented executable with the runtime preloaded, as the
/// extension host runs one (docs/sanitizers.md). No process.
@Suite("Sanitizer logs")
struct SanitizerLogTests {
    /// ThreadSanitizer on two serial queues of a DispatchGroup appending to one captured value.
    static let threadLog = #"""
        ==================
        WARNING: ThreadSanitizer: Swift access race (pid=25838)
          Modifying access of Swift variable at 0x720800000010 by thread T2:
            #0|0x7fcd6c043088|$s4tsan15runDispatchRaceyyFyyYbcfU0_|/tmp/sanx/lib.swift|0|82|/tmp/sanx/libtsan.so|0x3087
            #1|0x7fcd6c04311e|$s4tsan15runDispatchRaceyyFyyYbcfU0_TA|/<compiler-generated>|0|0|/tmp/sanx/libtsan.so|0x311d
            #2|0x7fcd6c042da3|$sIegh_IeyBh_TR|/<compiler-generated>|0|0|/tmp/sanx/libtsan.so|0x2da2
            #3|0x7fcd6cd08abb|_____interceptor_dispatch_group_async_block_invoke|/home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_libdispatch.cpp|361|5|/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.tsan-x86_64.so|0x108aba
            #4|0x7fcd6e1c5113|_dispatch_lane_serial_drain|crtstuff.c|0|0|/opt/swift/usr/lib/swift/linux/libdispatch.so|0x2f112

          Previous write of size 1 at 0x720800000010 by thread T1:
            #0|0x7fcd6c042cc9|$s4tsan15runDispatchRaceyyFyyYbcfU_|/tmp/sanx/lib.swift|17|75|/tmp/sanx/libtsan.so|0x2cc8
            #1|0x7fcd6c042d2e|$s4tsan15runDispatchRaceyyFyyYbcfU_TA|/<compiler-generated>|0|0|/tmp/sanx/libtsan.so|0x2d2d
            #2|0x7fcd6c042da3|$sIegh_IeyBh_TR|/<compiler-generated>|0|0|/tmp/sanx/libtsan.so|0x2da2
            #3|0x7fcd6cd08abb|_____interceptor_dispatch_group_async_block_invoke|/home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_libdispatch.cpp|361|5|/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.tsan-x86_64.so|0x108aba
            #4|0x7fcd6e1c5113|_dispatch_lane_serial_drain|crtstuff.c|0|0|/opt/swift/usr/lib/swift/linux/libdispatch.so|0x2f112

          As if synchronized via sleep:
            #0|0x7fcd6cc86658|usleep|/home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp|405|3|/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.tsan-x86_64.so|0x86657
            #1|0x7fcd6c042f80|$s4tsan15runDispatchRaceyyFyyYbcfU0_|/tmp/sanx/lib.swift|18|30|/tmp/sanx/libtsan.so|0x2f7f
            #2|0x7fcd6c04311e|$s4tsan15runDispatchRaceyyFyyYbcfU0_TA|/<compiler-generated>|0|0|/tmp/sanx/libtsan.so|0x311d
            #3|0x7fcd6c042da3|$sIegh_IeyBh_TR|/<compiler-generated>|0|0|/tmp/sanx/libtsan.so|0x2da2
            #4|0x7fcd6cd08abb|_____interceptor_dispatch_group_async_block_invoke|/home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_libdispatch.cpp|361|5|/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.tsan-x86_64.so|0x108aba
            #5|0x7fcd6e1c5113|_dispatch_lane_serial_drain|crtstuff.c|0|0|/opt/swift/usr/lib/swift/linux/libdispatch.so|0x2f112

          Location is heap block of size 24 at 0x720800000000 allocated by main thread:
            #0|0x7fcd6cc87a91|malloc|/home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp|686|5|/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.tsan-x86_64.so|0x87a90
            #1|0x7fcd6c86fa6f|swift_slowAlloc|<null>|0|0|/opt/swift/usr/lib/swift/linux/libswiftCore.so|0x46fa6e
            #2|0x7fcd6c043afa|$s4tsan15runDispatchRaceyyF|/tmp/sanx/lib.swift|14|15|/tmp/sanx/libtsan.so|0x3af9
            #3|0x7fcd6c043a46|run_dispatch_race|/<compiler-generated>|0|0|/tmp/sanx/libtsan.so|0x3a45
            #4|0x557bd79564ab|main|<null>|0|0|/tmp/sanx/host|0x14aa

          Thread T2 '-qos.overcommit' (tid=25841, running) created by main thread at:
            #0|0x7fcd6cc8967b|pthread_create|/home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp|1094|3|/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.tsan-x86_64.so|0x8967a
            #1|0x7fcd6e1c8196|_dispatch_root_queue_poke_slow|queue.c|0|0|/opt/swift/usr/lib/swift/linux/libdispatch.so|0x32195
            #2|0x7fcd6cd08a47|dispatch_group_async|/home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_libdispatch.cpp|360|3|/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.tsan-x86_64.so|0x108a46
            #3|0x7fcd6e128418|$s8Dispatch0A5QueueC5async5group3qos5flags7executeyAA0A5GroupCSg_AA0A3QoSVAA0A13WorkItemFlagsVyyYbXBtF|<null>|0|0|/opt/swift/usr/lib/swift/linux/libswiftDispatch.so|0x1e417
            #4|0x7fcd6c043a46|run_dispatch_race|/<compiler-generated>|0|0|/tmp/sanx/libtsan.so|0x3a45
            #5|0x557bd79564ab|main|<null>|0|0|/tmp/sanx/host|0x14aa

          Thread T1 '-qos.overcommit' (tid=25840, running) created by main thread at:
            #0|0x7fcd6cc8967b|pthread_create|/home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp|1094|3|/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.tsan-x86_64.so|0x8967a
            #1|0x7fcd6e1c8196|_dispatch_root_queue_poke_slow|queue.c|0|0|/opt/swift/usr/lib/swift/linux/libdispatch.so|0x32195
            #2|0x7fcd6cd08a47|dispatch_group_async|/home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_libdispatch.cpp|360|3|/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.tsan-x86_64.so|0x108a46
            #3|0x7fcd6e128418|$s8Dispatch0A5QueueC5async5group3qos5flags7executeyAA0A5GroupCSg_AA0A3QoSVAA0A13WorkItemFlagsVyyYbXBtF|<null>|0|0|/opt/swift/usr/lib/swift/linux/libswiftDispatch.so|0x1e417
            #4|0x7fcd6c043a46|run_dispatch_race|/<compiler-generated>|0|0|/tmp/sanx/libtsan.so|0x3a45
            #5|0x557bd79564ab|main|<null>|0|0|/tmp/sanx/host|0x14aa

        SUMMARY: ThreadSanitizer: Swift access race /tmp/sanx/lib.swift in $s4tsan15runDispatchRaceyyFyyYbcfU0_
        ==================
        ThreadSanitizer: reported 1 warnings
        """#

    /// AddressSanitizer on a write one byte past a [UInt8] through `withUnsafeMutableBytes`
    /// (`abort_on_error=1`: the process then aborts).
    static let addressLog = #"""
        =================================================================
        ==25862==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x7b4de87e0200 at pc 0x7f0ded9196d3 bp 0x7ffebf615e90 sp 0x7ffebf615e88
        WRITE of size 1 at 0x7b4de87e0200 thread T0
            #0|0x7f0ded9196d2|$s4asan11runOverflowyyFySwXEfU_|/tmp/sanx/lib.swift|27|15|/tmp/sanx/libasan.so|0x36d2
            #1|0x7f0ded3891ad|$sSa22withUnsafeMutableBytesyqd__qd__SwKXEKlFqd__SryxGzKXEfU_Tm|Swift.o|0|0|/opt/swift/usr/lib/swift/linux/libswiftCore.so|0x1891ad
            #2|0x7f0ded4f0e2b|$sSa22withUnsafeMutableBytesyqd__qd__SwKXEKlF|<null>|0|0|/opt/swift/usr/lib/swift/linux/libswiftCore.so|0x2f0e2b
            #3|0x7f0ded91aa4a|$s4asan11runOverflowyyF|/tmp/sanx/lib.swift|25|10|/tmp/sanx/libasan.so|0x4a4a
            #4|0x7f0ded91a908|run_overflow|/<compiler-generated>|0|0|/tmp/sanx/libasan.so|0x4908
            #5|0x55ca8b7bc4aa|main|<null>|0|0|/tmp/sanx/host|0x14aa
            #6|0x7f0debe6c249|__libc_start_call_main|csu/../sysdeps/nptl/libc_start_call_main.h|58|16|/lib/x86_64-linux-gnu/libc.so.6|0x27249
            #7|0x7f0debe6c304|__libc_start_main|csu/../csu/libc-start.c|360|3|/lib/x86_64-linux-gnu/libc.so.6|0x27304
            #8|0x55ca8b7bbee0|_start|<null>|0|0|/tmp/sanx/host|0xee0

        0x7b4de87e0200 is located 0 bytes after 48-byte region [0x7b4de87e01d0,0x7b4de87e0200)
        allocated by thread T0 here:
            #0|0x7f0dedb21a14|malloc|/home/build-user/llvm-project/compiler-rt/lib/asan/asan_malloc_linux.cpp|67|3|/opt/swift/usr/lib/clang/21/lib/linux/libclang_rt.asan-x86_64.so|0x121a14
            #1|0x7f0ded66fa6e|swift_slowAlloc|<null>|0|0|/opt/swift/usr/lib/swift/linux/libswiftCore.so|0x46fa6e
            #2|0x7f0ded66fdc6|swift_allocObject|<null>|0|0|/opt/swift/usr/lib/swift/linux/libswiftCore.so|0x46fdc6
            #3|0x7f0ded4eba56|$ss22_ContiguousArrayBufferV19_uninitializedCount15minimumCapacityAByxGSi_SitcfC|<null>|0|0|/opt/swift/usr/lib/swift/linux/libswiftCore.so|0x2eba56
            #4|0x7f0dee6ff580|$sSa9repeating5countSayxGx_SitcfCs5UInt8V_Tg5Tm|SwiftOnoneSupport.o|0|0|/opt/swift/usr/lib/swift/linux/libswiftSwiftOnoneSupport.so|0x2b580
            #5|0x7f0ded91aa13|$s4asan11runOverflowyyF|/tmp/sanx/lib.swift|24|22|/tmp/sanx/libasan.so|0x4a13
            #6|0x7f0ded91a908|run_overflow|/<compiler-generated>|0|0|/tmp/sanx/libasan.so|0x4908
            #7|0x55ca8b7bc4aa|main|<null>|0|0|/tmp/sanx/host|0x14aa
            #8|0x7f0debe6c249|__libc_start_call_main|csu/../sysdeps/nptl/libc_start_call_main.h|58|16|/lib/x86_64-linux-gnu/libc.so.6|0x27249

        SUMMARY: AddressSanitizer: heap-buffer-overflow /tmp/sanx/lib.swift:27:15 in $s4asan11runOverflowyyFySwXEfU_
        Shadow bytes around the buggy address:
          0x7b4de87dff80: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
          0x7b4de87e0000: fa fa 00 00 00 00 00 07 fa fa fd fd fd fd fd fa
        """#

    /// UBSan (`report_error_type=1`) on a C function's signed overflow.
    static let undefinedLog = #"""
        ub.c:3:49: runtime error: signed integer overflow: 2147483647 * 2 cannot be represented in type 'int'
            #0|0x557c6785481a|scale|/tmp/sanx/ub.c|3|49|/tmp/sanx/ub|0x81a
            #1|0x557c67854886|main|/tmp/sanx/ub.c|4|50|/tmp/sanx/ub|0x886
            #2|0x7f2325e45249|__libc_start_call_main|csu/../sysdeps/nptl/libc_start_call_main.h|58|16|/lib/x86_64-linux-gnu/libc.so.6|0x27249
            #3|0x7f2325e45304|__libc_start_main|csu/../csu/libc-start.c|360|3|/lib/x86_64-linux-gnu/libc.so.6|0x27304
            #4|0x557c67854700|_start|<null>|0|0|/tmp/sanx/ub|0x700

        SUMMARY: UndefinedBehaviorSanitizer: signed-integer-overflow ub.c:3:49 
        """#

    @Test("A ThreadSanitizer Swift access race: one data-race finding, its stacks, the own frame with its line")
    func threadRace() throws {
        let findings = SanitizerLog.parse(Self.threadLog, ownCode: OwnCode(images: ["libtsan.so"], sources: ["/tmp/sanx/lib.swift"]))
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.sanitizer == "thread")
        #expect(finding.kind == "data-race")
        #expect(
            finding.summary == "Swift access race; Modifying access of Swift variable by thread T2; Previous write of size 1 by thread T1")
        #expect(finding.stacks.count == 6)
        #expect(finding.stacks[0].title == "Modifying access of Swift variable by thread T2")
        #expect(finding.stacks[0].frames.count == 5)
        // The access the compiler gave line 0 is named by the other access's line.
        let own = try #require(finding.ownFrame)
        #expect(own.file == "/tmp/sanx/lib.swift")
        #expect(own.line == 17)
        #expect(own.column == 75)
        #expect(own.module == "libtsan.so")
        #expect(own.function == "$s4tsan15runDispatchRaceyyFyyYbcfU_")
        // The generated thunks and the runtime's own frames are not the user's.
        #expect(finding.stacks[0].frames[1].isOwnCode == false)
        #expect(finding.stacks[0].frames[3].isOwnCode == false)
        #expect(finding.stacks[0].frames[3].line == 361)
        #expect(finding.line.hasPrefix("data-race at lib.swift:17 in $s4tsan"))
    }

    @Test("An AddressSanitizer heap-buffer-overflow: the write, the region, the allocation, the own frame")
    func addressOverflow() throws {
        let findings = SanitizerLog.parse(Self.addressLog, ownCode: OwnCode(images: ["libasan.so"]))
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.sanitizer == "address")
        #expect(finding.kind == "heap-buffer-overflow")
        #expect(finding.summary == "heap-buffer-overflow; WRITE of size 1 thread T0; is located 0 bytes after 48-byte region")
        #expect(finding.stacks.map(\.title) == ["WRITE of size 1 thread T0", "allocated by thread T0 here"])
        #expect(finding.stacks[0].frames.count == 9)
        #expect(finding.stacks[0].frames[1].module == "libswiftCore.so")
        #expect(finding.stacks[0].frames[5].file == nil)
        let own = try #require(finding.ownFrame)
        #expect(own.line == 27)
        #expect(own.file == "/tmp/sanx/lib.swift")
    }

    @Test("A UBSan runtime error: the check's name from the summary, the C frames")
    func undefinedOverflow() throws {
        let findings = SanitizerLog.parse(Self.undefinedLog, ownCode: OwnCode(images: ["ub"]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.sanitizer == "undefined")
        #expect(finding.kind == "signed-integer-overflow")
        #expect(finding.summary == "signed integer overflow: 2147483647 * 2 cannot be represented in type 'int'")
        let own = try #require(finding.ownFrame)
        #expect(own.function == "scale")
        #expect(own.file == "/tmp/sanx/ub.c")
        #expect(own.line == 3)
        #expect(
            finding.line
                == "signed-integer-overflow at ub.c:3 in scale — signed integer overflow: 2147483647 * 2 cannot be represented in type 'int'"
        )
    }

    @Test("The same race twice (a Swift access race, then a data race at the same place) is one finding; text without findings is none")
    func repeatsAndNothing() {
        let twice = Self.threadLog + Self.threadLog.replacingOccurrences(of: "Swift access race", with: "data race")
        let ownCode = OwnCode(images: ["libtsan.so"])
        #expect(SanitizerLog.parse(twice, ownCode: ownCode).count == 1)
        #expect(SanitizerLog.parse("", ownCode: ownCode).isEmpty)
        #expect(SanitizerLog.parse("hello\nworld\n#0 not a frame", ownCode: ownCode).isEmpty)
    }

    @Test("Titles without addresses: an access, a heap block, a region, a thread")
    func titles() {
        #expect(
            SanitizerLog.withoutAddresses("Previous write of size 1 at 0x720800000010 by thread T1:")
                == "Previous write of size 1 by thread T1")
        #expect(
            SanitizerLog.withoutAddresses("Location is heap block of size 24 at 0x720800000000 allocated by main thread:")
                == "Location is heap block of size 24 allocated by main thread")
        #expect(
            SanitizerLog.withoutAddresses("0x7b4de87e0200 is located 0 bytes after 48-byte region [0x7b4de87e01d0,0x7b4de87e0200)")
                == "is located 0 bytes after 48-byte region")
        #expect(
            SanitizerLog.withoutAddresses("Thread T1 'host' (tid=4359, finished) created by main thread at:")
                == "Thread T1 'host' (tid=4359, finished) created by main thread")
    }

    @Test("Kinds: ThreadSanitizer's and AddressSanitizer's words, UBSan's messages before the summary names the check")
    func kinds() {
        #expect(SanitizerLog.threadKind("lock-order-inversion (potential deadlock)") == "lock-order-inversion")
        #expect(SanitizerLog.threadKind("thread leak") == "thread-leak")
        #expect(SanitizerLog.addressKind("heap-use-after-free") == "use-after-free")
        #expect(SanitizerLog.addressKind("stack-buffer-overflow") == "stack-buffer-overflow")
        #expect(SanitizerLog.undefinedKind("division by zero") == "integer-divide-by-zero")
        #expect(SanitizerLog.undefinedKind("something new") == "undefined-behavior")
    }

    @Test("A sanitizer's runtime missing from the toolchain is an error naming the file looked for and the variable")
    func missingRuntime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-no-runtimes-\(UUID().uuidString)")
        let expected = folder.appendingPathComponent("libclang_rt.tsan-x86_64.so").path
        #expect(
            Sanitizer.runtimeFolder(
                swiftc: URL(fileURLWithPath: "/usr/bin/swiftc"), environment: ["NSESIM_SANITIZER_RUNTIMES": folder.path]) == folder)
        do {
            _ = try Sanitizer.thread.runtime(in: folder)
            Issue.record("no error for a missing runtime")
        } catch {
            #expect(error.description.contains(expected))
            #expect(error.description.contains("NSESIM_SANITIZER_RUNTIMES"))
        }
    }

    @Test("The runtimes' options: the log beside the container, go on after a race, stop at a memory error")
    func options() {
        let thread = Sanitizer.thread.options(logPath: "/tmp/c.sanitizer")
        #expect(thread.contains("log_path=/tmp/c.sanitizer"))
        #expect(thread.contains("halt_on_error=0"))
        #expect(thread.contains("symbolize=0"))
        #expect(Sanitizer.address.options(logPath: "/x").contains("abort_on_error=1"))
        #expect(Sanitizer.undefined.options(logPath: "/x").contains("halt_on_error=0"))
        #expect(Sanitizer.keyPart(nil) == "")
        #expect(Sanitizer.keyPart(.thread) == "; sanitizer thread")
        #expect(Sanitizer.undefined.swiftcArguments(runtimeFolder: URL(fileURLWithPath: "/r")).isEmpty)
        #expect(
            Sanitizer.thread.swiftcArguments(runtimeFolder: URL(fileURLWithPath: "/r")).starts(with: [
                "-sanitize=thread", "-L", "/r", "-lclang_rt.tsan-x86_64",
            ]))
    }
}
