/* key_queue.c: a ring of BOARD_KEY_QUEUE keys between the gamepad's interrupt and the game
 * (key_queue.h). `pushed` and `popped` count forever; their difference is the length. */
#include "key_queue.h"

static volatile uint8_t slots[BOARD_KEY_QUEUE];
static volatile uint32_t pushed, popped, dropped;

void key_queue_push(board_key key) {
    if (pushed - popped == BOARD_KEY_QUEUE) {
        dropped++;
        return;
    }
    slots[pushed % BOARD_KEY_QUEUE] = (uint8_t)key;
    pushed++;
}

board_key key_queue_pop(void) {
    if (pushed == popped) return KEY_NONE;
    board_key key = (board_key)slots[popped % BOARD_KEY_QUEUE];
    popped++;
    return key;
}

bool key_queue_empty(void) { return pushed == popped; }

uint32_t key_queue_dropped(void) { return dropped; }
