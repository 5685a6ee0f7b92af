// libsndfile behind the functions of CAudioFile.h, loaded with dlopen on the first open.
// The few declarations used are libsndfile's stable public ABI (sndfile.h since 1.0), written
// here so that building nsesim needs only the run-time package, libsndfile1.
#include "CAudioFile.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef int64_t sf_count_t;
typedef struct {
    sf_count_t frames;
    int samplerate;
    int channels;
    int format;
    int sections;
    int seekable;
} SF_INFO;
typedef struct SNDFILE_tag SNDFILE;

enum { SFM_READ = 0x10, SFM_WRITE = 0x20 };
enum { SFC_SET_CLIPPING = 0x10C0, SFC_SET_UPDATE_HEADER_AUTO = 0x1061 };
enum { SF_TRUE = 1 };

static struct {
    int tried;
    int loaded;
    char error[512];
    SNDFILE *(*open)(const char *, int, SF_INFO *);
    int (*close)(SNDFILE *);
    int (*format_check)(const SF_INFO *);
    const char *(*strerror)(SNDFILE *);
    const char *(*version_string)(void);
    sf_count_t (*seek)(SNDFILE *, sf_count_t, int);
    int (*command)(SNDFILE *, int, void *, int);
    sf_count_t (*readf_short)(SNDFILE *, short *, sf_count_t);
    sf_count_t (*readf_int)(SNDFILE *, int *, sf_count_t);
    sf_count_t (*readf_float)(SNDFILE *, float *, sf_count_t);
    sf_count_t (*readf_double)(SNDFILE *, double *, sf_count_t);
    sf_count_t (*writef_short)(SNDFILE *, const short *, sf_count_t);
    sf_count_t (*writef_int)(SNDFILE *, const int *, sf_count_t);
    sf_count_t (*writef_float)(SNDFILE *, const float *, sf_count_t);
    sf_count_t (*writef_double)(SNDFILE *, const double *, sf_count_t);
} sf;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

#define RESOLVE(field, name)                                                                        \
    do {                                                                                            \
        *(void **)(&sf.field) = dlsym(handle, name);                                                \
        if (sf.field == NULL) {                                                                     \
            snprintf(sf.error, sizeof sf.error, "libsndfile.so.1 lacks %s (libsndfile1 too old)", name); \
            return;                                                                                 \
        }                                                                                           \
    } while (0)

static void resolve(void *handle) {
    RESOLVE(open, "sf_open");
    RESOLVE(close, "sf_close");
    RESOLVE(format_check, "sf_format_check");
    RESOLVE(strerror, "sf_strerror");
    RESOLVE(version_string, "sf_version_string");
    RESOLVE(seek, "sf_seek");
    RESOLVE(command, "sf_command");
    RESOLVE(readf_short, "sf_readf_short");
    RESOLVE(readf_int, "sf_readf_int");
    RESOLVE(readf_float, "sf_readf_float");
    RESOLVE(readf_double, "sf_readf_double");
    RESOLVE(writef_short, "sf_writef_short");
    RESOLVE(writef_int, "sf_writef_int");
    RESOLVE(writef_float, "sf_writef_float");
    RESOLVE(writef_double, "sf_writef_double");
    sf.loaded = 1;
}

int nsesim_audio_load(char *error, size_t size) {
    pthread_mutex_lock(&load_lock);
    if (!sf.tried) {
        sf.tried = 1;
        void *handle = dlopen("libsndfile.so.1", RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            snprintf(sf.error, sizeof sf.error, "cannot load libsndfile.so.1 (install libsndfile1): %s", dlerror());
        } else {
            resolve(handle);
        }
    }
    int loaded = sf.loaded;
    pthread_mutex_unlock(&load_lock);
    if (!loaded && error != NULL && size > 0) snprintf(error, size, "%s", sf.error);
    return loaded;
}

const char *nsesim_audio_library_version(void) { return sf.loaded ? sf.version_string() : ""; }

static void fill(nsesim_audio_info *info, const SF_INFO *sfinfo) {
    info->frames = sfinfo->frames;
    info->sample_rate = sfinfo->samplerate;
    info->channels = sfinfo->channels;
    info->format = sfinfo->format;
}

void *nsesim_audio_open_read(const char *path, nsesim_audio_info *info, char *error, size_t size) {
    if (!nsesim_audio_load(error, size)) return NULL;
    SF_INFO sfinfo;
    memset(&sfinfo, 0, sizeof sfinfo);
    SNDFILE *file = sf.open(path, SFM_READ, &sfinfo);
    if (file == NULL) {
        snprintf(error, size, "%s", sf.strerror(NULL));
        return NULL;
    }
    fill(info, &sfinfo);
    return file;
}

int nsesim_audio_format_ok(const nsesim_audio_info *info) {
    if (!nsesim_audio_load(NULL, 0)) return 0;
    SF_INFO sfinfo = {0, info->sample_rate, info->channels, info->format, 0, 0};
    return sf.format_check(&sfinfo);
}

void *nsesim_audio_open_write(const char *path, const nsesim_audio_info *info, char *error, size_t size) {
    if (!nsesim_audio_load(error, size)) return NULL;
    SF_INFO sfinfo = {0, info->sample_rate, info->channels, info->format, 0, 0};
    SNDFILE *file = sf.open(path, SFM_WRITE, &sfinfo);
    if (file == NULL) {
        snprintf(error, size, "%s", sf.strerror(NULL));
        return NULL;
    }
    // Floats beyond ±1 are clipped when written as integers, as Core Audio's converter does.
    sf.command(file, SFC_SET_CLIPPING, NULL, SF_TRUE);
    // The header is rewritten after each write, so the file is whole even if the extension
    // never releases its AVAudioFile (iOS finalises on release; a killed process would not).
    sf.command(file, SFC_SET_UPDATE_HEADER_AUTO, NULL, SF_TRUE);
    return file;
}

int64_t nsesim_audio_read(void *file, nsesim_audio_sample sample, void *data, int64_t frames) {
    switch (sample) {
        case NSESIM_AUDIO_INT16: return sf.readf_short(file, data, frames);
        case NSESIM_AUDIO_INT32: return sf.readf_int(file, data, frames);
        case NSESIM_AUDIO_FLOAT32: return sf.readf_float(file, data, frames);
        case NSESIM_AUDIO_FLOAT64: return sf.readf_double(file, data, frames);
    }
    return -1;
}

int64_t nsesim_audio_write(void *file, nsesim_audio_sample sample, const void *data, int64_t frames) {
    switch (sample) {
        case NSESIM_AUDIO_INT16: return sf.writef_short(file, data, frames);
        case NSESIM_AUDIO_INT32: return sf.writef_int(file, data, frames);
        case NSESIM_AUDIO_FLOAT32: return sf.writef_float(file, data, frames);
        case NSESIM_AUDIO_FLOAT64: return sf.writef_double(file, data, frames);
    }
    return -1;
}

int64_t nsesim_audio_seek(void *file, int64_t frame) { return sf.seek(file, frame, SEEK_SET); }

const char *nsesim_audio_error(void *file) { return sf.loaded ? sf.strerror(file) : sf.error; }

void nsesim_audio_close(void *file) {
    if (file == NULL) return;
    sf.close(file);
}
