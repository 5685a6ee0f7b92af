#ifndef NSESIM_IMAGE_H
#define NSESIM_IMAGE_H
// The bridge's own pixels, shared by its files (not part of the public header).
#include <stddef.h>

// Straight-alpha RGBA, 8 bits a component, rows top to bottom without padding.
struct image {
    int width, height;
    unsigned char *pixels;
};

/// A new transparent image, or NULL when the size is not positive or memory ran out.
struct image *nsesim_image_new(int width, int height);

#endif
