// iOS's AVFoundation re-exports AVFAudio (AVAudioFile, AVAudioPCMBuffer, AVAudioSession):
// `import AVFoundation` is how most apps reach them. The rest of AVFoundation (players,
// assets, capture) is not provided.
@_exported import AVFAudio
