// `OSStatus` and `CFURL`, which System Sound Services take and return, as Apple's
// AudioToolbox brings them (through CoreFoundation).
@_exported import NSESimCFTypes
