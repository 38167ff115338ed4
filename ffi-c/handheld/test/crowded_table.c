/* crowded_table.c: the game screen with more table cards than two rows of faces hold, up to
 * the most a game can reach: 51, when every move lays its card down (laying down is always
 * allowed) until the last card of the game is in hand. Drawn on the host by the game's own
 * table_view_draw, every third table card marked as a capture marks it, at every table
 * size on the way (4 to 51 cards), each must stay identifiable: over the box of pixels its
 * rank and suit change when the card is drawn alone (against its blank face: no rank, no
 * suit), the screen must be what the card alone draws. Writes the screens of 25 and 51
 * cards for play_game.py to compare with its golden PNGs.
 *
 *     crowded_table DIR      writes DIR/crowded-25.png and DIR/crowded-51.png
 *
 * Exits 1 naming the card and the table size when a card cannot be told, 2 on bad use. */
#include <stdio.h>
#include <stdlib.h>

#include "../board/png.h"
#include "../game/session.h"
#include "../game/table_view.h"

#define SEED 4u
#define MOST_TABLE 51u
#define NO_RANK 13u
#define NO_SUIT 4u

static screen picture, alone, blank;

/* Every third card of the table marked, so both looks are checked. */
static uint64_t every_third(uint64_t table) {
    uint8_t cards[52];
    unsigned count = table_view_cards(table, cards);
    uint64_t marked = 0;
    for (unsigned i = 0; i < count; i += 3) marked |= 1ull << cards[i];
    return marked;
}

static void draw_place(screen *s, const table_place *place, unsigned rank, unsigned suit,
                       card_look look) {
    (place->chip ? screen_chip : screen_card)(s, place->x, place->y, rank, suit, look);
}

/* The card at `place` reads on `picture` as it does alone (see the top). */
static bool identifiable(const table_place *place, card_look look) {
    uint8_t rank, suit;
    session_check(tablic_card_rank(place->card, &rank), "rank");
    session_check(tablic_card_suit(place->card, &suit), "suit");
    screen_clear(&alone);
    screen_clear(&blank);
    draw_place(&alone, place, rank, suit, look);
    draw_place(&blank, place, NO_RANK, NO_SUIT, look);
    int left = SCREEN_WIDTH, right = -1, top = SCREEN_HEIGHT, bottom = -1;
    for (int y = 0; y < SCREEN_HEIGHT; y++)
        for (int x = 0; x < SCREEN_WIDTH; x++)
            if (screen_pixel_at(&alone, x, y) != screen_pixel_at(&blank, x, y)) {
                left = x < left ? x : left;
                right = x > right ? x : right;
                top = y < top ? y : top;
                bottom = y > bottom ? y : bottom;
            }
    if (right < 0) return false; /* nothing of the card drawn on the screen at all */
    for (int y = top; y <= bottom; y++)
        for (int x = left; x <= right; x++)
            if (screen_pixel_at(&picture, x, y) != screen_pixel_at(&alone, x, y)) return false;
    return true;
}

/* Draws the screen as the game does and checks every table card; the table's size. */
static unsigned draw_and_check(const session *game) {
    tablic_view view;
    session_check(tablic_game_view(session_game(game), session_seat_of(game, PERSON), &view),
                  "view");
    uint64_t marked = every_third(view.table);
    table_marks marks = {.cursor = NO_CARD, .marked = marked, .played_card = NO_CARD,
                         .status = "CROWDED", .prompt = "A CROWDED TABLE"};
    table_view_draw(&picture, game, &marks);
    table_place places[52];
    unsigned count = table_view_layout(view.table, places);
    for (unsigned i = 0; i < count; i++) {
        card_look look = marked >> places[i].card & 1u ? CARD_MARKED : CARD_PLAIN;
        if (!identifiable(&places[i], look)) {
            char name[8];
            session_check(tablic_card_format(places[i].card, false, name, sizeof name, NULL),
                          "card");
            fprintf(stderr, "crowded_table: on a table of %u cards, %s (%s at %d,%d) cannot be "
                            "told\n", count, name, places[i].chip ? "a chip" : "a face",
                    places[i].x, places[i].y);
            exit(1);
        }
    }
    return count;
}

static void write_screen(const char *directory, unsigned cards) {
    char path[4096];
    snprintf(path, sizeof path, "%s/crowded-%u.png", directory, cards);
    if (!png_write_screen(&picture, path)) {
        fprintf(stderr, "crowded_table: cannot write %s\n", path);
        exit(2);
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: crowded_table DIR\n");
        return 2;
    }
    static session game;
    session_setup setup = {.level = 0, .pairs = false, .length = LENGTH_ONE_GAME};
    session_start(&game, setup, SEED);
    unsigned most = 0;
    while (session_player_to_move(&game) >= 0) {
        unsigned cards = draw_and_check(&game);
        if (cards == 25 || cards == MOST_TABLE) write_screen(argv[1], cards);
        most = cards > most ? cards : most;
        /* The mover lays down its lowest card. */
        tablic_view view;
        int32_t seat;
        session_check(tablic_game_to_move(session_game(&game), &seat), "to move");
        session_check(tablic_game_view(session_game(&game), (uint32_t)seat, &view), "view");
        session_play(&game, (tablic_move){(uint8_t)__builtin_ctzll(view.hand), 0});
    }
    if (most != MOST_TABLE) {
        fprintf(stderr, "crowded_table: the table grew to %u cards, not %u\n", most, MOST_TABLE);
        return 1;
    }
    printf("crowded table: tables of 4 to %u cards drawn, every card identifiable\n", most);
    return 0;
}
