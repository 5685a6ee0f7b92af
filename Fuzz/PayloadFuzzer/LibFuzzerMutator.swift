#if NSESIM_LIBFUZZER
import Foundation
import NSESimCore

/// libFuzzer's own byte mutations (`size_t LLVMFuzzerMutate(uint8_t *, size_t, size_t)`).
@_silgen_name("LLVMFuzzerMutate")
private func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int) -> Int

/// libFuzzer's hook for custom mutations: half of them are libFuzzer's byte mutations,
/// half ``JSONMutator``'s (byte mutations again when the input is not JSON or the result
/// does not fit).
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var random = SplitMix64(seed: UInt64(seed))
    guard let data, random.next() % 2 == 0,
        let mutated = JSONMutator.mutate(Data(bytes: data, count: size), random: &random),
        mutated.count <= maxSize
    else {
        return LLVMFuzzerMutate(data, size, maxSize)
    }
    mutated.copyBytes(to: data, count: mutated.count)
    return mutated.count
}
#endif
