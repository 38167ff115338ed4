/* png.c: PNG files of the screen for the host board (png.h), compressed with the system's
 * zlib. */
#include "png.h"

#include <stdint.h>
#include <stdio.h>
#include <zlib.h>

#define WIDTH (SCREEN_WIDTH * PNG_SCALE)
#define HEIGHT (SCREEN_HEIGHT * PNG_SCALE)
/* A scanline: its filter byte (0, none) and one byte a pixel. */
#define SCANLINE (1 + WIDTH)
#define GREY_TO_BYTE 17u

static void put_u32(uint8_t *out, uint32_t value) {
    out[0] = (uint8_t)(value >> 24);
    out[1] = (uint8_t)(value >> 16);
    out[2] = (uint8_t)(value >> 8);
    out[3] = (uint8_t)value;
}

/* One chunk: length, type, data, CRC over type and data. */
static bool write_chunk(FILE *file, const char type[4], const uint8_t *data, uint32_t length) {
    uint8_t header[8], crc_bytes[4];
    put_u32(header, length);
    for (int i = 0; i < 4; i++) header[4 + i] = (uint8_t)type[i];
    uLong crc = crc32(0L, header + 4, 4);
    if (length > 0) crc = crc32(crc, data, length);
    put_u32(crc_bytes, (uint32_t)crc);
    return fwrite(header, 1, 8, file) == 8 &&
           (length == 0 || fwrite(data, 1, length, file) == length) &&
           fwrite(crc_bytes, 1, 4, file) == 4;
}

bool png_write_screen(const screen *s, const char *path) {
    static uint8_t raw[HEIGHT * SCANLINE];
    static uint8_t packed[HEIGHT * SCANLINE + HEIGHT * SCANLINE / 100 + 64];
    for (int y = 0; y < HEIGHT; y++) {
        uint8_t *line = &raw[y * SCANLINE];
        line[0] = 0;
        for (int x = 0; x < WIDTH; x++)
            line[1 + x] = (uint8_t)(GREY_TO_BYTE * screen_pixel_at(s, x / PNG_SCALE, y / PNG_SCALE));
    }
    uLongf packed_length = sizeof packed;
    if (compress2(packed, &packed_length, raw, sizeof raw, Z_BEST_COMPRESSION) != Z_OK) return false;

    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint8_t header[13];
    put_u32(header, WIDTH);
    put_u32(header + 4, HEIGHT);
    header[8] = 8;  /* bits a sample */
    header[9] = 0;  /* greyscale */
    header[10] = 0; /* deflate */
    header[11] = 0; /* filters per scanline */
    header[12] = 0; /* no interlace */
    FILE *file = fopen(path, "wb");
    if (file == NULL) return false;
    bool ok = fwrite(signature, 1, sizeof signature, file) == sizeof signature &&
              write_chunk(file, "IHDR", header, sizeof header) &&
              write_chunk(file, "IDAT", packed, (uint32_t)packed_length) &&
              write_chunk(file, "IEND", NULL, 0);
    return fclose(file) == 0 && ok;
}
