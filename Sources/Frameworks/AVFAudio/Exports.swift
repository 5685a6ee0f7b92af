// Apple's AVFAudio brings Foundation (URL, NSError, Data) with it.
@_exported import Foundation
