// iOS's AVFoundation re-exports AVFAudio (AVAudioFile, AVAudioPCMBuffer, AVAudioSession),
// CoreMedia (CMTime), CoreGraphics (CGImage, CGSize, CGAffineTransform, which its asset APIs
// speak) and ImageIO (Kingfisher's `AVAssetImageDataProvider` encodes the frame with
// `CGImageDestination` after `import AVKit` alone): `import AVFoundation` is how most apps reach
// them. Players and capture are not provided; assets are (AVAsset.swift, AVAssetTrack.swift,
// AVAssetImageGenerator.swift).
@_exported import AVFAudio
@_exported import CoreGraphics
@_exported import CoreMedia
@_exported import ImageIO
