#include "codecs.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// One codec library: loaded once, on the first image of its format, so an extension pays
// only for the formats it meets (libgd and its fifty dependencies cost 8 MB and 21 ms here).
struct nsesim_jpeg nsesim_jpeg;
struct nsesim_png nsesim_png;
struct nsesim_gif nsesim_gif;
struct nsesim_webp nsesim_webp;

struct library {
    const char *soname;
    const char *package;
    int tried;
    int loaded;
    char error[384];
};

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static struct library libraries[] = {
    [NSESIM_IMAGE_PNG] = {"libpng16.so.16", "libpng16-16", 0, 0, ""},
    [NSESIM_IMAGE_JPEG] = {"libturbojpeg.so.0", "libturbojpeg0", 0, 0, ""},
    [NSESIM_IMAGE_GIF] = {"libgif.so.7", "libgif7", 0, 0, ""},
    [NSESIM_IMAGE_WEBP] = {"libwebp.so.7", "libwebp7", 0, 0, ""},
};

#define RESOLVE(library, handle, field, name)                                                          \
    do {                                                                                               \
        *(void **)(&(field)) = dlsym(handle, name);                                                    \
        if ((field) == NULL) {                                                                         \
            snprintf((library)->error, sizeof (library)->error, "%s has no %s", (library)->soname, name); \
            return;                                                                                    \
        }                                                                                              \
    } while (0)

static void resolve(nsesim_image_format format, struct library *library, void *handle) {
    switch (format) {
    case NSESIM_IMAGE_JPEG:
        RESOLVE(library, handle, nsesim_jpeg.init_decompress, "tjInitDecompress");
        RESOLVE(library, handle, nsesim_jpeg.init_compress, "tjInitCompress");
        RESOLVE(library, handle, nsesim_jpeg.decompress_header, "tjDecompressHeader3");
        RESOLVE(library, handle, nsesim_jpeg.decompress, "tjDecompress2");
        RESOLVE(library, handle, nsesim_jpeg.compress, "tjCompress2");
        RESOLVE(library, handle, nsesim_jpeg.destroy, "tjDestroy");
        RESOLVE(library, handle, nsesim_jpeg.free, "tjFree");
        RESOLVE(library, handle, nsesim_jpeg.error, "tjGetErrorStr2");
        RESOLVE(library, handle, nsesim_jpeg.error_code, "tjGetErrorCode");
        break;
    case NSESIM_IMAGE_PNG:
        RESOLVE(library, handle, nsesim_png.begin_read, "png_image_begin_read_from_memory");
        RESOLVE(library, handle, nsesim_png.finish_read, "png_image_finish_read");
        RESOLVE(library, handle, nsesim_png.free, "png_image_free");
        RESOLVE(library, handle, nsesim_png.write_to_memory, "png_image_write_to_memory");
        break;
    case NSESIM_IMAGE_GIF:
        RESOLVE(library, handle, nsesim_gif.open, "DGifOpen");
        RESOLVE(library, handle, nsesim_gif.slurp, "DGifSlurp");
        RESOLVE(library, handle, nsesim_gif.close, "DGifCloseFile");
        RESOLVE(library, handle, nsesim_gif.extension_to_gcb, "DGifSavedExtensionToGCB");
        RESOLVE(library, handle, nsesim_gif.error_string, "GifErrorString");
        break;
    case NSESIM_IMAGE_WEBP:
        RESOLVE(library, handle, nsesim_webp.decode_rgba, "WebPDecodeRGBA");
        RESOLVE(library, handle, nsesim_webp.free, "WebPFree");
        RESOLVE(library, handle, nsesim_webp.get_info, "WebPGetInfo");
        break;
    }
    library->loaded = 1;
}

int nsesim_image_load(nsesim_image_format format, char *error, size_t size) {
    if (format < NSESIM_IMAGE_PNG || format > NSESIM_IMAGE_WEBP) {
        if (error != NULL && size > 0) snprintf(error, size, "unknown image format %d", (int)format);
        return 0;
    }
    struct library *library = &libraries[format];
    pthread_mutex_lock(&load_lock);
    if (!library->tried) {
        library->tried = 1;
        void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            snprintf(library->error, sizeof library->error, "cannot load %s (install %s): %s", library->soname,
                     library->package, dlerror());
        } else {
            resolve(format, library, handle);
        }
    }
    int loaded = library->loaded;
    pthread_mutex_unlock(&load_lock);
    if (!loaded && error != NULL && size > 0) snprintf(error, size, "%s", library->error);
    return loaded;
}
