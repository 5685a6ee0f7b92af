// iOS's AVFoundation re-exports AVFAudio (AVAudioFile, AVAudioPCMBuffer, AVAudioSession),
// CoreMedia (CMTime) and CoreGraphics (CGImage, CGSize, CGAffineTransform, which its asset APIs
// speak): `import AVFoundation` is how most apps reach them. Players and capture are not provided;
// assets are (AVAsset.swift, AVAssetTrack.swift, AVAssetImageGenerator.swift).
@_exported import AVFAudio
@_exported import CoreGraphics
@_exported import CoreMedia
