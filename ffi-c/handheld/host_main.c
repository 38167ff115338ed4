/* host_main.c: the handheld's games on the host, against the std build of libtablic.
 * Prints exactly the game lines the firmware prints (its '#' lines aside); `make check`
 * compares the two outputs. Exit status 0 only when every game was ok. */
#include <stdio.h>

#include "match.h"

int main(void) {
    int status = 0;
    for (size_t i = 0; i < match_game_count; i++) {
        if (match_play(&match_games[i], match_choose_direct, NULL) != 0) status = 1;
    }
    return status;
}
