#include "codecs.h"
#include "image.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct image *nsesim_image_new(int width, int height) {
    if (width <= 0 || height <= 0 || (size_t)width > SIZE_MAX / 4 / (size_t)height) return NULL;
    struct image *image = malloc(sizeof *image);
    if (image == NULL) return NULL;
    image->pixels = calloc((size_t)width * (size_t)height, 4);
    if (image->pixels == NULL) {
        free(image);
        return NULL;
    }
    image->width = width;
    image->height = height;
    return image;
}

static void say(char *error, size_t size, const char *message) {
    if (error != NULL && size > 0) snprintf(error, size, "%s", message);
}

// --- decoding ---

// libjpeg-turbo's scaled decode: the smallest of its factors n/8 whose larger side still reaches
// min_side (the whole size when min_side is 0), so a thumbnail never holds the full image.
static void jpeg_scaled(int *width, int *height, int min_side) {
    if (min_side <= 0) return;
    for (int n = 1; n < 8; n++) {
        int w = (*width * n + 7) / 8, h = (*height * n + 7) / 8;
        if ((w > h ? w : h) >= min_side) {
            *width = w;
            *height = h;
            return;
        }
    }
}

static struct image *decode_jpeg(const unsigned char *data, size_t size, int min_side, char *error, size_t error_size) {
    tjhandle handle = nsesim_jpeg.init_decompress();
    if (handle == NULL) return NULL;
    int width = 0, height = 0, subsampling = 0, colorspace = 0;
    struct image *image = NULL;
    if (nsesim_jpeg.decompress_header(handle, data, size, &width, &height, &subsampling, &colorspace) != 0) {
        say(error, error_size, nsesim_jpeg.error(handle));
    } else if (jpeg_scaled(&width, &height, min_side), (image = nsesim_image_new(width, height)) != NULL) {
        // A warning (a truncated scan, say) still gives an image, as ImageIO shows one.
        if (nsesim_jpeg.decompress(handle, data, size, image->pixels, width, 0, height, TJPF_RGBA, TJFLAG_ACCURATEDCT) != 0
            && nsesim_jpeg.error_code(handle) != TJERR_WARNING) {
            say(error, error_size, nsesim_jpeg.error(handle));
            nsesim_image_destroy(image);
            image = NULL;
        }
    }
    nsesim_jpeg.destroy(handle);
    return image;
}

static struct image *decode_png(const unsigned char *data, size_t size, char *error, size_t error_size) {
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    if (!nsesim_png.begin_read(&png, data, size)) {
        say(error, error_size, png.message);
        return NULL;
    }
    png.format = PNG_FORMAT_RGBA;
    struct image *image = nsesim_image_new((int)png.width, (int)png.height);
    if (image == NULL) {
        nsesim_png.free(&png);
        return NULL;
    }
    if (!nsesim_png.finish_read(&png, NULL, image->pixels, 0, NULL)) {
        say(error, error_size, png.message);
        nsesim_image_destroy(image);
        return NULL;
    }
    return image;
}

struct gif_reader {
    const unsigned char *data;
    size_t size, position;
};

static int gif_read(GifFileType *gif, GifByteType *buffer, int length) {
    struct gif_reader *reader = gif->UserData;
    size_t count = reader->size - reader->position < (size_t)length ? reader->size - reader->position : (size_t)length;
    memcpy(buffer, reader->data + reader->position, count);
    reader->position += count;
    return (int)count;
}

// Frame `index` on the logical screen, transparent where the frame is or does not reach (each
// frame alone: earlier frames are not composited under it).
static struct image *decode_gif(const unsigned char *data, size_t size, int index, char *error, size_t error_size) {
    struct gif_reader reader = {data, size, 0};
    int status = 0;
    GifFileType *gif = nsesim_gif.open(&reader, gif_read, &status);
    if (gif == NULL) {
        say(error, error_size, nsesim_gif.error_string(status));
        return NULL;
    }
    struct image *image = NULL;
    if (nsesim_gif.slurp(gif) != GIF_OK || gif->ImageCount < 1) {
        say(error, error_size, nsesim_gif.error_string(gif->Error));
    } else if (index < 0 || index >= gif->ImageCount) {
        say(error, error_size, "no such frame");
    } else {
        SavedImage *frame = &gif->SavedImages[index];
        ColorMapObject *map = frame->ImageDesc.ColorMap != NULL ? frame->ImageDesc.ColorMap : gif->SColorMap;
        GraphicsControlBlock control = {0, false, 0, NO_TRANSPARENT_COLOR};
        nsesim_gif.extension_to_gcb(gif, index, &control);
        int width = gif->SWidth > 0 ? gif->SWidth : frame->ImageDesc.Width;
        int height = gif->SHeight > 0 ? gif->SHeight : frame->ImageDesc.Height;
        if (map == NULL) {
            say(error, error_size, "GIF without a colour map");
        } else if ((image = nsesim_image_new(width, height)) != NULL) {
            for (int y = 0; y < frame->ImageDesc.Height; y++) {
                int row = frame->ImageDesc.Top + y;
                if (row < 0 || row >= height) continue;
                for (int x = 0; x < frame->ImageDesc.Width; x++) {
                    int column = frame->ImageDesc.Left + x;
                    if (column < 0 || column >= width) continue;
                    int index = frame->RasterBits[(size_t)y * (size_t)frame->ImageDesc.Width + (size_t)x];
                    if (index == control.TransparentColor || index >= map->ColorCount) continue;
                    unsigned char *pixel = image->pixels + ((size_t)row * (size_t)width + (size_t)column) * 4;
                    pixel[0] = map->Colors[index].Red;
                    pixel[1] = map->Colors[index].Green;
                    pixel[2] = map->Colors[index].Blue;
                    pixel[3] = 255;
                }
            }
        }
    }
    nsesim_gif.close(gif, &status);
    return image;
}

static struct image *decode_webp(const unsigned char *data, size_t size, char *error, size_t error_size) {
    int width = 0, height = 0;
    uint8_t *pixels = nsesim_webp.decode_rgba(data, size, &width, &height);
    if (pixels == NULL) {
        say(error, error_size, "libwebp cannot decode it");
        return NULL;
    }
    struct image *image = nsesim_image_new(width, height);
    if (image != NULL) memcpy(image->pixels, pixels, (size_t)width * (size_t)height * 4);
    nsesim_webp.free(pixels);
    return image;
}

void *nsesim_image_decode(const void *data, size_t size, nsesim_image_format format, char *error, size_t error_size) {
    return nsesim_image_decode_frame(data, size, format, 0, 0, error, error_size);
}

void *nsesim_image_decode_frame(const void *data, size_t size, nsesim_image_format format, int frame, int min_side,
                                char *error, size_t error_size) {
    if (data == NULL || size == 0) {
        say(error, error_size, "no bytes");
        return NULL;
    }
    if (!nsesim_image_load(format, error, error_size)) return NULL;
    if (frame != 0 && format != NSESIM_IMAGE_GIF) {
        say(error, error_size, "no such frame");
        return NULL;
    }
    switch (format) {
    case NSESIM_IMAGE_JPEG: return decode_jpeg(data, size, min_side, error, error_size);
    case NSESIM_IMAGE_PNG: return decode_png(data, size, error, error_size);
    case NSESIM_IMAGE_GIF: return decode_gif(data, size, frame, error, error_size);
    case NSESIM_IMAGE_WEBP: return decode_webp(data, size, error, error_size);
    }
    return NULL;
}

int nsesim_image_info(const void *data, size_t size, nsesim_image_format format, int *width, int *height, int *has_alpha,
                      int *frames, char *error, size_t error_size) {
    *width = *height = *has_alpha = *frames = 0;
    if (data == NULL || size == 0) {
        say(error, error_size, "no bytes");
        return 0;
    }
    if (!nsesim_image_load(format, error, error_size)) return 0;
    switch (format) {
    case NSESIM_IMAGE_JPEG: {
        tjhandle handle = nsesim_jpeg.init_decompress();
        if (handle == NULL) return 0;
        int subsampling = 0, colorspace = 0;
        int ok = nsesim_jpeg.decompress_header(handle, data, size, width, height, &subsampling, &colorspace) == 0;
        if (!ok) say(error, error_size, nsesim_jpeg.error(handle));
        nsesim_jpeg.destroy(handle);
        *frames = ok;
        return ok;
    }
    case NSESIM_IMAGE_PNG: {
        png_image png;
        memset(&png, 0, sizeof png);
        png.version = PNG_IMAGE_VERSION;
        if (!nsesim_png.begin_read(&png, data, size)) {
            say(error, error_size, png.message);
            return 0;
        }
        *width = (int)png.width;
        *height = (int)png.height;
        *has_alpha = (png.format & PNG_FORMAT_FLAG_ALPHA) != 0;
        *frames = 1;
        nsesim_png.free(&png);
        return 1;
    }
    case NSESIM_IMAGE_GIF: {
        struct gif_reader reader = {data, size, 0};
        int status = 0;
        GifFileType *gif = nsesim_gif.open(&reader, gif_read, &status);
        if (gif == NULL) {
            say(error, error_size, nsesim_gif.error_string(status));
            return 0;
        }
        int ok = nsesim_gif.slurp(gif) == GIF_OK && gif->ImageCount > 0;
        if (ok) {
            *width = gif->SWidth;
            *height = gif->SHeight;
            *has_alpha = 1;
            *frames = gif->ImageCount;
        } else {
            say(error, error_size, nsesim_gif.error_string(gif->Error));
        }
        nsesim_gif.close(gif, &status);
        return ok;
    }
    case NSESIM_IMAGE_WEBP:
        if (!nsesim_webp.get_info(data, size, width, height)) {
            say(error, error_size, "not a WebP image libwebp reads");
            return 0;
        }
        *has_alpha = 1;
        *frames = 1;
        return 1;
    }
    return 0;
}

// --- canvases ---

void *nsesim_image_create(int width, int height, int transparent) {
    struct image *image = nsesim_image_new(width, height);
    if (image != NULL && !transparent) {
        for (size_t i = 3; i < (size_t)width * (size_t)height * 4; i += 4) image->pixels[i] = 255;
    }
    return image;
}

void *nsesim_image_clone(const void *source) {
    const struct image *image = source;
    if (image == NULL) return NULL;
    struct image *copy = nsesim_image_new(image->width, image->height);
    if (copy != NULL) memcpy(copy->pixels, image->pixels, (size_t)image->width * (size_t)image->height * 4);
    return copy;
}

void *nsesim_image_oriented(const void *source, int orientation) {
    const struct image *image = source;
    if (image == NULL || orientation < 1 || orientation > 8) return NULL;
    int w = image->width, h = image->height, swaps = orientation >= 5;
    struct image *out = nsesim_image_new(swaps ? h : w, swaps ? w : h);
    if (out == NULL) return NULL;
    for (int y = 0; y < out->height; y++) {
        for (int x = 0; x < out->width; x++) {
            int sx = x, sy = y;
            switch (orientation) {
            case 2: sx = w - 1 - x; break;
            case 3: sx = w - 1 - x; sy = h - 1 - y; break;
            case 4: sy = h - 1 - y; break;
            case 5: sx = y; sy = x; break;
            case 6: sx = y; sy = h - 1 - x; break;
            case 7: sx = w - 1 - y; sy = h - 1 - x; break;
            case 8: sx = w - 1 - y; sy = x; break;
            default: break;
            }
            memcpy(out->pixels + ((size_t)y * (size_t)out->width + (size_t)x) * 4,
                   image->pixels + ((size_t)sy * (size_t)w + (size_t)sx) * 4, 4);
        }
    }
    return out;
}

int nsesim_image_width(const void *image) { return ((const struct image *)image)->width; }
int nsesim_image_height(const void *image) { return ((const struct image *)image)->height; }
unsigned char *nsesim_image_pixels(void *image) { return ((struct image *)image)->pixels; }

unsigned int nsesim_image_pixel(const void *source, int x, int y) {
    const struct image *image = source;
    if (x < 0 || y < 0 || x >= image->width || y >= image->height) return 0;
    const unsigned char *p = image->pixels + ((size_t)y * (size_t)image->width + (size_t)x) * 4;
    return ((unsigned int)p[3] << 24) | ((unsigned int)p[0] << 16) | ((unsigned int)p[1] << 8) | (unsigned int)p[2];
}

// Blends a premultiplied colour (components 0..1) over the straight-alpha pixel p.
static void blend_over(unsigned char *p, double r, double g, double b, double a) {
    double da = p[3] / 255.0;
    double out = a + da * (1 - a);
    if (out <= 0) {
        p[0] = p[1] = p[2] = p[3] = 0;
        return;
    }
    double keep = da * (1 - a);
    p[0] = (unsigned char)lround((r + p[0] / 255.0 * keep) / out * 255);
    p[1] = (unsigned char)lround((g + p[1] / 255.0 * keep) / out * 255);
    p[2] = (unsigned char)lround((b + p[2] / 255.0 * keep) / out * 255);
    p[3] = (unsigned char)lround(out * 255);
}

// The premultiplied average of src over [x0, x1) × [y0, y1) (source pixels, fractional edges).
static void area_average(const struct image *src, double x0, double y0, double x1, double y1, double out[4]) {
    double sum[4] = {0, 0, 0, 0}, total = 0;
    for (int y = (int)floor(y0); y < (int)ceil(y1); y++) {
        double wy = fmin(y + 1, y1) - fmax(y, y0);
        if (wy <= 0 || y < 0 || y >= src->height) continue;
        for (int x = (int)floor(x0); x < (int)ceil(x1); x++) {
            double wx = fmin(x + 1, x1) - fmax(x, x0);
            if (wx <= 0 || x < 0 || x >= src->width) continue;
            const unsigned char *p = src->pixels + ((size_t)y * (size_t)src->width + (size_t)x) * 4;
            double w = wx * wy, a = p[3] / 255.0;
            sum[0] += p[0] / 255.0 * a * w;
            sum[1] += p[1] / 255.0 * a * w;
            sum[2] += p[2] / 255.0 * a * w;
            sum[3] += a * w;
            total += w;
        }
    }
    for (int i = 0; i < 4; i++) out[i] = total > 0 ? sum[i] / total : 0;
}

// The premultiplied bilinear sample of src at (x, y) (pixel centres at .5), clamped to the rectangle.
static void bilinear(const struct image *src, double x, double y, int sx, int sy, int sw, int sh, double out[4]) {
    x = fmin(fmax(x - 0.5, sx), sx + sw - 1);
    y = fmin(fmax(y - 0.5, sy), sy + sh - 1);
    int x0 = (int)floor(x), y0 = (int)floor(y);
    int x1 = x0 + 1 < sx + sw ? x0 + 1 : x0, y1 = y0 + 1 < sy + sh ? y0 + 1 : y0;
    double fx = x - x0, fy = y - y0;
    int xs[2] = {x0, x1}, ys[2] = {y0, y1};
    double ws[4] = {(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy};
    for (int i = 0; i < 4; i++) out[i] = 0;
    for (int k = 0; k < 4; k++) {
        const unsigned char *p = src->pixels + ((size_t)ys[k / 2] * (size_t)src->width + (size_t)xs[k % 2]) * 4;
        double a = p[3] / 255.0;
        out[0] += p[0] / 255.0 * a * ws[k];
        out[1] += p[1] / 255.0 * a * ws[k];
        out[2] += p[2] / 255.0 * a * ws[k];
        out[3] += a * ws[k];
    }
}

void nsesim_image_draw(void *destination, const void *source, int dx, int dy, int dw, int dh, int sx, int sy, int sw, int sh) {
    struct image *dst = destination;
    const struct image *src = source;
    if (dst == NULL || src == NULL || dw <= 0 || dh <= 0) return;
    // The source rectangle, inside the source.
    if (sx < 0) { sw += sx; sx = 0; }
    if (sy < 0) { sh += sy; sy = 0; }
    if (sx + sw > src->width) sw = src->width - sx;
    if (sy + sh > src->height) sh = src->height - sy;
    if (sw <= 0 || sh <= 0) return;
    double scale_x = (double)sw / dw, scale_y = (double)sh / dh;
    int shrinking = scale_x >= 1 && scale_y >= 1;
    for (int y = dy < 0 ? 0 : dy; y < dy + dh && y < dst->height; y++) {
        for (int x = dx < 0 ? 0 : dx; x < dx + dw && x < dst->width; x++) {
            double c[4];
            if (shrinking) {
                area_average(src, sx + (x - dx) * scale_x, sy + (y - dy) * scale_y,
                             sx + (x - dx + 1) * scale_x, sy + (y - dy + 1) * scale_y, c);
            } else {
                bilinear(src, sx + (x - dx + 0.5) * scale_x, sy + (y - dy + 0.5) * scale_y, sx, sy, sw, sh, c);
            }
            blend_over(dst->pixels + ((size_t)y * (size_t)dst->width + (size_t)x) * 4, c[0], c[1], c[2], c[3]);
        }
    }
}

void nsesim_image_fill(void *destination, int x, int y, int width, int height,
                       unsigned char red, unsigned char green, unsigned char blue, unsigned char alpha, int blend) {
    struct image *image = destination;
    if (image == NULL) return;
    int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int x1 = x + width > image->width ? image->width : x + width, y1 = y + height > image->height ? image->height : y + height;
    double a = alpha / 255.0;
    for (int row = y0; row < y1; row++) {
        for (int column = x0; column < x1; column++) {
            unsigned char *p = image->pixels + ((size_t)row * (size_t)image->width + (size_t)column) * 4;
            if (blend) {
                blend_over(p, red / 255.0 * a, green / 255.0 * a, blue / 255.0 * a, a);
            } else {
                p[0] = red;
                p[1] = green;
                p[2] = blue;
                p[3] = alpha;
            }
        }
    }
}

// --- encoding ---

// The pixels with alpha dropped: each composited over black (RGB, or RGBX for libjpeg-turbo).
static unsigned char *over_black(const struct image *image, int channels) {
    size_t count = (size_t)image->width * (size_t)image->height;
    unsigned char *out = malloc(count * (size_t)channels);
    if (out == NULL) return NULL;
    for (size_t i = 0; i < count; i++) {
        const unsigned char *p = image->pixels + i * 4;
        for (int c = 0; c < 3; c++) out[i * (size_t)channels + (size_t)c] = (unsigned char)((p[c] * p[3] + 127) / 255);
        if (channels == 4) out[i * 4 + 3] = 255;
    }
    return out;
}

static void *encode_jpeg(const struct image *image, int quality, size_t *size) {
    unsigned char *opaque = over_black(image, 4);
    tjhandle handle = opaque != NULL ? nsesim_jpeg.init_compress() : NULL;
    if (handle == NULL) {
        free(opaque);
        return NULL;
    }
    unsigned char *jpeg = NULL;
    unsigned long length = 0;
    void *result = NULL;
    if (nsesim_jpeg.compress(handle, opaque, image->width, 0, image->height, TJPF_RGBX, &jpeg, &length, TJSAMP_420,
                             quality < 1 ? 1 : (quality > 100 ? 100 : quality), TJFLAG_ACCURATEDCT) == 0
        && (result = malloc(length)) != NULL) {
        memcpy(result, jpeg, length);
        *size = length;
    }
    if (jpeg != NULL) nsesim_jpeg.free(jpeg);
    nsesim_jpeg.destroy(handle);
    free(opaque);
    return result;
}

static void *encode_png(const struct image *image, int keep_alpha, size_t *size) {
    unsigned char *rgb = keep_alpha ? NULL : over_black(image, 3);
    if (!keep_alpha && rgb == NULL) return NULL;
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    png.width = (png_uint_32)image->width;
    png.height = (png_uint_32)image->height;
    png.format = keep_alpha ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
    const void *pixels = keep_alpha ? (const void *)image->pixels : (const void *)rgb;
    png_alloc_size_t length = 0;
    void *result = NULL;
    if (nsesim_png.write_to_memory(&png, NULL, &length, 0, pixels, 0, NULL) && (result = malloc(length)) != NULL) {
        if (nsesim_png.write_to_memory(&png, result, &length, 0, pixels, 0, NULL)) {
            *size = length;
        } else {
            free(result);
            result = NULL;
        }
    }
    free(rgb);
    return result;
}

void *nsesim_image_encode(const void *source, nsesim_image_format format, int quality, int keep_alpha, size_t *size) {
    const struct image *image = source;
    if (image == NULL || size == NULL || !nsesim_image_load(format, NULL, 0)) return NULL;
    switch (format) {
    case NSESIM_IMAGE_JPEG: return encode_jpeg(image, quality, size);
    case NSESIM_IMAGE_PNG: return encode_png(image, keep_alpha, size);
    default: return NULL;
    }
}

void nsesim_image_free_data(void *data) { free(data); }

void nsesim_image_destroy(void *source) {
    struct image *image = source;
    if (image == NULL) return;
    free(image->pixels);
    free(image);
}
