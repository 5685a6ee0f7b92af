#ifndef NSESIM_CAUDIOFILE_H
#define NSESIM_CAUDIOFILE_H
// The audio file operations AVFAudio's stand-in needs, over Debian's libsndfile (libsndfile1),
// loaded with dlopen on the first file opened, so an extension that imports AVFAudio for its
// session or formats loads nothing. A file is an opaque pointer: nsesim_audio_close() frees it.
#include <stddef.h>
#include <stdint.h>

/// What an open file holds: frames, rate, channels and libsndfile's format word
/// (container in 0x0FFF0000, encoding in 0x0000FFFF, endianness in 0x30000000).
typedef struct {
    int64_t frames;
    int sample_rate;
    int channels;
    int format;
} nsesim_audio_info;

/// The sample types frames are read and written as.
typedef enum {
    NSESIM_AUDIO_INT16 = 1,
    NSESIM_AUDIO_INT32 = 2,
    NSESIM_AUDIO_FLOAT32 = 3,
    NSESIM_AUDIO_FLOAT64 = 4,
} nsesim_audio_sample;

/// Loads libsndfile once. Returns 1 when loaded; else 0 with the reason in error.
int nsesim_audio_load(char *error, size_t size);
/// libsndfile's version string ("libsndfile-1.2.0"), or "" when it is not loaded.
const char *nsesim_audio_library_version(void);
/// Opens `path` for reading (libsndfile loaded) and fills info, or NULL with libsndfile's reason in error.
void *nsesim_audio_open_read(const char *path, nsesim_audio_info *info, char *error, size_t size);
/// Creates `path` for writing frames of `info` (its frames ignored), or NULL with the reason in error.
void *nsesim_audio_open_write(const char *path, const nsesim_audio_info *info, char *error, size_t size);
/// Whether libsndfile can write this format, rate and channel count (1) or not (0).
int nsesim_audio_format_ok(const nsesim_audio_info *info);
/// Reads up to `frames` interleaved frames of `sample` type into data; the frames read, or -1.
int64_t nsesim_audio_read(void *file, nsesim_audio_sample sample, void *data, int64_t frames);
/// Writes `frames` interleaved frames of `sample` type from data; the frames written, or -1.
int64_t nsesim_audio_write(void *file, nsesim_audio_sample sample, const void *data, int64_t frames);
/// Moves to frame `frame` from the start; the new position, or -1.
int64_t nsesim_audio_seek(void *file, int64_t frame);
/// libsndfile's description of the file's last error.
const char *nsesim_audio_error(void *file);
/// Flushes and closes the file (the header then says its length).
void nsesim_audio_close(void *file);

#endif
