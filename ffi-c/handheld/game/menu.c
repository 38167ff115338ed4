/* menu.c: the start menu (menu.h). */
#include "menu.h"

#include <stdio.h>

#include "../board/board.h"
#include "../draw/screen.h"
#include "levels.h"
#include "rules_view.h"

enum { ITEM_LEVEL, ITEM_PLAYERS, ITEM_LENGTH, ITEM_RULES, ITEM_START, ITEM_WATCH, ITEMS };

/* Six lines of the large font under the title: the last one's highlight ends on row 63. */
#define TITLE_Y 0
#define FIRST_ITEM_Y 11
#define ITEM_STEP 9
#define VALUE_X 54

static const char *const item_labels[ITEMS] = {"LEVEL", "PLAYERS", "PLAY", "RULES", "START",
                                               "WATCH"};
static const char *const length_labels[LENGTH_CHOICES] = {"1 GAME", "5 GAMES", "TO 101"};

static void draw(screen *s, const session_setup *setup, int item) {
    screen_clear(s);
    const char *title = "TABLIC";
    screen_text(s, (SCREEN_WIDTH - screen_text_width(title)) / 2, TITLE_Y, title, GREY_WHITE);
    screen_fill(s, 0, TITLE_Y + LARGE_CELL_HEIGHT + 1, SCREEN_WIDTH, 1, GREY_DIM);
    char against[16];
    snprintf(against, sizeof against, "VS %s", handheld_levels[setup->watch_level].name);
    for (int i = 0; i < ITEMS; i++) {
        int y = FIRST_ITEM_Y + i * ITEM_STEP;
        const char *value = i == ITEM_LEVEL     ? handheld_levels[setup->level].name
                            : i == ITEM_PLAYERS ? (setup->pairs ? "4 IN PAIRS" : "2")
                            : i == ITEM_LENGTH  ? length_labels[setup->length]
                            : i == ITEM_WATCH   ? against
                                                : "";
        unsigned grey = i == item ? GREY_BLACK : GREY_WHITE;
        if (i == item) screen_fill(s, 0, y - 1, SCREEN_WIDTH, LARGE_CELL_HEIGHT + 1, GREY_WHITE);
        screen_text(s, 2, y, item_labels[i], grey);
        if (*value) {
            char shown[24];
            snprintf(shown, sizeof shown, i == item ? "<%s>" : " %s", value);
            screen_text(s, VALUE_X, y, shown, grey);
        }
    }
}

static unsigned next_level(unsigned level, int step) {
    return (level + HANDHELD_LEVEL_COUNT + (unsigned)step) % HANDHELD_LEVEL_COUNT;
}

/* Left is -1, right and select +1: each value goes round. */
static void change(session_setup *setup, int item, int step) {
    switch (item) {
    case ITEM_LEVEL: setup->level = next_level(setup->level, step); break;
    case ITEM_WATCH: setup->watch_level = next_level(setup->watch_level, step); break;
    case ITEM_PLAYERS: setup->pairs = !setup->pairs; break;
    case ITEM_LENGTH:
        setup->length =
            (session_length)((setup->length + LENGTH_CHOICES + (unsigned)step) % LENGTH_CHOICES);
        break;
    default: break;
    }
}

session_setup menu_run(screen *picture, session_setup setup) {
    int item = ITEM_START;
    for (;;) {
        draw(picture, &setup, item);
        board_show(picture);
        board_report("# wait menu");
        switch (board_next_key()) {
        case KEY_UP: item = (item + ITEMS - 1) % ITEMS; break;
        case KEY_DOWN: item = (item + 1) % ITEMS; break;
        case KEY_LEFT: change(&setup, item, -1); break;
        case KEY_RIGHT: change(&setup, item, 1); break;
        case KEY_SELECT:
            if (item == ITEM_START || item == ITEM_WATCH) {
                setup.watch = item == ITEM_WATCH;
                return setup;
            }
            if (item == ITEM_RULES) rules_view_run(picture);
            else change(&setup, item, 1);
            break;
        default: break;
        }
    }
}
