// play.cpp: the C++ wrapper (tablic.hpp): a game between two bots, its record, and
// a replay of that record.
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

        // Bad input is an exception with the library's reason.
        try {
            tablic::parse_card("11X");
        } catch (const tablic::Error &error) {
            std::cout << "parse_card(\"11X\"): " << error.what() << "\n";
        }
        return replayed.record() == game.record() ? 0 : 1;
    } catch (const tablic::Error &error) {
        std::cerr << "play: " << error.what() << "\n";
        return 2;
    }
}
