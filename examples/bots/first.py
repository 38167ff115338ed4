#!/usr/bin/env python3
"""A tablić bot for `tablic match --engine`: it speaks the line protocol of PROTOCOL.md.

Standard library only, nothing from the tablic repository. It keeps its hand from the
`deal` and `played` lines and always discards the first card of its hand (the empty
capture is always legal in tablić), so it is legal and weak.

    tablic match --players greedy,engine --engine "python3 examples/bots/first.py"
"""

import sys


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    hand = []
    seat = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, args = words[0], words[1:]
        if command == "tablic":
            send("id name first")
            send("id version 1.0")
            send("ready")
        elif command == "newgame":
            # newgame players N seat S seed X
            options = dict(zip(args[0::2], args[1::2]))
            seat = int(options["seat"])
            hand = []
        elif command == "deal":
            # deal hand C… table C…
            table_at = args.index("table")
            hand = args[1:table_at]
        elif command == "played":
            # played SEAT CARD [CAPTURED…] [tabla]
            if int(args[0]) == seat and args[1] in hand:
                hand.remove(args[1])
        elif command == "go":
            send("play " + hand[0])
        elif command == "quit":
            return
        # `end …` and anything new: nothing to do.


if __name__ == "__main__":
    main()
