#ifndef NSESIM_IMAGE_CODECS_H
#define NSESIM_IMAGE_CODECS_H
// The codec libraries' entry points, resolved on first use of each (codecs.c).
#include <gif_lib.h>
#include <png.h>
#include <turbojpeg.h>
#include <webp/decode.h>

#include "CImageBridge.h"

struct nsesim_jpeg {
    tjhandle (*init_decompress)(void);
    tjhandle (*init_compress)(void);
    int (*decompress_header)(tjhandle, const unsigned char *, unsigned long, int *, int *, int *, int *);
    int (*decompress)(tjhandle, const unsigned char *, unsigned long, unsigned char *, int, int, int, int, int);
    int (*compress)(tjhandle, const unsigned char *, int, int, int, int, unsigned char **, unsigned long *, int, int, int);
    int (*destroy)(tjhandle);
    void (*free)(unsigned char *);
    char *(*error)(tjhandle);
    int (*error_code)(tjhandle);
};

struct nsesim_png {
    int (*begin_read)(png_imagep, png_const_voidp, size_t);
    int (*finish_read)(png_imagep, png_const_colorp, void *, png_int_32, void *);
    void (*free)(png_imagep);
    int (*write_to_memory)(png_imagep, void *, png_alloc_size_t *, int, const void *, png_int_32, const void *);
};

struct nsesim_gif {
    GifFileType *(*open)(void *, InputFunc, int *);
    int (*slurp)(GifFileType *);
    int (*close)(GifFileType *, int *);
    int (*extension_to_gcb)(GifFileType *, int, GraphicsControlBlock *);
    const char *(*error_string)(int);
};

struct nsesim_webp {
    uint8_t *(*decode_rgba)(const uint8_t *, size_t, int *, int *);
    int (*get_info)(const uint8_t *, size_t, int *, int *);
    void (*free)(void *);
};

extern struct nsesim_jpeg nsesim_jpeg;
extern struct nsesim_png nsesim_png;
extern struct nsesim_gif nsesim_gif;
extern struct nsesim_webp nsesim_webp;

#endif
