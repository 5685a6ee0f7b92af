// iOS's PhotosUI re-exports Photos (`PHLivePhoto` reaches a file that imports PhotosUI only).
@_exported import Photos
// PHPicker's results are typed with UTType, which PhotosUI's header brings on iOS.
@_exported import UniformTypeIdentifiers
