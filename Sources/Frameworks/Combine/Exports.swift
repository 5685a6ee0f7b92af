// Extensions `import Combine` on iOS. OpenCombine has Combine's publishers, subscribers,
// subjects and operators under the same names, so this module re-exports it under Apple's,
// with OpenCombineDispatch, which makes `DispatchQueue` a scheduler as Apple's Combine does
// (`.receive(on: DispatchQueue.main)`).
//
// OpenCombineDispatch declares that conformance only `#if !canImport(Combine)`: it is
// compiled before this module exists, so it does; iOSSourceCompatibilityTests and the
// Combine example extension would show at once if it ever did not.
//
// OpenCombineFoundation (`NotificationCenter.publisher`, `Timer.publish`,
// `URLSession.dataTaskPublisher`) is left out for now: it links FoundationNetworking, which
// every extension that imports Combine would then load at start.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
