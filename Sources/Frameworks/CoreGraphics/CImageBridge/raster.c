#include "CImageBridge.h"
#include "image.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Sub-scanlines a pixel row is sampled at: 16 levels of vertical coverage, exact horizontal spans.
#define SUBSAMPLES 16

struct crossing {
    double x;
    int direction;
};

static int compare_crossings(const void *a, const void *b) {
    double d = ((const struct crossing *)a)->x - ((const struct crossing *)b)->x;
    return d < 0 ? -1 : (d > 0 ? 1 : 0);
}

// Adds the horizontal span [x0, x1) of one sub-scanline to the row's coverage.
static void add_span(float *row, int width, double x0, double x1, float weight) {
    if (x0 < 0) x0 = 0;
    if (x1 > width) x1 = width;
    if (x1 <= x0) return;
    int i0 = (int)floor(x0), i1 = (int)floor(x1);
    if (i0 == i1) {
        row[i0] += (float)(x1 - x0) * weight;
        return;
    }
    row[i0] += (float)(i0 + 1 - x0) * weight;
    for (int i = i0 + 1; i < i1 && i < width; i++) row[i] += weight;
    if (i1 < width) row[i1] += (float)(x1 - i1) * weight;
}

int nsesim_path_coverage(int width, int height, const double *points, const int *counts, int contours, int even_odd,
                         unsigned char *coverage) {
    if (width <= 0 || height <= 0 || coverage == NULL) return 0;
    memset(coverage, 0, (size_t)width * (size_t)height);
    size_t edges = 0;
    for (int c = 0; c < contours; c++) edges += counts[c] > 1 ? (size_t)counts[c] : 0;
    if (edges == 0) return 1;
    struct crossing *crossings = malloc(edges * sizeof *crossings);
    float *row = malloc((size_t)width * sizeof *row);
    if (crossings == NULL || row == NULL) {
        free(crossings);
        free(row);
        return 0;
    }
    // The rows the path reaches.
    double top = INFINITY, bottom = -INFINITY;
    size_t total = 0;
    for (int c = 0; c < contours; c++) total += (size_t)counts[c];
    for (size_t i = 0; i < total; i++) {
        top = fmin(top, points[i * 2 + 1]);
        bottom = fmax(bottom, points[i * 2 + 1]);
    }
    int first = top < 0 ? 0 : (int)floor(top), last = bottom >= height ? height - 1 : (int)ceil(bottom);
    const float weight = 1.0f / SUBSAMPLES;
    for (int y = first; y <= last; y++) {
        memset(row, 0, (size_t)width * sizeof *row);
        int touched = 0;
        for (int s = 0; s < SUBSAMPLES; s++) {
            double sy = y + (s + 0.5) / SUBSAMPLES;
            size_t found = 0, start = 0;
            for (int c = 0; c < contours; c++) {
                int n = counts[c];
                for (int i = 0; n > 1 && i < n; i++) {
                    const double *a = points + (start + (size_t)i) * 2;
                    const double *b = points + (start + (size_t)((i + 1) % n)) * 2;
                    if ((a[1] <= sy && b[1] > sy) || (b[1] <= sy && a[1] > sy)) {
                        double t = (sy - a[1]) / (b[1] - a[1]);
                        crossings[found].x = a[0] + t * (b[0] - a[0]);
                        crossings[found].direction = b[1] > a[1] ? 1 : -1;
                        found++;
                    }
                }
                start += (size_t)n;
            }
            if (found < 2) continue;
            qsort(crossings, found, sizeof *crossings, compare_crossings);
            int winding = 0;
            for (size_t i = 0; i + 1 < found; i++) {
                winding += even_odd ? 1 : crossings[i].direction;
                int inside = even_odd ? (winding & 1) : winding != 0;
                if (inside) {
                    add_span(row, width, crossings[i].x, crossings[i + 1].x, weight);
                    touched = 1;
                }
            }
        }
        if (!touched) continue;
        unsigned char *out = coverage + (size_t)y * (size_t)width;
        for (int x = 0; x < width; x++) {
            float v = row[x] * 255.0f + 0.5f;
            out[x] = v >= 255 ? 255 : (v <= 0 ? 0 : (unsigned char)v);
        }
    }
    free(crossings);
    free(row);
    return 1;
}

// Puts a premultiplied colour (0..1) at coverage `k` (0..1) on the straight-alpha pixel p: over
// what is there, or (copy) replacing it within the covered part.
static void put(unsigned char *p, double r, double g, double b, double a, double k, int copy) {
    double dr = p[0] / 255.0 * p[3] / 255.0, dg = p[1] / 255.0 * p[3] / 255.0, db = p[2] / 255.0 * p[3] / 255.0;
    double da = p[3] / 255.0;
    double keep = copy ? 1 - k : 1 - k * a;
    double orr = r * k + dr * keep, og = g * k + dg * keep, ob = b * k + db * keep, oa = a * k + da * keep;
    if (oa <= 0.0005) {
        p[0] = p[1] = p[2] = p[3] = 0;
        return;
    }
    p[0] = (unsigned char)lround(fmin(orr / oa, 1) * 255);
    p[1] = (unsigned char)lround(fmin(og / oa, 1) * 255);
    p[2] = (unsigned char)lround(fmin(ob / oa, 1) * 255);
    p[3] = (unsigned char)lround(fmin(oa, 1) * 255);
}

// Composes a premultiplied colour (0..1) with the straight-alpha pixel p by `mode` (one of the
// operators past CLEAR), at coverage k: the operator's result where covered, what was there
// elsewhere, linearly between (as CoreGraphics anti-aliases).
static void compose(unsigned char *p, double r, double g, double b, double a, double k, int mode) {
    double da = p[3] / 255.0;
    double d[3] = {p[0] / 255.0 * da, p[1] / 255.0 * da, p[2] / 255.0 * da};
    double s[3] = {r, g, b}, o[3], oa;
    for (int i = 0; i < 3; i++) {
        double sc = s[i], dc = d[i];
        switch (mode) {
        case NSESIM_FILL_SOURCE_IN: o[i] = sc * da; break;
        case NSESIM_FILL_SOURCE_OUT: o[i] = sc * (1 - da); break;
        case NSESIM_FILL_SOURCE_ATOP: o[i] = sc * da + dc * (1 - a); break;
        case NSESIM_FILL_DESTINATION_OVER: o[i] = sc * (1 - da) + dc; break;
        case NSESIM_FILL_DESTINATION_IN: o[i] = dc * a; break;
        case NSESIM_FILL_DESTINATION_OUT: o[i] = dc * (1 - a); break;
        case NSESIM_FILL_DESTINATION_ATOP: o[i] = sc * (1 - da) + dc * a; break;
        case NSESIM_FILL_XOR: o[i] = sc * (1 - da) + dc * (1 - a); break;
        case NSESIM_FILL_PLUS_LIGHTER: o[i] = fmin(sc + dc, 1); break;
        case NSESIM_FILL_MULTIPLY: o[i] = sc * dc + sc * (1 - da) + dc * (1 - a); break;
        case NSESIM_FILL_SCREEN: o[i] = sc + dc - sc * dc; break;
        case NSESIM_FILL_DARKEN: o[i] = fmin(sc * da, dc * a) + sc * (1 - da) + dc * (1 - a); break;
        case NSESIM_FILL_LIGHTEN: o[i] = fmax(sc * da, dc * a) + sc * (1 - da) + dc * (1 - a); break;
        default: o[i] = sc + dc * (1 - a); break;
        }
    }
    switch (mode) {
    case NSESIM_FILL_SOURCE_IN: oa = a * da; break;
    case NSESIM_FILL_SOURCE_OUT: oa = a * (1 - da); break;
    case NSESIM_FILL_SOURCE_ATOP: oa = da; break;
    case NSESIM_FILL_DESTINATION_IN: oa = da * a; break;
    case NSESIM_FILL_DESTINATION_OUT: oa = da * (1 - a); break;
    case NSESIM_FILL_DESTINATION_ATOP: oa = a; break;
    case NSESIM_FILL_XOR: oa = a * (1 - da) + da * (1 - a); break;
    case NSESIM_FILL_PLUS_LIGHTER: oa = fmin(a + da, 1); break;
    default: oa = a + da * (1 - a); break;
    }
    double fr = o[0] * k + d[0] * (1 - k), fg = o[1] * k + d[1] * (1 - k), fb = o[2] * k + d[2] * (1 - k);
    double fa = oa * k + da * (1 - k);
    if (fa <= 0.0005) {
        p[0] = p[1] = p[2] = p[3] = 0;
        return;
    }
    p[0] = (unsigned char)lround(fmin(fr / fa, 1) * 255);
    p[1] = (unsigned char)lround(fmin(fg / fa, 1) * 255);
    p[2] = (unsigned char)lround(fmin(fb / fa, 1) * 255);
    p[3] = (unsigned char)lround(fmin(fa, 1) * 255);
}

void nsesim_image_fill_coverage(void *destination, const unsigned char *coverage, const unsigned char *clip,
                                unsigned char red, unsigned char green, unsigned char blue, unsigned char alpha, int mode) {
    struct image *image = destination;
    if (image == NULL || coverage == NULL) return;
    double a = alpha / 255.0;
    double r = red / 255.0 * a, g = green / 255.0 * a, b = blue / 255.0 * a;
    if (mode == NSESIM_FILL_CLEAR) r = g = b = a = 0;
    size_t count = (size_t)image->width * (size_t)image->height;
    for (size_t i = 0; i < count; i++) {
        if (coverage[i] == 0 || (clip != NULL && clip[i] == 0)) continue;
        double k = coverage[i] / 255.0 * (clip != NULL ? clip[i] / 255.0 : 1);
        if (mode > NSESIM_FILL_CLEAR) compose(image->pixels + i * 4, r, g, b, a, k, mode);
        else put(image->pixels + i * 4, r, g, b, a, k, mode != NSESIM_FILL_OVER);
    }
}

// The premultiplied average of src over the source rectangle [x0, x1) × [y0, y1) (fractional edges).
static void average(const struct image *src, double x0, double y0, double x1, double y1, double out[4]) {
    double sum[4] = {0, 0, 0, 0}, total = 0;
    if (x1 - x0 < 1) {
        double c = (x0 + x1) / 2;
        x0 = c - 0.5;
        x1 = c + 0.5;
    }
    if (y1 - y0 < 1) {
        double c = (y0 + y1) / 2;
        y0 = c - 0.5;
        y1 = c + 0.5;
    }
    for (int y = (int)floor(y0); y < (int)ceil(y1); y++) {
        double wy = fmin(y + 1, y1) - fmax(y, y0);
        int cy = y < 0 ? 0 : (y >= src->height ? src->height - 1 : y);
        if (wy <= 0) continue;
        for (int x = (int)floor(x0); x < (int)ceil(x1); x++) {
            double wx = fmin(x + 1, x1) - fmax(x, x0);
            int cx = x < 0 ? 0 : (x >= src->width ? src->width - 1 : x);
            if (wx <= 0) continue;
            const unsigned char *p = src->pixels + ((size_t)cy * (size_t)src->width + (size_t)cx) * 4;
            double w = wx * wy, al = p[3] / 255.0;
            sum[0] += p[0] / 255.0 * al * w;
            sum[1] += p[1] / 255.0 * al * w;
            sum[2] += p[2] / 255.0 * al * w;
            sum[3] += al * w;
            total += w;
        }
    }
    for (int i = 0; i < 4; i++) out[i] = total > 0 ? sum[i] / total : 0;
}

// The premultiplied bilinear sample of src at (x, y) (pixel centres at .5), clamped to its edges.
static void sample(const struct image *src, double x, double y, int nearest, double out[4]) {
    x -= 0.5;
    y -= 0.5;
    x = fmin(fmax(x, 0), src->width - 1);
    y = fmin(fmax(y, 0), src->height - 1);
    int x0 = (int)floor(x), y0 = (int)floor(y);
    if (nearest) {
        x0 = (int)lround(x);
        y0 = (int)lround(y);
    }
    int x1 = x0 + 1 < src->width ? x0 + 1 : x0, y1 = y0 + 1 < src->height ? y0 + 1 : y0;
    double fx = nearest ? 0 : x - x0, fy = nearest ? 0 : y - y0;
    int xs[2] = {x0, x1}, ys[2] = {y0, y1};
    double ws[4] = {(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy};
    for (int i = 0; i < 4; i++) out[i] = 0;
    for (int k = 0; k < 4; k++) {
        const unsigned char *p = src->pixels + ((size_t)ys[k / 2] * (size_t)src->width + (size_t)xs[k % 2]) * 4;
        double al = p[3] / 255.0;
        out[0] += p[0] / 255.0 * al * ws[k];
        out[1] += p[1] / 255.0 * al * ws[k];
        out[2] += p[2] / 255.0 * al * ws[k];
        out[3] += al * ws[k];
    }
}

void nsesim_image_draw_transformed(void *destination, const void *source, const double m[6], const unsigned char *clip,
                                   double alpha, int mode, int nearest) {
    struct image *dst = destination;
    const struct image *src = source;
    if (dst == NULL || src == NULL || m == NULL) return;
    // m maps source pixel coordinates (x right, y down) to destination pixels: x' = a x + c y + tx.
    double a = m[0], b = m[1], c = m[2], d = m[3], tx = m[4], ty = m[5];
    double det = a * d - b * c;
    if (fabs(det) < 1e-12) return;
    double ia = d / det, ib = -b / det, ic = -c / det, id = a / det;
    double itx = (c * ty - d * tx) / det, ity = (b * tx - a * ty) / det;
    double corners[4][2] = {{0, 0}, {src->width, 0}, {0, src->height}, {src->width, src->height}};
    double minx = INFINITY, miny = INFINITY, maxx = -INFINITY, maxy = -INFINITY;
    for (int i = 0; i < 4; i++) {
        double x = a * corners[i][0] + c * corners[i][1] + tx, y = b * corners[i][0] + d * corners[i][1] + ty;
        minx = fmin(minx, x);
        maxx = fmax(maxx, x);
        miny = fmin(miny, y);
        maxy = fmax(maxy, y);
    }
    int x0 = (int)fmax(floor(minx), 0), y0 = (int)fmax(floor(miny), 0);
    int x1 = (int)fmin(ceil(maxx), dst->width), y1 = (int)fmin(ceil(maxy), dst->height);
    int axis = fabs(b) < 1e-9 && fabs(c) < 1e-9;
    // How many source pixels one destination pixel spans: area averaging when shrinking.
    int shrinking = axis ? (fabs(ia) > 1 || fabs(id) > 1) : (hypot(ia, ib) > 1.5 || hypot(ic, id) > 1.5);
    for (int y = y0; y < y1; y++) {
        for (int x = x0; x < x1; x++) {
            size_t index = (size_t)y * (size_t)dst->width + (size_t)x;
            if (clip != NULL && clip[index] == 0) continue;
            // Coverage of the destination pixel by the image's edges (4×4 samples).
            int inside = 0;
            for (int s = 0; s < 16; s++) {
                double px = x + (s % 4 + 0.5) / 4, py = y + (s / 4 + 0.5) / 4;
                double u = ia * px + ic * py + itx, v = ib * px + id * py + ity;
                inside += u >= 0 && v >= 0 && u < src->width && v < src->height;
            }
            if (inside == 0) continue;
            double px = x + 0.5, py = y + 0.5, col[4];
            double u = ia * px + ic * py + itx, v = ib * px + id * py + ity;
            if (shrinking && axis) {
                double ux0 = ia * x + itx, ux1 = ia * (x + 1) + itx, vy0 = id * y + ity, vy1 = id * (y + 1) + ity;
                average(src, fmin(ux0, ux1), fmin(vy0, vy1), fmax(ux0, ux1), fmax(vy0, vy1), col);
            } else if (shrinking) {
                double su = fmax(fabs(ia), fabs(ic)), sv = fmax(fabs(ib), fabs(id));
                average(src, u - su / 2, v - sv / 2, u + su / 2, v + sv / 2, col);
            } else {
                sample(src, u, v, nearest, col);
            }
            double k = inside / 16.0 * alpha * (clip != NULL ? clip[index] / 255.0 : 1);
            double ca = col[3];
            unsigned char *p = dst->pixels + index * 4;
            if (mode > NSESIM_FILL_CLEAR) {
                compose(p, col[0], col[1], col[2], ca, k, mode);
                continue;
            }
            if (ca <= 0 && mode != NSESIM_FILL_COPY) continue;
            put(p, col[0], col[1], col[2], ca, k, mode == NSESIM_FILL_COPY);
        }
    }
}

// One component of a pixel in a caller's layout: 0..255.
static unsigned char to_byte(double v) { return v <= 0 ? 0 : (v >= 1 ? 255 : (unsigned char)lround(v * 255)); }

void nsesim_image_export(const void *source, void *buffer, int bytes_per_row, const nsesim_pixel_layout *layout) {
    const struct image *image = source;
    if (image == NULL || buffer == NULL || layout == NULL) return;
    for (int y = 0; y < image->height; y++) {
        unsigned char *out = (unsigned char *)buffer + (size_t)y * (size_t)bytes_per_row;
        for (int x = 0; x < image->width; x++) {
            const unsigned char *p = image->pixels + ((size_t)y * (size_t)image->width + (size_t)x) * 4;
            unsigned char *q = out + (size_t)x * (size_t)layout->bytes_per_pixel;
            double al = layout->alpha >= 0 || layout->skip >= 0 ? p[3] / 255.0 : 1;
            double factor = layout->premultiplied || layout->alpha < 0 ? al : 1;
            if (layout->gray >= 0) {
                double lum = (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]) / 255.0;
                q[layout->gray] = to_byte(lum * factor);
            }
            if (layout->red >= 0) {
                q[layout->red] = to_byte(p[0] / 255.0 * factor);
                q[layout->green] = to_byte(p[1] / 255.0 * factor);
                q[layout->blue] = to_byte(p[2] / 255.0 * factor);
            }
            if (layout->alpha >= 0) q[layout->alpha] = p[3];
            if (layout->skip >= 0) q[layout->skip] = 255;
        }
    }
}

void nsesim_image_import(void *destination, const void *buffer, int bytes_per_row, const nsesim_pixel_layout *layout) {
    struct image *image = destination;
    if (image == NULL || buffer == NULL || layout == NULL) return;
    for (int y = 0; y < image->height; y++) {
        const unsigned char *in = (const unsigned char *)buffer + (size_t)y * (size_t)bytes_per_row;
        for (int x = 0; x < image->width; x++) {
            unsigned char *p = image->pixels + ((size_t)y * (size_t)image->width + (size_t)x) * 4;
            const unsigned char *q = in + (size_t)x * (size_t)layout->bytes_per_pixel;
            unsigned char al = layout->alpha >= 0 ? q[layout->alpha] : 255;
            double unpremultiply = layout->premultiplied && al > 0 ? 255.0 / al : 1;
            if (layout->gray >= 0) {
                p[0] = p[1] = p[2] = to_byte(q[layout->gray] / 255.0 * unpremultiply);
            } else if (layout->red >= 0) {
                p[0] = to_byte(q[layout->red] / 255.0 * unpremultiply);
                p[1] = to_byte(q[layout->green] / 255.0 * unpremultiply);
                p[2] = to_byte(q[layout->blue] / 255.0 * unpremultiply);
            } else {
                p[0] = p[1] = p[2] = 0;
            }
            p[3] = al;
        }
    }
}

void nsesim_image_resample(const void *source, void *destination) {
    const struct image *src = source;
    struct image *dst = destination;
    if (src == NULL || dst == NULL) return;
    double m[6] = {(double)dst->width / src->width, 0, 0, (double)dst->height / src->height, 0, 0};
    nsesim_image_draw_transformed(dst, src, m, NULL, 1, NSESIM_FILL_COPY, 0);
}
