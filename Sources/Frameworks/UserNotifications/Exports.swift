// As Apple's UserNotifications re-exports Foundation, this module makes Foundation
// visible to every file that imports it, and FoundationNetworking too, so that an iOS
// extension that uses URLSession after importing only UserNotifications builds unchanged.
@_exported import Foundation
// nsesim's downloader for plugins (`NSESimDownloader`), reached through UserNotifications as
// it always has been; it lives in its own module so that the SDK stand-ins share it.
@_exported import NSESimDownloads

#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
