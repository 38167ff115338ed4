"""``python -m tablic.compat [--stand-ins] script.py [args]``: runs an unmodified script of
the original tablić code (``from engine import Tablic`` …) on this engine."""

from __future__ import annotations

import sys

from tablic.compat import run_script

USAGE = """usage: python -m tablic.compat [--stand-ins] script.py [args ...]

Runs script.py with the modules engine, karta and skupovi of the original tablic code
provided by tablic.compat (played by the Rust engine). --stand-ins also provides
pohlepni_igrac.PohlepniIgrac and minimax_igrac.MinimaxIgrac (the engine's bots)."""


def main(argv: list[str]) -> int:
    """The command line: options, then the script and its arguments."""
    stand_ins = False
    while argv and argv[0].startswith("-"):
        option = argv.pop(0)
        if option in ("-h", "--help"):
            print(USAGE)
            return 0
        if option == "--stand-ins":
            stand_ins = True
        else:
            print(f"unknown option {option}\n\n{USAGE}", file=sys.stderr)
            return 2
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    script = argv[0]
    try:
        with open(script, "rb"):
            pass
    except OSError as error:
        print(f"error: cannot run {script}: {error.strerror or error}", file=sys.stderr)
        return 2
    run_script(script, argv[1:], stand_ins=stand_ins)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
