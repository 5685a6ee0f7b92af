// iOS's PhotosUI re-exports Photos (`PHLivePhoto` reaches a file that imports PhotosUI only).
@_exported import Photos
