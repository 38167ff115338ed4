/* png.h: a screen as a PNG file on the host, as QEMU shows it: each pixel a 4 x 4 block, grey
 * g as 17 g (8-bit greyscale, 512 x 256). */
#ifndef HANDHELD_PNG_H
#define HANDHELD_PNG_H

#include <stdbool.h>

#include "../draw/screen.h"

#define PNG_SCALE 4

/* Writes `s` to `path`; false (with errno or zlib's failure) if the file could not be made. */
bool png_write_screen(const screen *s, const char *path);

#endif
