"""Plays a match to a target by bots with the native engine (the Python binding) and prints
it as JSON: its record, totals, winner and score sheet (match-to-target.test.mjs plays it
again in the package and compares). Run by make-vectors.sh:

    python match_to_target.py PLAYERS SEED TARGET RULES BOT,BOT,... [NAME,NAME,...]

Each decision is a new bot of its player's spec, seeded derive_seed(deal seed, 1000 + moves
played so far), so a match resumed from any move plays on exactly as it would have.
"""

import json
import shlex
import sys

from tablic import Bot, MatchToTarget, derive_seed


def seat_result(result):
    return {
        "card_points": result.card_points,
        "tablas": result.tablas,
        "cards": result.cards,
        "most_cards": result.most_cards,
        "total": result.total,
    }


def main(players, seed, target, rules, bots, names=""):
    specs = bots.split(",")
    named = [name or None for name in names.split(",")] if names else None
    played = MatchToTarget(int(players), rules=rules, target=int(target), seed=int(seed), names=named)
    while not played.is_over:
        game = played.game
        if game.is_finished:
            played.next_game()
            continue
        seat = game.to_move
        bot = Bot(specs[played.player_at(seat)], seed=derive_seed(game.seed, 1000 + game.plies))
        state = game if bot.sees_every_card else played.view(seat)
        played.play(bot.choose(state))
    print(json.dumps({
        "made_by": shlex.join(["match_to_target.py", *sys.argv[1:]]),
        "players": played.players,
        "seed": str(played.seed),
        "target": played.target,
        "rules": rules,
        "bots": specs,
        "names": played.names,
        "record": played.record(),
        "totals": played.totals,
        "winner": played.winner,
        "finished_games": played.finished_games,
        "sheet": [{
            "game": line.game,
            "leader": line.leader,
            "sides": [seat_result(side) for side in line.sides],
            "running_totals": line.running_totals,
            "players": [seat_result(player) for player in line.players],
        } for line in played.sheet],
    }, indent=1))


if __name__ == "__main__":
    main(*sys.argv[1:])
