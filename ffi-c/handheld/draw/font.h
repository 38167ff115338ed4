/* font.h: the two fonts' glyphs, for screen.c and cards.c (not part of screen.h). Rows top
 * first; in a row the leftmost pixel is the highest of the glyph's `width` bits. */
#ifndef HANDHELD_FONT_H
#define HANDHELD_FONT_H

#include <stdint.h>

#define SMALL_GLYPH_WIDTH 3
#define SMALL_GLYPH_HEIGHT 5
#define LARGE_GLYPH_WIDTH 5
#define LARGE_GLYPH_HEIGHT 7

/* The small glyph of `character` (lower case drawn as upper case; outside printable ASCII
 * '?') as SMALL_GLYPH_HEIGHT rows. */
void font_small_glyph(char character, uint8_t rows[SMALL_GLYPH_HEIGHT]);

/* The large glyph of `character` (outside printable ASCII '?'): LARGE_GLYPH_HEIGHT rows. */
const uint8_t *font_large_glyph(char character);
/* How many rows below the cell's top the large glyph is drawn: 1 for the letters with a
 * descender, which use the cell's eighth row, else 0. */
int font_large_drop(char character);

#endif
