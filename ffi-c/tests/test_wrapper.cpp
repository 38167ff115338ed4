// test_wrapper.cpp: tablic.hpp's rules, sides and match to a target: a match in pairs played
// by bots through the wrapper, its record kept and read back, and errors as exceptions with
// the library's reason. Built with -std=c++17 -Wall -Wextra -Werror -pedantic and run under
// ASan + UBSan and under valgrind by ffi-c/Makefile. Exits with 1 when a check fails.
#include <cstdio>
#include <string>

#include "tablic.hpp"

static int failures;

#define CHECK(condition)                                                                   \
    do {                                                                                   \
        if (!(condition)) {                                                                \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

// The message `call` throws, or "" when it does not throw.
template <typename Call> static std::string thrown(Call call) {
    try {
        call();
    } catch (const tablic::Error &error) {
        return error.what();
    }
    return "";
}

int main() {
    tablic_rules pairs = tablic::parse_rules("side-size=2");
    CHECK(pairs.side_size == 2 && tablic::rules_text(pairs) == "side-size=2");
    CHECK(tablic::rules_text(tablic::original_rules()).empty());
    CHECK(thrown([] { tablic::parse_rules("pairs"); }).rfind("unknown rule \"pairs\"", 0) == 0);
    CHECK(thrown([&] { tablic::Game(3, 1, pairs); }) ==
          "3 players cannot sit in sides of 2 (the side size must divide the player count)");
    CHECK(thrown([&] { tablic::MatchToTarget(2, 1, pairs); }) ==
          "sides of 2 leave 2 players on one side, with nobody to play against");
    CHECK(thrown([] { tablic::MatchToTarget(2, 1, tablic::original_rules(), 0); }) ==
          "a target is 1 to 1000000 points");

    tablic::Game game(4, 1, pairs);
    CHECK(game.side_count() == 2 && game.side_of(3) == 1 && game.rules().side_size == 2);

    // A match in pairs to 40, greedy bots in every seat, its record kept as it goes.
    tablic::MatchToTarget match(4, 5, pairs, 40);
    tablic::Bot greedy("greedy", 1);
    std::string record = match.record_header({"greedy", std::nullopt, "partner"});
    CHECK(record.find("\nname 0 greedy\nname 2 partner\n") != std::string::npos);
    CHECK(record.find("name 1") == std::string::npos);
    CHECK(thrown([&] { match.record_header({""}); }).rfind("a player's name must be", 0) == 0);
    uint32_t games = 0;
    for (;;) {
        tablic::GameRef playing = match.game();
        for (int32_t seat = playing.to_move(); seat >= 0; seat = playing.to_move()) {
            match.play(greedy.choose(playing, static_cast<uint32_t>(seat)));
        }
        tablic_sheet_line line = match.sheet_line();
        std::vector<tablic_side_result> sides = playing.side_results();
        uint32_t leader = match.describe().leader;
        CHECK(line.leader == leader && line.sides[leader % 2].total == sides[0].total);
        record += match.game_record();
        games++;
        if (match.describe().winner >= 0) break;
        match.next_game();
    }
    CHECK(thrown([&] { match.next_game(); }) == "the match is over");
    std::vector<uint32_t> totals = match.totals();
    CHECK(totals.size() == 2 && (totals[0] >= 40 || totals[1] >= 40));
    CHECK(match.player_at(match.seat_of(3)) == 3 && match.side_of(3) == 1);

    uint32_t lines = 0;
    tablic::MatchToTarget read = tablic::MatchToTarget::from_record(
        record, [&](const tablic_sheet_line &line) { CHECK(line.game == ++lines); });
    CHECK(lines == games && read.totals() == totals);
    CHECK(read.game().record() == match.game().record());
    // An exception in the callback comes out of from_record, after the library.
    CHECK(thrown([&] {
              tablic::MatchToTarget::from_record(record, [](const tablic_sheet_line &) {
                  throw tablic::Error(TABLIC_RESULT_PANIC, "from the callback");
              });
          }) == "from the callback");
    CHECK(thrown([] { tablic::MatchToTarget::from_record("tablic-record 1\n"); }) ==
          "line 1: a match record starts with \"tablic-match 1\"");

    if (failures) {
        std::fprintf(stderr, "test_wrapper: %d checks failed\n", failures);
        return 1;
    }
    std::printf("test_wrapper: all checks passed\n");
    return 0;
}
