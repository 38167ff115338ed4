// test_wrapper.cpp: tablic.hpp's rules, sides and match to a target: a match in pairs played
// by bots through the wrapper, its record kept and read back, and errors as exceptions with
// the library's reason. Built with -std=c++17 -Wall -Wextra -Werror -pedantic and run under
// ASan + UBSan and under valgrind by ffi-c/Makefile. Exits with 1 when a check fails.
#include <bitset>
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

    // What a device shows a person: a card's captures best first, the last move, the score.
    CHECK(!game.last_move().has_value());
    const std::bitset<64> hand(game.view(0).hand);
    uint8_t mine = 0;
    while (!hand.test(mine)) mine++;
    std::vector<uint64_t> captures = game.card_captures(mine);
    CHECK(!captures.empty() && captures.back() == 0);
    tablic_played played = game.play(tablic_move{mine, captures.front()});
    auto last = game.last_move();
    CHECK(last.has_value() && last->first.card == mine && last->first.capture == captures[0]);
    CHECK(last->second.seat == 0 && last->second.tabla == played.tabla);
    std::vector<tablic_side_result> so_far = game.side_results_so_far();
    CHECK(so_far.size() == 2 && so_far[1].cards == 0);
    const size_t taken = std::bitset<64>(captures[0]).count();
    CHECK(so_far[0].cards == (taken == 0 ? 0 : 1 + taken));
    CHECK(thrown([&] { game.card_captures(mine); }) ==
          "illegal move: the card is not in the hand of the player to move");

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
    CHECK(match.ahead() == match.describe().winner); // decided: the side ahead won
    CHECK(match.player_at(match.seat_of(3)) == 3 && match.side_of(3) == 1);

    uint32_t lines = 0;
    tablic::MatchToTarget read = tablic::MatchToTarget::from_record(
        record, [&](const tablic_sheet_line &line) { CHECK(line.game == ++lines); });
    CHECK(lines == games && read.totals() == totals);
    CHECK(read.game().record() == match.game().record());
    // Undone, the deciding move takes the last game back into play, its scores off.
    tablic_sheet_line decisive = match.sheet_line();
    read.rewind(47);
    CHECK(read.describe().winner == -1 && read.describe().finished_games == games - 1);
    CHECK(read.totals()[0] == totals[0] - decisive.sides[0].total &&
          read.totals()[1] == totals[1] - decisive.sides[1].total);
    CHECK(read.game().to_move() == 3);
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
