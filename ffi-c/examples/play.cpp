// play.cpp: the C++ wrapper (tablic.hpp): a game between two bots, its record, a replay
// of that record, and a position a game plays on from.
#include <cstdint>
#include <iostream>

#include <tablic.hpp>

int main() {
    try {
        tablic::Game game(2, 7);
        tablic::Bot bots[2] = {tablic::Bot("greedy", 1), tablic::Bot("minimax:depth=2", 2)};
        for (int32_t seat = game.to_move(); seat >= 0; seat = game.to_move()) {
            tablic_move move = bots[seat].choose(game, static_cast<uint32_t>(seat));
            game.play(move);
        }
        std::vector<tablic_seat_result> result = game.result();
        std::cout << "greedy " << result[0].total << ", minimax " << result[1].total << "\n";

        // Cards by rank and suit: the jack of hearts is card 4 * 10 + 2.
        uint8_t jack = tablic::card_index(TABLIC_RANK_JACK, TABLIC_SUIT_HEARTS);
        std::cout << tablic::card_text(jack) << " is card " << int(jack) << ", rank "
                  << int(tablic::card_rank(jack)) << ", suit " << int(tablic::card_suit(jack))
                  << "\n";

        // The record replays to the same game.
        tablic::Game replayed = tablic::Game::from_record(game.record());
        std::cout << "replayed: " << (replayed.record() == game.record() ? "same" : "DIFFERENT")
                  << "\n";

        // A position: what seat 1 knows after 13 moves, as text, read back, and a game
        // that plays on from there with the same view for that seat.
        tablic::Game start(2, 3);
        for (int move = 0; move < 13; move++) start.play(start.legal_moves()[0]);
        tablic::Position seen(tablic::Position::of_view(start, 1, false).text());
        tablic::Game resumed = tablic::Game::from_position(seen);
        bool same_view = resumed.view(1).hand == start.view(1).hand &&
                         resumed.view(1).unseen == start.view(1).unseen;
        tablic_position_info info = seen.describe();
        std::cout << "position: " << seen.text() << "\n"
                  << "seat " << info.seat << ", " << info.plies << " moves, seat "
                  << info.to_move << " to move: " << (same_view ? "same view" : "DIFFERENT")
                  << "\n";

        // Bad input is an exception with the library's reason.
        try {
            tablic::parse_card("11X");
        } catch (const tablic::Error &error) {
            std::cout << "parse_card(\"11X\"): " << error.what() << "\n";
        }
        try {
            tablic::Position("players=5");
        } catch (const tablic::Error &error) {
            std::cout << "Position(\"players=5\"): " << error.what() << "\n";
        }
        return replayed.record() == game.record() && same_view ? 0 : 1;
    } catch (const tablic::Error &error) {
        std::cerr << "play: " << error.what() << "\n";
        return 2;
    }
}
