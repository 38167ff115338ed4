// tablic.hpp: a header-only C++17 wrapper over tablic.h.
//
// Handles become move-only objects that free themselves; result codes become exceptions
// (tablic::Error, with the code and the library's message); buffers become std::vector
// and std::string. Everything else is the C API: see tablic.h for what each call means.
// Hand-written (not generated): keep it in step with tablic.h.
#ifndef TABLIC_HPP
#define TABLIC_HPP

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tablic.h"

namespace tablic {

/// A call that did not return TABLIC_RESULT_OK.
class Error : public std::runtime_error {
public:
    Error(tablic_result code, const std::string &message)
        : std::runtime_error(message), code_(code) {}
    tablic_result code() const noexcept { return code_; }

private:
    tablic_result code_;
};

namespace detail {

inline std::string message_of(tablic_result code) {
    char text[256];
    if (tablic_result_message(static_cast<unsigned>(code), text, sizeof text, nullptr) !=
        TABLIC_RESULT_OK) {
        return "tablic error " + std::to_string(static_cast<int>(code));
    }
    return text;
}

/// Throws unless `code` is OK; `detail` (the library's precise reason) wins when given.
inline void check(tablic_result code, const char *detail = nullptr) {
    if (code != TABLIC_RESULT_OK) {
        throw Error(code, detail != nullptr && detail[0] != '\0' ? detail : message_of(code));
    }
}

/// Calls `write(buffer, capacity, &length)` twice if needed: to size, then to fill.
template <typename Write> std::string text_of(Write write) {
    std::string text(64, '\0');
    size_t length = 0;
    tablic_result code = write(&text[0], text.size() + 1, &length);
    if (code == TABLIC_RESULT_BUFFER_TOO_SMALL) {
        text.assign(length, '\0');
        code = write(&text[0], text.size() + 1, &length);
    }
    check(code);
    text.resize(length);
    return text;
}

/// Calls `list(items, capacity, &count)` twice if needed: to count, then to fill.
template <typename Item, typename List> std::vector<Item> list_of(List list) {
    std::vector<Item> items(64);
    size_t count = 0;
    tablic_result code = list(items.data(), items.size(), &count);
    if (code == TABLIC_RESULT_BUFFER_TOO_SMALL) {
        items.resize(count);
        code = list(items.data(), items.size(), &count);
    }
    check(code);
    items.resize(count);
    return items;
}

struct GameDeleter {
    void operator()(tablic_game *game) const noexcept { tablic_game_free(game); }
};
struct BotDeleter {
    void operator()(tablic_bot *bot) const noexcept { tablic_bot_free(bot); }
};
struct PositionDeleter {
    void operator()(tablic_position *position) const noexcept { tablic_position_free(position); }
};
struct MatchToTargetDeleter {
    void operator()(tablic_match_to_target *match) const noexcept {
        tablic_match_to_target_free(match);
    }
};

}  // namespace detail

inline std::string version() { return tablic_version(); }

/// A card from its text: "10D", "10♦" or "karo 10".
inline uint8_t parse_card(const std::string &text) {
    uint8_t card = 0;
    char reason[128] = "";
    detail::check(tablic_card_parse(text.c_str(), &card, reason, sizeof reason), reason);
    return card;
}

/// The card of a rank (TABLIC_RANK_ACE to TABLIC_RANK_KING) and a suit (TABLIC_SUIT_CLUBS to
/// TABLIC_SUIT_SPADES).
inline uint8_t card_index(uint8_t rank, uint8_t suit) {
    uint8_t card = 0;
    detail::check(tablic_card_index(rank, suit, &card));
    return card;
}

/// A card's rank, TABLIC_RANK_ACE to TABLIC_RANK_KING.
inline uint8_t card_rank(uint8_t card) {
    uint8_t rank = 0;
    detail::check(tablic_card_rank(card, &rank));
    return rank;
}

/// A card's suit, TABLIC_SUIT_CLUBS to TABLIC_SUIT_SPADES.
inline uint8_t card_suit(uint8_t card) {
    uint8_t suit = 0;
    detail::check(tablic_card_suit(card, &suit));
    return suit;
}

/// A card set from its text: "3H 3S 4D".
inline uint64_t parse_cards(const std::string &text) {
    uint64_t cards = 0;
    char reason[128] = "";
    detail::check(tablic_cards_parse(text.c_str(), &cards, reason, sizeof reason), reason);
    return cards;
}

inline std::string card_text(uint8_t card, bool unicode = false) {
    return detail::text_of([&](char *buffer, size_t capacity, size_t *length) {
        return tablic_card_format(card, unicode, buffer, capacity, length);
    });
}

inline std::string cards_text(uint64_t cards, bool unicode = false) {
    return detail::text_of([&](char *buffer, size_t capacity, size_t *length) {
        return tablic_cards_format(cards, unicode, buffer, capacity, length);
    });
}

/// Every legal capture of `card` on `table`, the empty one included.
inline std::vector<uint64_t> captures(uint64_t table, uint8_t card) {
    return detail::list_of<uint64_t>([&](uint64_t *items, size_t capacity, size_t *count) {
        return tablic_captures(table, card, items, capacity, count);
    });
}

/// The original rules: everyone alone, the last cards to the last capturer, a final tabla
/// counted (TABLIC_RULES_ORIGINAL, which is C only).
inline tablic_rules original_rules() {
    return tablic_rules{1, TABLIC_LEFTOVERS_LAST_CAPTURER, TABLIC_FINAL_TABLA_COUNTS};
}

/// Rules from their text: "side-size=2 leftovers=last-player final-tabla=no" ("" is the
/// original rules); bad text throws with the reason.
inline tablic_rules parse_rules(const std::string &text) {
    tablic_rules rules = original_rules();
    char reason[256] = "";
    detail::check(tablic_rules_parse(text.c_str(), &rules, reason, sizeof reason), reason);
    return rules;
}

/// The rules as text: the words that differ from the original rules.
inline std::string rules_text(const tablic_rules &rules) {
    return detail::text_of([&](char *buffer, size_t capacity, size_t *length) {
        return tablic_rules_text(rules, buffer, capacity, length);
    });
}

/// Throws with the reason unless `players` can play under `rules`.
inline void check_rules(const tablic_rules &rules, uint32_t players) {
    char reason[256] = "";
    detail::check(tablic_rules_check(rules, players, reason, sizeof reason), reason);
}

class Position;

/// A game to read but not to play: a Game, or a match's game in play (MatchToTarget::game(),
/// valid until the match is played on or freed).
class GameRef {
public:
    explicit GameRef(const tablic_game *game) noexcept : ref_(game) {}

    const tablic_game *get() const noexcept { return ref_; }

    /// The seat to move, or -1 when the game is over.
    int32_t to_move() const {
        int32_t seat = -1;
        detail::check(tablic_game_to_move(get(), &seat));
        return seat;
    }

    bool finished() const {
        bool done = false;
        detail::check(tablic_game_is_finished(get(), &done));
        return done;
    }

    uint64_t table() const {
        uint64_t cards = 0;
        detail::check(tablic_game_table(get(), &cards));
        return cards;
    }

    tablic_view view(uint32_t seat) const {
        tablic_view seen{};
        detail::check(tablic_game_view(get(), seat, &seen));
        return seen;
    }

    std::vector<tablic_move> legal_moves() const {
        return detail::list_of<tablic_move>([&](tablic_move *items, size_t capacity,
                                                size_t *count) {
            return tablic_game_legal_moves(get(), items, capacity, count);
        });
    }

    /// The captures the seat to move may take with `card`, best first, taking nothing last
    /// (tablic_game_card_captures); throws for a card it cannot play.
    std::vector<uint64_t> card_captures(uint8_t card) const {
        return detail::list_of<uint64_t>([&](uint64_t *items, size_t capacity, size_t *count) {
            return tablic_game_card_captures(get(), card, items, capacity, count);
        });
    }

    /// The last move and what it did (who played it, a tabla), or none before the first.
    std::optional<std::pair<tablic_move, tablic_played>> last_move() const {
        tablic_move last{};
        tablic_played played{};
        tablic_result code = tablic_game_last_move(get(), &last, &played);
        if (code == TABLIC_RESULT_NO_MOVE_YET) {
            return std::nullopt;
        }
        detail::check(code);
        return std::make_pair(last, played);
    }

    tablic_rules rules() const {
        tablic_rules rules{};
        detail::check(tablic_game_rules(get(), &rules));
        return rules;
    }

    uint32_t side_count() const {
        uint32_t count = 0;
        detail::check(tablic_game_side_count(get(), &count));
        return count;
    }

    uint32_t side_of(uint32_t seat) const {
        uint32_t side = 0;
        detail::check(tablic_game_side_of(get(), seat, &side));
        return side;
    }

    /// One result per seat (in a game of sides, each seat's share); throws before the end.
    std::vector<tablic_seat_result> result() const {
        return detail::list_of<tablic_seat_result>(
            [&](tablic_seat_result *items, size_t capacity, size_t *count) {
                return tablic_game_result(get(), items, capacity, count);
            });
    }

    /// One result per side, side 0 first; throws before the end.
    std::vector<tablic_side_result> side_results() const {
        return detail::list_of<tablic_side_result>(
            [&](tablic_side_result *items, size_t capacity, size_t *count) {
                return tablic_game_side_results(get(), items, capacity, count);
            });
    }

    /// One score per side as the piles stand, during play too (the last cards on the table
    /// are nobody's yet); at the end, side_results().
    std::vector<tablic_side_result> side_results_so_far() const {
        return detail::list_of<tablic_side_result>(
            [&](tablic_side_result *items, size_t capacity, size_t *count) {
                return tablic_game_side_results_so_far(get(), items, capacity, count);
            });
    }

    /// The winning side (seat, when everyone plays alone), or -1 for a shared first place;
    /// throws before the end.
    int32_t winner() const {
        int32_t side = -1;
        detail::check(tablic_game_winner(get(), &side));
        return side;
    }

    std::string record() const {
        return detail::text_of([&](char *buffer, size_t capacity, size_t *length) {
            return tablic_game_record(get(), buffer, capacity, length);
        });
    }

private:
    const tablic_game *ref_;
};

/// A game, in memory the library allocates; freed with the object.
class Game : public GameRef {
public:
    /// A game for `players` dealt from the deck of `seed`, under `rules` (throws when the
    /// players cannot sit in its sides).
    Game(uint32_t players, uint64_t seed, const tablic_rules &rules = original_rules())
        : Game(make(players, seed, rules)) {}

    /// A game replayed from its record.
    static Game from_record(const std::string &record) {
        tablic_game *game = nullptr;
        char reason[256] = "";
        detail::check(
            tablic_game_new_from_record(nullptr, record.c_str(), &game, reason, sizeof reason),
            reason);
        return Game(game);
    }

    /// A game that plays on from `position` (defined after `Position`).
    static Game from_position(const Position &position);

    tablic_game *get() const noexcept { return game_.get(); }

    /// Plays a move for the seat to move; an illegal one throws and changes nothing.
    tablic_played play(tablic_move move) {
        tablic_played played{};
        detail::check(tablic_game_play(get(), move, &played));
        return played;
    }

private:
    explicit Game(tablic_game *game) : GameRef(game), game_(game) {}

    static tablic_game *make(uint32_t players, uint64_t seed, const tablic_rules &rules) {
        tablic_game *game = nullptr;
        char reason[256] = "";
        tablic_result code = tablic_game_new_with_rules(nullptr, players, rules, seed, &game);
        if (code == TABLIC_RESULT_INVALID_RULES) {
            tablic_rules_check(rules, players, reason, sizeof reason);
        }
        detail::check(code, reason);
        return game;
    }

    std::unique_ptr<tablic_game, detail::GameDeleter> game_;
};

/// A game part way through, as one seat sees it or with everything known, in memory the
/// library allocates; freed with the object.
class Position {
public:
    /// A position read from its one line of text; a bad one throws with the reason.
    explicit Position(const std::string &text) {
        tablic_position *position = nullptr;
        char reason[256] = "";
        detail::check(tablic_position_new_from_text(nullptr, text.c_str(), &position, reason,
                                                    sizeof reason),
                      reason);
        position_.reset(position);
    }

    /// Everything known about `game` now, with or without its moves.
    static Position of_game(const GameRef &game, bool with_moves = true) {
        tablic_position *position = nullptr;
        detail::check(tablic_position_new_from_game(nullptr, game.get(), with_moves, &position));
        return Position(position);
    }

    /// What `seat` knows of `game` now, with or without the game's moves.
    static Position of_view(const GameRef &game, uint32_t seat, bool with_moves = true) {
        tablic_position *position = nullptr;
        detail::check(
            tablic_position_new_from_view(nullptr, game.get(), seat, with_moves, &position));
        return Position(position);
    }

    const tablic_position *get() const noexcept { return position_.get(); }

    std::string text() const {
        return detail::text_of([&](char *buffer, size_t capacity, size_t *length) {
            return tablic_position_text(get(), buffer, capacity, length);
        });
    }

    /// Players, moves made, whose view (-1: everything known), the turn (-1: the end), the
    /// table.
    tablic_position_info describe() const {
        tablic_position_info info{};
        detail::check(tablic_position_describe(get(), &info));
        return info;
    }

    tablic_rules rules() const {
        tablic_rules rules{};
        detail::check(tablic_position_rules(get(), &rules));
        return rules;
    }

private:
    explicit Position(tablic_position *position) : position_(position) {}
    std::unique_ptr<tablic_position, detail::PositionDeleter> position_;
};

inline Game Game::from_position(const Position &position) {
    tablic_game *game = nullptr;
    detail::check(tablic_game_new_from_position(nullptr, position.get(), &game));
    return Game(game);
}

/// An analysis (`analyze`): every legal move's figures, best first, and the rest.
struct Analysis {
    std::vector<tablic_move_analysis> moves;
    tablic_analysis summary;
};

/// Every legal move of the seat to move in `position`, valued (`tablic_analyze`, in memory
/// the library allocates): a seat's position over the worlds `bot` samples from `seed`; a
/// position with everything known exactly, within `nodes` nodes, with the best line. What
/// cannot be analysed throws with the reason.
inline Analysis analyze(const Position &position, const std::string &bot = "pimc",
                        uint64_t seed = 1, uint64_t nodes = 100000000) {
    Analysis analysis{std::vector<tablic_move_analysis>(TABLIC_MAX_ANALYSED_MOVES), {}};
    size_t count = 0;
    char reason[256] = "";
    detail::check(tablic_analyze(position.get(), bot.c_str(), seed, nodes, nullptr, 0,
                                 analysis.moves.data(), analysis.moves.size(), &count,
                                 &analysis.summary, reason, sizeof reason),
                  reason);
    analysis.moves.resize(count);
    return analysis;
}

/// A bot by name and options ("greedy", "minimax:depth=3,nodes=8000"), in memory the
/// library allocates; freed with the object.
class Bot {
public:
    Bot(const std::string &spec, uint64_t seed) {
        tablic_bot *bot = nullptr;
        char reason[256] = "";
        detail::check(tablic_bot_new(nullptr, spec.c_str(), seed, nullptr, 0, &bot, reason,
                                     sizeof reason),
                      reason);
        bot_.reset(bot);
    }

    /// A move for `seat`, which must be the seat to move.
    tablic_move choose(const GameRef &game, uint32_t seat) {
        tablic_move move{};
        detail::check(tablic_bot_choose(bot_.get(), game.get(), seat, &move));
        return move;
    }

private:
    std::unique_ptr<tablic_bot, detail::BotDeleter> bot_;
};

/// A match to a target score ("a match to 101"), in memory the library allocates; freed
/// with the object. Its record is kept by the caller: record_header() once, game_record()
/// of each game once it is over (before next_game()), and of the game in play last.
class MatchToTarget {
public:
    MatchToTarget(uint32_t players, uint64_t seed, const tablic_rules &rules = original_rules(),
                  uint32_t target = TABLIC_MATCH_DEFAULT_TARGET) {
        tablic_match_to_target *match = nullptr;
        tablic_result code =
            tablic_match_to_target_new(nullptr, players, rules, target, seed, &match);
        char reason[256] = "";
        if (code == TABLIC_RESULT_INVALID_RULES) {
            tablic_rules_check(rules, players, reason, sizeof reason);
        }
        detail::check(code, reason);
        match_.reset(match);
    }

    /// A match replayed from its record, where the record stops; `on_game_over` gets each
    /// finished game's score-sheet line, in order. A bad record throws with the line and the
    /// reason.
    static MatchToTarget from_record(
        const std::string &record,
        const std::function<void(const tablic_sheet_line &)> &on_game_over = {}) {
        struct Context {
            const std::function<void(const tablic_sheet_line &)> *call;
            std::exception_ptr error;
        } context{&on_game_over, nullptr};
        // An exception must not cross the C library: it is kept and thrown after.
        tablic_sheet_line_fn trampoline = [](void *data, const tablic_sheet_line *line) {
            Context *called = static_cast<Context *>(data);
            if (called->error == nullptr && *called->call) {
                try {
                    (*called->call)(*line);
                } catch (...) {
                    called->error = std::current_exception();
                }
            }
        };
        tablic_match_to_target *match = nullptr;
        char reason[256] = "";
        tablic_result code = tablic_match_to_target_new_from_record(
            nullptr, record.c_str(), trampoline, &context, &match, reason, sizeof reason);
        MatchToTarget read(match);
        if (context.error != nullptr) std::rethrow_exception(context.error);
        detail::check(code, reason);
        return read;
    }

    tablic_match_to_target *get() const noexcept { return match_.get(); }

    /// The game in play (or just over), to read; valid until the match is played on or
    /// rewound.
    GameRef game() const {
        const tablic_game *game = nullptr;
        detail::check(tablic_match_to_target_game(get(), &game));
        return GameRef(game);
    }

    /// Plays a move in the game in play; an illegal one throws and changes nothing.
    tablic_played play(tablic_move move) {
        tablic_played played{};
        detail::check(tablic_match_to_target_play(get(), move, &played));
        return played;
    }

    /// Deals the next game; throws before the game's end and once the match is over.
    void next_game() { detail::check(tablic_match_to_target_next_game(get())); }

    /// Undo: back to the first `moves` moves of the game in play, into it again if it was
    /// just over (its scores off the totals; drop its sheet line and record block).
    void rewind(size_t moves) { detail::check(tablic_match_to_target_rewind(get(), moves)); }

    /// Players, sides, rules, target, seed, the game in play, its leader, the winner (-1).
    tablic_match_to_target_info describe() const {
        tablic_match_to_target_info info{};
        detail::check(tablic_match_to_target_describe(get(), &info));
        return info;
    }

    /// The running totals by the match's sides.
    std::vector<uint32_t> totals() const {
        return detail::list_of<uint32_t>([&](uint32_t *items, size_t capacity, size_t *count) {
            return tablic_match_to_target_totals(get(), items, capacity, count);
        });
    }

    /// The side alone with the highest running total, or -1 while sides share it: the
    /// winner of a series stopped after its games.
    int32_t ahead() const {
        int32_t side = -1;
        detail::check(tablic_match_to_target_ahead(get(), &side));
        return side;
    }

    uint32_t side_of(uint32_t player) const {
        uint32_t side = 0;
        detail::check(tablic_match_to_target_side_of(get(), player, &side));
        return side;
    }

    uint32_t player_at(uint32_t seat) const {
        uint32_t player = 0;
        detail::check(tablic_match_to_target_player_at(get(), seat, &player));
        return player;
    }

    uint32_t seat_of(uint32_t player) const {
        uint32_t seat = 0;
        detail::check(tablic_match_to_target_seat_of(get(), player, &seat));
        return seat;
    }

    /// The score-sheet line of the game just over; throws before its end.
    tablic_sheet_line sheet_line() const {
        tablic_sheet_line line{};
        detail::check(tablic_match_to_target_sheet_line(get(), &line));
        return line;
    }

    /// The record's first lines, with a `name` line for each player `names` names (player 0
    /// first; an empty optional leaves its player unnamed). A name a record cannot keep
    /// throws.
    std::string record_header(const std::vector<std::optional<std::string>> &names = {}) const {
        std::vector<const char *> pointers;
        for (const std::optional<std::string> &name : names) {
            pointers.push_back(name ? name->c_str() : nullptr);
        }
        return detail::text_of([&](char *buffer, size_t capacity, size_t *length) {
            return tablic_match_to_target_record_header(get(), pointers.data(), pointers.size(),
                                                        buffer, capacity, length);
        });
    }

    std::string game_record() const {
        return detail::text_of([&](char *buffer, size_t capacity, size_t *length) {
            return tablic_match_to_target_game_record(get(), buffer, capacity, length);
        });
    }

private:
    explicit MatchToTarget(tablic_match_to_target *match) : match_(match) {}
    std::unique_ptr<tablic_match_to_target, detail::MatchToTargetDeleter> match_;
};

}  // namespace tablic

#endif
