// iOS's AVKit re-exports AVFoundation: image libraries (Kingfisher, Nuke) `import AVKit` and
// use `AVAsset`, `AVAssetImageGenerator` and `CMTime` from it. AVKit's own player views and
// controllers are not provided: a notification service extension shows no UI.
@_exported import AVFoundation
