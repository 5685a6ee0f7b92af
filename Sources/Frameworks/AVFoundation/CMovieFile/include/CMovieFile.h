#ifndef NSESIM_CMOVIEFILE_H
#define NSESIM_CMOVIEFILE_H
// The movie operations AVFoundation's stand-in needs, over Debian's FFmpeg libraries (libavformat,
// libavcodec, libswscale, libavutil), loaded with dlopen on the first asset read, so an extension
// that imports AVFoundation for audio loads none of them. A movie is an opaque pointer, used by one
// thread at a time: nsesim_movie_close() frees it.
#include <stddef.h>
#include <stdint.h>

/// What went wrong, so that Swift can answer with AVFoundation's error.
typedef enum {
    NSESIM_MOVIE_OK = 0,
    /// The libraries are missing or too old (the reason is in the error text).
    NSESIM_MOVIE_NO_LIBRARY = 1,
    /// The file is not there.
    NSESIM_MOVIE_NOT_FOUND = 2,
    /// The file cannot be read (permissions, I/O).
    NSESIM_MOVIE_UNREADABLE = 3,
    /// No container iOS opens recognises the bytes.
    NSESIM_MOVIE_NOT_RECOGNIZED = 4,
    /// The container was recognised but is damaged.
    NSESIM_MOVIE_PARSE_FAILED = 5,
    /// No video track to take a frame from.
    NSESIM_MOVIE_NO_VIDEO = 6,
    /// The video's codec has no decoder in libavcodec.
    NSESIM_MOVIE_NO_DECODER = 7,
    /// The decoder refused the data.
    NSESIM_MOVIE_DECODE_FAILED = 8,
    /// Memory ran out.
    NSESIM_MOVIE_NO_MEMORY = 9,
} nsesim_movie_status;

/// What a stream holds.
typedef enum {
    NSESIM_STREAM_OTHER = 0,
    NSESIM_STREAM_VIDEO = 1,
    NSESIM_STREAM_AUDIO = 2,
    NSESIM_STREAM_SUBTITLE = 3,
} nsesim_stream_kind;

/// What the container says of the whole movie.
typedef struct {
    /// The duration in microseconds, or -1 when the container does not say.
    int64_t duration_us;
    /// Streams in the container.
    int stream_count;
    /// libavformat's name of the container ("mov,mp4,m4a,3gp,3g2,mj2", "avi", "mpeg").
    char format[64];
} nsesim_movie_info;

/// One stream (an AVAssetTrack).
typedef struct {
    /// The container's track ID (1-based in QuickTime), else the index + 1.
    int track_id;
    nsesim_stream_kind kind;
    /// Coded size in pixels (video).
    int width, height;
    /// Frames a second (the average, else the base rate), 0 when unknown.
    double frame_rate;
    /// The display matrix as CGAffineTransform's a, b, c, d, tx, ty (identity when absent).
    double transform[6];
    /// Start and duration in time_base units (duration -1 when unknown).
    int64_t start, duration;
    int time_base_num, time_base_den;
    /// Bits a second, 0 when unknown.
    int64_t bit_rate;
    /// Audio's channels and sample rate.
    int channels, sample_rate;
    /// libavcodec's name of the codec ("h264", "mpeg4", "aac").
    char codec[32];
} nsesim_movie_stream;

/// Loads the four libraries once. Returns 1 when loaded; else 0 with the reason in error.
int nsesim_movie_load(char *error, size_t size);
/// The libraries' versions ("libavformat 59.27.100, libavcodec 59.37.100, …"), or "" before loading.
const char *nsesim_movie_library_versions(void);
/// Opens `path` (libraries loaded), reads its streams and fills info, or returns NULL with the status
/// and the reason in error.
void *nsesim_movie_open(const char *path, nsesim_movie_info *info, nsesim_movie_status *status, char *error, size_t size);
/// Fills out with stream `index` (0 ..< stream_count). Returns 1, or 0 for a bad index.
int nsesim_movie_stream_info(void *movie, int index, nsesim_movie_stream *out);
/// The index of the video stream frames are taken from (the container's default), or -1.
int nsesim_movie_video_stream(void *movie);
/// Seeks the video stream and decodes the frame shown at `seconds` (from the stream's start),
/// stopping at the first frame no more than `before` seconds earlier or `after` seconds later
/// (either may be infinity); the frame is kept for nsesim_movie_convert(). Fills `actual` (the
/// frame's time in seconds) and the frame's size; returns NSESIM_MOVIE_OK or why not (reason in error).
nsesim_movie_status nsesim_movie_decode(void *movie, double seconds, double before, double after, double *actual,
                                        int *width, int *height, char *error, size_t size);
/// Converts the kept frame with libswscale to `width` × `height` RGBA pixels (alpha 255) into
/// `rgba` (rows `bytes_per_row` apart). Returns 1, or 0 with the reason in error.
int nsesim_movie_convert(void *movie, int width, int height, void *rgba, int bytes_per_row, char *error, size_t size);
/// Frees the decoder, the kept frame and the scaler (the next decode makes them again), so that a
/// movie between two requests holds only its container's index.
void nsesim_movie_release_decoder(void *movie);
/// Closes the file and frees the decoder, the kept frame and the scaler.
void nsesim_movie_close(void *movie);

#endif
