// FFmpeg behind the functions of CMovieFile.h. Compiled against the -dev headers (struct layouts
// and constants), the libraries are opened with dlopen on the first asset and every function is
// resolved with dlsym, so nothing links FFmpeg: the sonames are the headers' major versions.
#include "CMovieFile.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libswscale/swscale.h>

#define STR2(x) #x
#define STR(x) STR2(x)

static struct {
    int tried;
    int loaded;
    char error[512];
    char versions[256];
    // libavutil
    AVFrame *(*frame_alloc)(void);
    void (*frame_free)(AVFrame **);
    void (*frame_unref)(AVFrame *);
    void (*frame_move_ref)(AVFrame *, AVFrame *);
    int (*strerror)(int, char *, size_t);
    void (*log_set_level)(int);
    unsigned (*avutil_version)(void);
    // libavcodec
    const AVCodec *(*find_decoder)(enum AVCodecID);
    AVCodecContext *(*alloc_context)(const AVCodec *);
    void (*free_context)(AVCodecContext **);
    int (*parameters_to_context)(AVCodecContext *, const AVCodecParameters *);
    int (*open2)(AVCodecContext *, const AVCodec *, AVDictionary **);
    int (*send_packet)(AVCodecContext *, const AVPacket *);
    int (*receive_frame)(AVCodecContext *, AVFrame *);
    void (*flush_buffers)(AVCodecContext *);
    AVPacket *(*packet_alloc)(void);
    void (*packet_free)(AVPacket **);
    void (*packet_unref)(AVPacket *);
    const char *(*codec_name)(enum AVCodecID);
    unsigned (*avcodec_version)(void);
    // libavformat
    int (*open_input)(AVFormatContext **, const char *, const AVInputFormat *, AVDictionary **);
    int (*find_stream_info)(AVFormatContext *, AVDictionary **);
    void (*close_input)(AVFormatContext **);
    int (*read_frame)(AVFormatContext *, AVPacket *);
    int (*seek_frame)(AVFormatContext *, int, int64_t, int);
    int (*find_best_stream)(AVFormatContext *, enum AVMediaType, int, int, const AVCodec **, int);
    uint8_t *(*stream_side_data)(const AVStream *, enum AVPacketSideDataType, size_t *);
    unsigned (*avformat_version)(void);
    // libswscale
    struct SwsContext *(*sws_cached)(struct SwsContext *, int, int, enum AVPixelFormat, int, int, enum AVPixelFormat, int,
                                     SwsFilter *, SwsFilter *, const double *);
    int (*sws_scale)(struct SwsContext *, const uint8_t *const[], const int[], int, int, uint8_t *const[], const int[]);
    void (*sws_free)(struct SwsContext *);
    unsigned (*swscale_version)(void);
} ff;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

#define RESOLVE(handle, soname, field, name)                                                           \
    do {                                                                                               \
        *(void **)(&ff.field) = dlsym(handle, name);                                                   \
        if (ff.field == NULL) {                                                                        \
            snprintf(ff.error, sizeof ff.error, "%s lacks %s (not the FFmpeg the headers were)", soname, name); \
            return 0;                                                                                  \
        }                                                                                              \
    } while (0)

static const char *const util_so = "libavutil.so." STR(LIBAVUTIL_VERSION_MAJOR);
static const char *const codec_so = "libavcodec.so." STR(LIBAVCODEC_VERSION_MAJOR);
static const char *const format_so = "libavformat.so." STR(LIBAVFORMAT_VERSION_MAJOR);
static const char *const scale_so = "libswscale.so." STR(LIBSWSCALE_VERSION_MAJOR);

static void *open_library(const char *soname) {
    void *handle = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(ff.error, sizeof ff.error, "cannot load %s (Debian's FFmpeg libraries): %s", soname,
                 reason ? reason : "unknown error");
    }
    return handle;
}

static int resolve(void) {
    void *util = open_library(util_so), *codec, *format, *scale;
    if (util == NULL || (codec = open_library(codec_so)) == NULL || (format = open_library(format_so)) == NULL ||
        (scale = open_library(scale_so)) == NULL) {
        return 0;
    }
    RESOLVE(util, util_so, frame_alloc, "av_frame_alloc");
    RESOLVE(util, util_so, frame_free, "av_frame_free");
    RESOLVE(util, util_so, frame_unref, "av_frame_unref");
    RESOLVE(util, util_so, frame_move_ref, "av_frame_move_ref");
    RESOLVE(util, util_so, strerror, "av_strerror");
    RESOLVE(util, util_so, log_set_level, "av_log_set_level");
    RESOLVE(util, util_so, avutil_version, "avutil_version");
    RESOLVE(codec, codec_so, find_decoder, "avcodec_find_decoder");
    RESOLVE(codec, codec_so, alloc_context, "avcodec_alloc_context3");
    RESOLVE(codec, codec_so, free_context, "avcodec_free_context");
    RESOLVE(codec, codec_so, parameters_to_context, "avcodec_parameters_to_context");
    RESOLVE(codec, codec_so, open2, "avcodec_open2");
    RESOLVE(codec, codec_so, send_packet, "avcodec_send_packet");
    RESOLVE(codec, codec_so, receive_frame, "avcodec_receive_frame");
    RESOLVE(codec, codec_so, flush_buffers, "avcodec_flush_buffers");
    RESOLVE(codec, codec_so, packet_alloc, "av_packet_alloc");
    RESOLVE(codec, codec_so, packet_free, "av_packet_free");
    RESOLVE(codec, codec_so, packet_unref, "av_packet_unref");
    RESOLVE(codec, codec_so, codec_name, "avcodec_get_name");
    RESOLVE(codec, codec_so, avcodec_version, "avcodec_version");
    RESOLVE(format, format_so, open_input, "avformat_open_input");
    RESOLVE(format, format_so, find_stream_info, "avformat_find_stream_info");
    RESOLVE(format, format_so, close_input, "avformat_close_input");
    RESOLVE(format, format_so, read_frame, "av_read_frame");
    RESOLVE(format, format_so, seek_frame, "av_seek_frame");
    RESOLVE(format, format_so, find_best_stream, "av_find_best_stream");
    RESOLVE(format, format_so, stream_side_data, "av_stream_get_side_data");
    RESOLVE(format, format_so, avformat_version, "avformat_version");
    RESOLVE(scale, scale_so, sws_cached, "sws_getCachedContext");
    RESOLVE(scale, scale_so, sws_scale, "sws_scale");
    RESOLVE(scale, scale_so, sws_free, "sws_freeContext");
    RESOLVE(scale, scale_so, swscale_version, "swscale_version");
    // The reasons go back to Swift; FFmpeg's own warnings would only clutter the extension's stderr.
    ff.log_set_level(AV_LOG_QUIET);
    unsigned f = ff.avformat_version(), c = ff.avcodec_version(), s = ff.swscale_version(), u = ff.avutil_version();
    snprintf(ff.versions, sizeof ff.versions, "libavformat %u.%u.%u, libavcodec %u.%u.%u, libswscale %u.%u.%u, libavutil %u.%u.%u",
             f >> 16, (f >> 8) & 0xFF, f & 0xFF, c >> 16, (c >> 8) & 0xFF, c & 0xFF, s >> 16, (s >> 8) & 0xFF, s & 0xFF,
             u >> 16, (u >> 8) & 0xFF, u & 0xFF);
    return 1;
}

static void copy_text(char *out, size_t size, const char *text) {
    if (out != NULL && size > 0) snprintf(out, size, "%s", text);
}

int nsesim_movie_load(char *error, size_t size) {
    pthread_mutex_lock(&load_lock);
    if (!ff.tried) {
        ff.tried = 1;
        ff.loaded = resolve();
    }
    int loaded = ff.loaded;
    pthread_mutex_unlock(&load_lock);
    if (!loaded) copy_text(error, size, ff.error);
    return loaded;
}

const char *nsesim_movie_library_versions(void) { return ff.loaded ? ff.versions : ""; }

typedef struct {
    AVFormatContext *format;
    AVCodecContext *decoder;
    int video;
    AVFrame *frame;      // the kept frame
    AVFrame *scratch;    // the frame being received
    AVPacket *packet;
    struct SwsContext *scaler;
    int has_frame;
    int64_t kept;     // the kept frame's time, in the stream's time base
    int seek_missed;  // the last decode seeked by time and found no frame
} movie;

static nsesim_movie_status decode_from(movie *m, int64_t seek, int64_t target, double before, double after, char *error,
                                       size_t size);

static void describe(int code, const char *what, char *error, size_t size) {
    char reason[256] = "";
    ff.strerror(code, reason, sizeof reason);
    if (error != NULL && size > 0) snprintf(error, size, "%s: %s", what, reason);
}

// The containers iOS's AVFoundation opens (QuickTime and MPEG-4 families, MPEG program and
// transport streams, AVI; audio files): anything else libavformat would guess, such as text taken
// for ANSI art, is not a movie to iOS.
static int ios_container(const char *name) {
    static const char *const names[] = {"mov,mp4,m4a,3gp,3g2,mj2", "mpeg", "mpegts", "mpegvideo", "avi", "mp3", "aac",
                                        "wav", "aiff", "caf", "ac3", "eac3", "amr", "flac", NULL};
    for (int i = 0; names[i] != NULL; i++) {
        if (strcmp(names[i], name) == 0) return 1;
    }
    return 0;
}

void *nsesim_movie_open(const char *path, nsesim_movie_info *info, nsesim_movie_status *status, char *error, size_t size) {
    *status = NSESIM_MOVIE_NO_LIBRARY;
    if (!ff.loaded) {
        copy_text(error, size, "FFmpeg is not loaded");
        return NULL;
    }
    AVFormatContext *format = NULL;
    int code = ff.open_input(&format, path, NULL, NULL);
    if (code < 0) {
        *status = code == AVERROR(ENOENT)    ? NSESIM_MOVIE_NOT_FOUND
                  : code == AVERROR(EACCES)  ? NSESIM_MOVIE_UNREADABLE
                  : code == AVERROR(EIO)     ? NSESIM_MOVIE_UNREADABLE
                  : code == AVERROR(ENOMEM)  ? NSESIM_MOVIE_NO_MEMORY
                  : code == AVERROR_INVALIDDATA ? NSESIM_MOVIE_NOT_RECOGNIZED
                                                : NSESIM_MOVIE_PARSE_FAILED;
        describe(code, "libavformat cannot open the file", error, size);
        return NULL;
    }
    if (!ios_container(format->iformat->name)) {
        *status = NSESIM_MOVIE_NOT_RECOGNIZED;
        if (error != NULL && size > 0) {
            snprintf(error, size, "libavformat reads it as %s, a format iOS does not open as a movie", format->iformat->name);
        }
        ff.close_input(&format);
        return NULL;
    }
    code = ff.find_stream_info(format, NULL);
    if (code < 0 || format->nb_streams == 0) {
        *status = NSESIM_MOVIE_PARSE_FAILED;
        if (code < 0) {
            describe(code, "damaged movie", error, size);
        } else {
            copy_text(error, size, "damaged movie: no tracks");
        }
        ff.close_input(&format);
        return NULL;
    }
    int described = 0;
    for (unsigned i = 0; i < format->nb_streams; i++) described += format->streams[i]->codecpar->codec_id != AV_CODEC_ID_NONE;
    if (described == 0) {
        *status = NSESIM_MOVIE_PARSE_FAILED;
        copy_text(error, size, "damaged movie: no track says what codec it holds");
        ff.close_input(&format);
        return NULL;
    }
    movie *m = calloc(1, sizeof *m);
    if (m == NULL) {
        *status = NSESIM_MOVIE_NO_MEMORY;
        copy_text(error, size, "out of memory");
        ff.close_input(&format);
        return NULL;
    }
    m->format = format;
    m->video = ff.find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (m->video >= 0 && (format->streams[m->video]->disposition & AV_DISPOSITION_ATTACHED_PIC)) m->video = -1;
    info->duration_us = format->duration == AV_NOPTS_VALUE ? -1 : format->duration;
    info->stream_count = (int)format->nb_streams;
    snprintf(info->format, sizeof info->format, "%s", format->iformat->name);
    *status = NSESIM_MOVIE_OK;
    return m;
}

int nsesim_movie_stream_info(void *handle, int index, nsesim_movie_stream *out) {
    movie *m = handle;
    if (index < 0 || index >= (int)m->format->nb_streams) return 0;
    const AVStream *stream = m->format->streams[index];
    const AVCodecParameters *par = stream->codecpar;
    memset(out, 0, sizeof *out);
    out->track_id = stream->id > 0 ? stream->id : index + 1;
    switch (par->codec_type) {
    case AVMEDIA_TYPE_VIDEO:
        out->kind = (stream->disposition & AV_DISPOSITION_ATTACHED_PIC) ? NSESIM_STREAM_OTHER : NSESIM_STREAM_VIDEO;
        break;
    case AVMEDIA_TYPE_AUDIO: out->kind = NSESIM_STREAM_AUDIO; break;
    case AVMEDIA_TYPE_SUBTITLE: out->kind = NSESIM_STREAM_SUBTITLE; break;
    default: out->kind = NSESIM_STREAM_OTHER; break;
    }
    out->width = par->width;
    out->height = par->height;
    AVRational rate = stream->avg_frame_rate.den > 0 && stream->avg_frame_rate.num > 0 ? stream->avg_frame_rate : stream->r_frame_rate;
    out->frame_rate = rate.den > 0 ? (double)rate.num / rate.den : 0;
    out->transform[0] = 1;
    out->transform[3] = 1;
    size_t side_size = 0;
    const int32_t *matrix = (const int32_t *)ff.stream_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &side_size);
    if (matrix != NULL && side_size >= 9 * sizeof(int32_t)) {
        // FFmpeg keeps QuickTime's matrix as read: a b u / c d v / tx ty w, 16.16 fixed point.
        const int at[6] = {0, 1, 3, 4, 6, 7};
        for (int i = 0; i < 6; i++) out->transform[i] = matrix[at[i]] / 65536.0;
    }
    out->start = stream->start_time == AV_NOPTS_VALUE ? 0 : stream->start_time;
    out->duration = stream->duration == AV_NOPTS_VALUE ? -1 : stream->duration;
    out->time_base_num = stream->time_base.num;
    out->time_base_den = stream->time_base.den;
    out->bit_rate = par->bit_rate;
    out->channels = par->ch_layout.nb_channels;
    out->sample_rate = par->sample_rate;
    snprintf(out->codec, sizeof out->codec, "%s", ff.codec_name(par->codec_id));
    return 1;
}

int nsesim_movie_video_stream(void *handle) { return ((movie *)handle)->video; }

static nsesim_movie_status open_decoder(movie *m, char *error, size_t size) {
    if (m->decoder != NULL) return NSESIM_MOVIE_OK;
    const AVCodecParameters *par = m->format->streams[m->video]->codecpar;
    const AVCodec *codec = ff.find_decoder(par->codec_id);
    if (codec == NULL) {
        if (error != NULL && size > 0) snprintf(error, size, "libavcodec has no decoder for %s", ff.codec_name(par->codec_id));
        return NSESIM_MOVIE_NO_DECODER;
    }
    m->decoder = ff.alloc_context(codec);
    m->frame = ff.frame_alloc();
    m->scratch = ff.frame_alloc();
    m->packet = ff.packet_alloc();
    if (m->decoder == NULL || m->frame == NULL || m->scratch == NULL || m->packet == NULL) {
        copy_text(error, size, "out of memory");
        return NSESIM_MOVIE_NO_MEMORY;
    }
    int code = ff.parameters_to_context(m->decoder, par);
    // One thread: frame threading would hold a frame a thread, memory an extension is short of.
    m->decoder->thread_count = 1;
    if (code >= 0) code = ff.open2(m->decoder, codec, NULL);
    if (code < 0) {
        describe(code, "the decoder cannot start", error, size);
        ff.free_context(&m->decoder);
        return NSESIM_MOVIE_DECODE_FAILED;
    }
    return NSESIM_MOVIE_OK;
}

nsesim_movie_status nsesim_movie_decode(void *handle, double seconds, double before, double after, double *actual, int *width,
                                        int *height, char *error, size_t size) {
    movie *m = handle;
    if (m->video < 0) {
        copy_text(error, size, "the asset has no video track");
        return NSESIM_MOVIE_NO_VIDEO;
    }
    nsesim_movie_status status = open_decoder(m, error, size);
    if (status != NSESIM_MOVIE_OK) return status;
    const AVStream *stream = m->format->streams[m->video];
    const double base = av_q2d(stream->time_base);
    const int64_t start = stream->start_time == AV_NOPTS_VALUE ? 0 : stream->start_time;
    const int64_t target = start + (int64_t)llround((seconds < 0 ? 0 : seconds) / base);
    // Back to the key frame at or before the time, then forward; from the first byte when that
    // fails or gives no frame (MPEG program streams index no key frames: a seek lands past them).
    for (int attempt = 0; attempt < 2; attempt++) {
        status = decode_from(m, attempt == 0 ? target : -1, target, before, after, error, size);
        if (status != NSESIM_MOVIE_DECODE_FAILED || !m->seek_missed) break;
    }
    if (status != NSESIM_MOVIE_OK) return status;
    *actual = (m->kept - start) * base;
    *width = m->frame->width;
    *height = m->frame->height;
    return NSESIM_MOVIE_OK;
}

static nsesim_movie_status decode_from(movie *m, int64_t seek, int64_t target, double before, double after, char *error,
                                       size_t size) {
    const double base = av_q2d(m->format->streams[m->video]->time_base);
    m->seek_missed = 0;
    if (seek < 0 || ff.seek_frame(m->format, m->video, seek, AVSEEK_FLAG_BACKWARD) < 0) {
        ff.seek_frame(m->format, -1, 0, AVSEEK_FLAG_BYTE);
    } else {
        m->seek_missed = 1;  // cleared by the first frame
    }
    ff.flush_buffers(m->decoder);
    ff.frame_unref(m->frame);
    m->has_frame = 0;
    int64_t kept = 0;
    int draining = 0, last_error = 0, done = 0;
    while (!done) {
        int code;
        if (!draining) {
            code = ff.read_frame(m->format, m->packet);
            if (code < 0) {
                draining = 1;
                ff.send_packet(m->decoder, NULL);
            } else {
                if (m->packet->stream_index == m->video) {
                    code = ff.send_packet(m->decoder, m->packet);
                    if (code < 0 && code != AVERROR(EAGAIN)) last_error = code;
                }
                ff.packet_unref(m->packet);
            }
        }
        while (!done && (code = ff.receive_frame(m->decoder, m->scratch)) >= 0) {
            int64_t pts = m->scratch->best_effort_timestamp;
            if (pts == AV_NOPTS_VALUE) pts = m->scratch->pts == AV_NOPTS_VALUE ? target : m->scratch->pts;
            if (pts <= target || !m->has_frame) {
                // The frame shown at the time so far (or the first frame, when the time is before it).
                ff.frame_unref(m->frame);
                ff.frame_move_ref(m->frame, m->scratch);
                m->has_frame = 1;
                kept = pts;
                if (pts <= target && (target - pts) * base <= before) done = 1;
                if (pts > target && (pts - target) * base <= after) done = 1;
                if (pts >= target) done = 1;
            } else {
                // Past the time: the kept frame (shown until now) unless this one is nearer and allowed.
                if ((pts - target) * base <= after && (pts - target) < (target - kept)) {
                    ff.frame_unref(m->frame);
                    ff.frame_move_ref(m->frame, m->scratch);
                    kept = pts;
                } else {
                    ff.frame_unref(m->scratch);
                }
                done = 1;
            }
        }
        if (draining && !done) break;  // the decoder is empty: the last frame is the one shown
    }
    m->kept = kept;
    if (!m->has_frame) {
        if (last_error < 0) {
            describe(last_error, "the video cannot be decoded", error, size);
        } else {
            copy_text(error, size, "the video track holds no frame the decoder could make");
        }
        return NSESIM_MOVIE_DECODE_FAILED;
    }
    m->seek_missed = 0;
    return NSESIM_MOVIE_OK;
}

int nsesim_movie_convert(void *handle, int width, int height, void *rgba, int bytes_per_row, char *error, size_t size) {
    movie *m = handle;
    if (!m->has_frame) {
        copy_text(error, size, "no frame decoded");
        return 0;
    }
    const AVFrame *frame = m->frame;
    int shrink = width < frame->width || height < frame->height;
    m->scaler = ff.sws_cached(m->scaler, frame->width, frame->height, frame->format, width, height, AV_PIX_FMT_RGBA,
                              (shrink ? SWS_AREA : SWS_BICUBIC) | SWS_ACCURATE_RND, NULL, NULL, NULL);
    if (m->scaler == NULL) {
        if (error != NULL && size > 0) snprintf(error, size, "libswscale cannot convert pixel format %d to RGBA", frame->format);
        return 0;
    }
    uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
    int strides[4] = {bytes_per_row, 0, 0, 0};
    int rows = ff.sws_scale(m->scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
    if (rows != height) {
        copy_text(error, size, "libswscale converted no rows");
        return 0;
    }
    return 1;
}

void nsesim_movie_release_decoder(void *handle) {
    movie *m = handle;
    if (m->scaler != NULL) ff.sws_free(m->scaler);
    m->scaler = NULL;
    if (m->decoder != NULL) ff.free_context(&m->decoder);
    if (m->frame != NULL) ff.frame_free(&m->frame);
    if (m->scratch != NULL) ff.frame_free(&m->scratch);
    if (m->packet != NULL) ff.packet_free(&m->packet);
    m->has_frame = 0;
}

void nsesim_movie_close(void *handle) {
    movie *m = handle;
    if (m == NULL) return;
    nsesim_movie_release_decoder(m);
    ff.close_input(&m->format);
    free(m);
}
