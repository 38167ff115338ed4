/* check.h: the assertions of the C tests, and cards read from text. A failed check prints
 * counted; a test program exits with the number of failures (0: passed). */
#ifndef TABLIC_TEST_CHECK_H
#define TABLIC_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "tablic.h"

static int check_failures;

#define CHECK(condition)                                                                   \
    do {                                                                                   \
        if (!(condition)) {                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
            check_failures++;                                                              \
        }                                                                                  \
    } while (0)

/* The call must return `expected`; prints both codes' names when it does not. */
#define CHECK_RESULT(call, expected)                                                        \
    do {                                                                                    \
        tablic_result got_ = (call);                                                        \
        if (got_ != (expected)) {                                                           \
            char got_text_[160], expected_text_[160];                                       \
            tablic_result_message((unsigned)got_, got_text_, sizeof got_text_, NULL);       \
            tablic_result_message((unsigned)(expected), expected_text_,                     \
                                  sizeof expected_text_, NULL);                             \
            fprintf(stderr, "%s:%d: %s\n    returned %d (%s)\n    expected %d (%s)\n",      \
                    __FILE__, __LINE__, #call, (int)got_, got_text_, (int)(expected),       \
                    expected_text_);                                                        \
            check_failures++;                                                               \
        }                                                                                   \
    } while (0)

#define CHECK_OK(call) CHECK_RESULT(call, TABLIC_RESULT_OK)

/* The card a text names ("10D"), checked. */
static inline uint8_t card(const char *text) {
    uint8_t parsed = 255;
    CHECK_OK(tablic_card_parse(text, &parsed, NULL, 0));
    return parsed;
}

/* The card set a text names ("3H 3S"), checked. */
static inline uint64_t cards(const char *text) {
    uint64_t parsed = UINT64_MAX;
    CHECK_OK(tablic_cards_parse(text, &parsed, NULL, 0));
    return parsed;
}

#endif
