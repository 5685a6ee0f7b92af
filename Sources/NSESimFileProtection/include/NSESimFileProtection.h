#ifndef NSESIM_FILE_PROTECTION_H
#define NSESIM_FILE_PROTECTION_H

/// iOS's Data Protection for files, in the extension process (docs/phone-state.md, "File
/// protection"). nsesim preloads this library (LD_PRELOAD) into every extension process; it
/// interposes the C library's open calls (open, open64, openat, openat64, their fortified
/// forms, creat, fopen, fopen64, freopen) and refuses, with EPERM as iOS does, an open of a
/// file in an app group or the extension's container whose protection class the phone's lock
/// state (NSESIM_LOCK_STATE) keeps out of reach. A file's class is the extended attribute
/// `user.nsesim.protection` (a sidecar file `NAME.nsesim-protection` on a file system without
/// user extended attributes); a file without one has iOS's default,
/// completeUntilFirstUserAuthentication.
///
/// The functions below are what nsesim's build copy of an extension calls around the Foundation
/// calls that give a class (`Data.write(to:options:)` with a protection option,
/// `FileManager.createFile(atPath:contents:attributes:)` and `setAttributes(_:ofItemAtPath:)`
/// with `.protectionKey`); it finds them with dlsym, so an extension runs without them too.

/// Files this thread creates until `nsesim_file_protection_end` get class `protection`
/// (complete, completeUnlessOpen, completeUntilFirstUserAuthentication, none).
int nsesim_file_protection_begin(const char *path, const char *protection);

/// Ends what `nsesim_file_protection_begin` started; when `succeeded`, `path` gets the class.
void nsesim_file_protection_end(const char *path, int succeeded);

/// Gives the existing file `path` the class `protection` (FileManager's `.protectionKey`):
/// 0, or EPERM when the lock state keeps the file or the class out of reach (recorded).
int nsesim_file_protection_set(const char *path, const char *protection);

/// Reads the environment again (the lock state, the roots, the log): what a process forked
/// from an extension zygote calls once its environment is its own, since the zygote's was read
/// at load. Only before the process starts a thread.
void nsesim_file_protection_reconfigure(void);

#endif
