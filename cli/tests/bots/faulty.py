#!/usr/bin/env python3
"""A test bot for the referee: it plays legal discards, except that it fails on purpose.

    faulty.py MODE [EVERY]

MODE says how it fails: `illegal` (plays a table card), `slow` (never answers in time),
`crash` (exits with status 3), `garbage` (answers `I think 7S`), `close` (closes its output
but keeps running), `hello` (a bad handshake), `mute` (never says ready), `chatty` (sends
info and blank lines around legal answers: never fails), `pairs-only` (plays illegally, as
`illegal` does, in a game whose `newgame` line does not say `side-size 2`). It fails at its
first move of a game whose `newgame` seed is a multiple of EVERY (default 1: every game).
"""

import os
import sys
import time

mode = sys.argv[1]
every = int(sys.argv[2]) if len(sys.argv) > 2 else 1


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


hand, table, seat, failing = [], [], None, False
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command, args = words[0], words[1:]
    if command == "tablic":
        if mode == "hello":
            send("hello")
            continue
        if mode == "mute":
            time.sleep(30)
        send("id name faulty-" + mode)
        send("id author the tests")
        send("ready")
    elif command == "newgame":
        options = dict(zip(args[0::2], args[1::2]))
        seat = int(options["seat"])
        failing = int(options["seed"]) % every == 0
        if mode == "pairs-only":
            failing = options.get("side-size") != "2"
    elif command == "deal":
        at = args.index("table")
        hand, table = args[1:at], args[at + 1:]
    elif command == "played":
        mover, card, rest = int(args[0]), args[1], [w for w in args[2:] if w != "tabla"]
        if mover == seat:
            hand.remove(card)
        if rest:
            table = [c for c in table if c not in rest]
        else:
            table.append(card)
    elif command == "go":
        if failing and mode != "chatty":
            failing = False
            if mode in ("illegal", "pairs-only"):
                send("play " + table[0] if table else "play AS AS")
                continue
            if mode == "slow":
                time.sleep(30)
            if mode == "crash":
                sys.exit(3)
            if mode == "garbage":
                send("I think 7S")
                continue
            if mode == "close":
                os.close(1)
                time.sleep(30)
        if mode == "chatty":
            send("info thinking")
            send("")
        send("play " + hand[0])
    elif command == "quit":
        break
