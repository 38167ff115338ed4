/* screen.h: a 128 x 64 picture in 16 greys, and what the game draws on it.
 *
 * The layout is the SSD0323 OLED's own (64 bytes a row, the high nibble the left pixel), so the
 * board sends it as it is and a test compares it with QEMU's screendump. Drawing is clipped to
 * the screen: coordinates outside it draw nothing. Nothing here knows the game's rules: a card
 * is drawn from its rank and suit. */
#ifndef HANDHELD_SCREEN_H
#define HANDHELD_SCREEN_H

#include <stdint.h>

#define SCREEN_WIDTH 128
#define SCREEN_HEIGHT 64
#define SCREEN_ROW_BYTES (SCREEN_WIDTH / 2)

/* Greys from 0 (off) to 15 (brightest). */
#define GREY_BLACK 0u
#define GREY_DIM 5u
#define GREY_MID 9u
#define GREY_WHITE 15u

typedef struct screen {
    uint8_t rows[SCREEN_HEIGHT][SCREEN_ROW_BYTES];
} screen;

/* The small font: 3 x 5 glyphs in 4 x 6 cells (32 characters a line, 10 lines); lower case is
 * drawn as upper case. */
#define SMALL_CELL_WIDTH 4
#define SMALL_CELL_HEIGHT 6
/* The large font: 5 x 7 glyphs in 6 x 8 cells (21 characters a line, 8 lines); g, j, p, q
 * and y sit one row lower, their descenders in the cell's last row. */
#define LARGE_CELL_WIDTH 6
#define LARGE_CELL_HEIGHT 8

/* A card face: CARD_WIDTH x CARD_HEIGHT pixels, its rank above its suit's symbol. */
#define CARD_WIDTH 9
#define CARD_HEIGHT 13

/* How a card is drawn. */
typedef enum card_look {
    CARD_PLAIN,    /* outlined, light on black */
    CARD_CURSOR,   /* the card under the player's cursor: filled white, black on it */
    CARD_MARKED,   /* a card a move takes or took: filled mid grey, black on it */
    CARD_FACEDOWN, /* a back: a hatched face, no rank */
} card_look;

/* Suits as the C API numbers them (TABLIC_SUIT_*): clubs, diamonds, hearts, spades. */
void screen_clear(screen *s);
void screen_pixel(screen *s, int x, int y, unsigned grey);
unsigned screen_pixel_at(const screen *s, int x, int y);
void screen_fill(screen *s, int x, int y, int width, int height, unsigned grey);
/* A one-pixel outline. */
void screen_box(screen *s, int x, int y, int width, int height, unsigned grey);
/* Every pixel's grey g becomes 15 - g. */
void screen_invert(screen *s, int x, int y, int width, int height);
/* A 1-bit picture of `height` rows, each `width` (at most 8) bits, the leftmost pixel the
 * highest bit: lit pixels drawn in `grey`, the others left as they are. */
void screen_bitmap(screen *s, int x, int y, const uint8_t *rows, int width, int height,
                   unsigned grey);

/* Text from (x, y), its top left; printable ASCII, anything else drawn as '?'. `\n` is not
 * special. Returns the x after the last cell. */
int screen_text(screen *s, int x, int y, const char *text, unsigned grey);
int screen_small_text(screen *s, int x, int y, const char *text, unsigned grey);
int screen_text_width(const char *text);
int screen_small_text_width(const char *text);

/* A suit's SUIT_SIZE x SUIT_SIZE symbol, told apart by shape alone. */
#define SUIT_SIZE 5
void screen_suit(screen *s, int x, int y, unsigned suit, unsigned grey);
/* A card at (x, y); `rank` 0..12 (ace..king, TABLIC_RANK_*), `suit` 0..3. A rank or suit
 * out of range is left out (a blank face). */
void screen_card(screen *s, int x, int y, unsigned rank, unsigned suit, card_look look);
/* A card as a chip, for a table too crowded for faces: its rank beside its suit, SUIT_SIZE
 * rows tall and screen_chip_width(rank) wide (the ten is wider); light on black, or (marked,
 * cursor) black on a mid grey that reaches one column past either side and one row above. */
void screen_chip(screen *s, int x, int y, unsigned rank, unsigned suit, card_look look);
int screen_chip_width(unsigned rank);

/* FNV-1a (32 bits) over the rows: what the firmware reports and a test checks. */
uint32_t screen_hash(const screen *s);

#endif
