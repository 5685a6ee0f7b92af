#ifndef NSESIM_CIMAGEBRIDGE_H
#define NSESIM_CIMAGEBRIDGE_H
// The image operations CoreGraphics, ImageIO and UIKit's stand-ins need. Codecs are Debian's libraries, each loaded with
// dlopen the first time an image of its format is decoded or encoded (libjpeg-turbo, libpng,
// giflib, libwebp); drawing (resampling, blending, fills, paths rasterised with coverage, clips)
// is done here on RGBA pixels.
// An image is an opaque pointer owned by the caller: nsesim_image_destroy() frees it.
// Encoded bytes are freed with nsesim_image_free_data().
#include <stddef.h>

/// Image file formats the bridge decodes (all four) and encodes (PNG, JPEG).
typedef enum {
    NSESIM_IMAGE_PNG = 1,
    NSESIM_IMAGE_JPEG = 2,
    NSESIM_IMAGE_GIF = 3,
    NSESIM_IMAGE_WEBP = 4,
} nsesim_image_format;

/// Loads the codec library of `format` once. Returns 1 when loaded; else 0 with the reason in error.
int nsesim_image_load(nsesim_image_format format, char *error, size_t size);
/// Decodes `size` bytes of `format` (its codec loaded) into straight-alpha RGBA pixels, or NULL
/// when they are not such an image (the codec's reason in error).
void *nsesim_image_decode(const void *data, size_t size, nsesim_image_format format, char *error, size_t error_size);
/// Decodes frame `frame` (0 but for GIF) as nsesim_image_decode does; a JPEG with min_side > 0
/// is decoded with libjpeg-turbo's scaling at the smallest factor n/8 whose larger side reaches it.
void *nsesim_image_decode_frame(const void *data, size_t size, nsesim_image_format format, int frame, int min_side,
                                char *error, size_t error_size);
/// Reads the size, whether it has alpha and its frame count from the header (all of a GIF) without
/// decoding the pixels. Returns 1, or 0 with the codec's reason in error.
int nsesim_image_info(const void *data, size_t size, nsesim_image_format format, int *width, int *height, int *has_alpha,
                      int *frames, char *error, size_t error_size);
/// A new canvas, fully transparent (transparent != 0) or opaque black; NULL when out of memory.
void *nsesim_image_create(int width, int height, int transparent);
/// An exact copy of image, or NULL.
void *nsesim_image_clone(const void *image);
/// A copy turned upright as EXIF orientation `orientation` (1...8) says, or NULL.
void *nsesim_image_oriented(const void *image, int orientation);
int nsesim_image_width(const void *image);
int nsesim_image_height(const void *image);
/// The image's pixels: width × height straight-alpha RGBA, 4 bytes a pixel, rows from the top with
/// no padding, for a decoder outside the bridge to write into (AVFoundation's video frames).
unsigned char *nsesim_image_pixels(void *image);
/// Draws the source rectangle of src into the destination rectangle of dst (clipped to dst),
/// resampled (area average when smaller, bilinear when larger) and blended source-over.
void nsesim_image_draw(void *dst, const void *src, int dx, int dy, int dw, int dh, int sx, int sy, int sw, int sh);
/// Fills a rectangle (clipped) with a colour (alpha 0..255, 255 opaque), blended over (blend != 0) or replacing.
void nsesim_image_fill(void *image, int x, int y, int width, int height,
                       unsigned char red, unsigned char green, unsigned char blue, unsigned char alpha, int blend);
/// The pixel at x, y as 0xAARRGGBB with alpha 255 opaque; 0 outside the image.
unsigned int nsesim_image_pixel(const void *image, int x, int y);
/// Encodes as PNG (RGBA when keep_alpha, else RGB) or JPEG (quality 0..100; transparent pixels
/// composited over black). The codec must be loaded. Returns the bytes and their count in size, or NULL.
void *nsesim_image_encode(const void *image, nsesim_image_format format, int quality, int keep_alpha, size_t *size);
void nsesim_image_free_data(void *data);

/// How a fill or a drawn image meets the pixels: blended over, replacing them, clearing them,
/// or by another of Porter and Duff's operators or a separable blend mode (CGBlendMode's).
typedef enum {
    NSESIM_FILL_OVER = 0,
    NSESIM_FILL_COPY = 1,
    NSESIM_FILL_CLEAR = 2,
    NSESIM_FILL_SOURCE_IN = 3,
    NSESIM_FILL_SOURCE_OUT = 4,
    NSESIM_FILL_SOURCE_ATOP = 5,
    NSESIM_FILL_DESTINATION_OVER = 6,
    NSESIM_FILL_DESTINATION_IN = 7,
    NSESIM_FILL_DESTINATION_OUT = 8,
    NSESIM_FILL_DESTINATION_ATOP = 9,
    NSESIM_FILL_XOR = 10,
    NSESIM_FILL_PLUS_LIGHTER = 11,
    NSESIM_FILL_MULTIPLY = 12,
    NSESIM_FILL_SCREEN = 13,
    NSESIM_FILL_DARKEN = 14,
    NSESIM_FILL_LIGHTEN = 15,
} nsesim_fill_mode;

/// Rasterises closed polygons (`points` as x, y pairs in pixels, y down; `counts[i]` points in
/// contour i) into `coverage` (width × height bytes, 255 fully inside) with the non-zero or
/// even-odd rule, anti-aliased. Returns 0 when memory ran out.
int nsesim_path_coverage(int width, int height, const double *points, const int *counts, int contours, int even_odd,
                         unsigned char *coverage);
/// Fills the pixels of image by `coverage` (and `clip`, if not NULL: both width × height bytes).
void nsesim_image_fill_coverage(void *image, const unsigned char *coverage, const unsigned char *clip,
                                unsigned char red, unsigned char green, unsigned char blue, unsigned char alpha, int mode);
/// Draws src into dst through the affine matrix `m` (a, b, c, d, tx, ty: source pixels to destination
/// pixels), area-averaged when shrinking, bilinear (or nearest) when enlarging, through `clip`.
void nsesim_image_draw_transformed(void *dst, const void *src, const double m[6], const unsigned char *clip,
                                   double alpha, int mode, int nearest);
/// Resamples src to dst's size (replacing dst's pixels).
void nsesim_image_resample(const void *src, void *dst);

/// Where each component of a pixel sits in a caller's buffer (-1: absent).
typedef struct {
    int bytes_per_pixel;
    int red, green, blue, gray, alpha, skip;
    int premultiplied;
} nsesim_pixel_layout;

/// Writes image into a caller's buffer in `layout` (rows `bytes_per_row` apart).
void nsesim_image_export(const void *image, void *buffer, int bytes_per_row, const nsesim_pixel_layout *layout);
/// Reads image's pixels back from a caller's buffer in `layout`.
void nsesim_image_import(void *image, const void *buffer, int bytes_per_row, const nsesim_pixel_layout *layout);
void nsesim_image_destroy(void *image);

#endif
