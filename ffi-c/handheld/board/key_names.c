/* key_names.c: the keys' names (board.h), one table for both boards. */
#include <stddef.h>

#include "board.h"

const char *board_key_name(board_key key) {
    switch (key) {
    case KEY_UP: return "up";
    case KEY_DOWN: return "down";
    case KEY_LEFT: return "left";
    case KEY_RIGHT: return "right";
    case KEY_SELECT: return "select";
    default: return NULL;
    }
}
