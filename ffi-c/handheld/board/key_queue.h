/* key_queue.h: the keys pressed and not yet read, BOARD_KEY_QUEUE of them at most. One
 * producer (the gamepad's interrupt) and one consumer (the game): each side writes only its
 * own counter, so neither needs to mask the other. */
#ifndef HANDHELD_KEY_QUEUE_H
#define HANDHELD_KEY_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

/* Adds a key; if the queue is full the key is dropped and counted instead. */
void key_queue_push(board_key key);
/* The oldest key, taken off the queue; KEY_NONE if it is empty. */
board_key key_queue_pop(void);
bool key_queue_empty(void);
uint32_t key_queue_dropped(void);

#endif
