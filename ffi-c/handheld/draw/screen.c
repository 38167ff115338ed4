/* screen.c: the picture's pixels, boxes, text and hash (screen.h). Every drawing call clips
 * to the screen pixel by pixel, so the game can place things partly off it. */
#include "screen.h"

#include "font.h"

static int on_screen(int x, int y) {
    return x >= 0 && x < SCREEN_WIDTH && y >= 0 && y < SCREEN_HEIGHT;
}

void screen_clear(screen *s) {
    for (int y = 0; y < SCREEN_HEIGHT; y++)
        for (int i = 0; i < SCREEN_ROW_BYTES; i++) s->rows[y][i] = 0;
}

void screen_pixel(screen *s, int x, int y, unsigned grey) {
    if (!on_screen(x, y)) return;
    uint8_t *byte = &s->rows[y][x / 2];
    grey &= 0xFu;
    if (x % 2 == 0)
        *byte = (uint8_t)((*byte & 0x0Fu) | (grey << 4));
    else
        *byte = (uint8_t)((*byte & 0xF0u) | grey);
}

unsigned screen_pixel_at(const screen *s, int x, int y) {
    if (!on_screen(x, y)) return GREY_BLACK;
    uint8_t byte = s->rows[y][x / 2];
    return x % 2 == 0 ? byte >> 4 : byte & 0xFu;
}

void screen_fill(screen *s, int x, int y, int width, int height, unsigned grey) {
    for (int row = y; row < y + height; row++)
        for (int column = x; column < x + width; column++) screen_pixel(s, column, row, grey);
}

void screen_box(screen *s, int x, int y, int width, int height, unsigned grey) {
    if (width <= 0 || height <= 0) return;
    screen_fill(s, x, y, width, 1, grey);
    screen_fill(s, x, y + height - 1, width, 1, grey);
    screen_fill(s, x, y, 1, height, grey);
    screen_fill(s, x + width - 1, y, 1, height, grey);
}

void screen_invert(screen *s, int x, int y, int width, int height) {
    for (int row = y; row < y + height; row++)
        for (int column = x; column < x + width; column++)
            if (on_screen(column, row))
                screen_pixel(s, column, row, GREY_WHITE - screen_pixel_at(s, column, row));
}

void screen_bitmap(screen *s, int x, int y, const uint8_t *rows, int width, int height,
                   unsigned grey) {
    for (int row = 0; row < height; row++)
        for (int column = 0; column < width; column++)
            if (rows[row] & (1u << (width - 1 - column))) screen_pixel(s, x + column, y + row, grey);
}

static int text_width(const char *text, int cell_width) {
    int characters = 0;
    while (text[characters] != '\0') characters++;
    return characters * cell_width;
}

int screen_text(screen *s, int x, int y, const char *text, unsigned grey) {
    for (; *text != '\0'; text++, x += LARGE_CELL_WIDTH)
        screen_bitmap(s, x, y + font_large_drop(*text), font_large_glyph(*text), LARGE_GLYPH_WIDTH,
                      LARGE_GLYPH_HEIGHT, grey);
    return x;
}

int screen_small_text(screen *s, int x, int y, const char *text, unsigned grey) {
    for (; *text != '\0'; text++, x += SMALL_CELL_WIDTH) {
        uint8_t rows[SMALL_GLYPH_HEIGHT];
        font_small_glyph(*text, rows);
        screen_bitmap(s, x, y, rows, SMALL_GLYPH_WIDTH, SMALL_GLYPH_HEIGHT, grey);
    }
    return x;
}

int screen_text_width(const char *text) { return text_width(text, LARGE_CELL_WIDTH); }

int screen_small_text_width(const char *text) { return text_width(text, SMALL_CELL_WIDTH); }

uint32_t screen_hash(const screen *s) {
    uint32_t hash = 2166136261u; /* FNV-1a's offset basis and prime (32 bits) */
    for (int y = 0; y < SCREEN_HEIGHT; y++)
        for (int i = 0; i < SCREEN_ROW_BYTES; i++) hash = (hash ^ s->rows[y][i]) * 16777619u;
    return hash;
}
