// iOS's AVFoundation re-exports AVFAudio (AVAudioFile, AVAudioPCMBuffer, AVAudioSession) and
// CoreMedia (CMTime): `import AVFoundation` is how most apps reach them. Players and capture
// are not provided; assets are (AVAsset.swift, AVAssetImageGenerator.swift).
@_exported import AVFAudio
@_exported import CoreMedia
