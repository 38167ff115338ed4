"""``tablic.compat``: the original Python tablić code's interface, refereed by this engine.

Code written for the original ``engine.py``/``karta.py``/``skupovi.py`` (Croatian names:
``Tablic``, ``Karta``, ``partitivniSkup`` …) runs here unmodified, including the original's
own players, logs and scripts (``pohlepni_igrac.py``, ``minimax_igrac.py``, ``io_igrac.py``,
``pohlepni_log.py``, ``minimax_log.py``, ``promatrac_log.py``, ``usporedba.py``,
``igranje.py``), and plays the same games: for the same ``random.seed`` the deck, every
move, every log's saved text and the results are the original's, byte for byte.

>>> import random
>>> from tablic.compat import Tablic, PohlepniIgrac
>>> random.seed(0)
>>> igra = Tablic()
>>> igra.dodajIgraca(PohlepniIgrac)
>>> igra.dodajIgraca(Tablic.RandomIgrac)
>>> igra.igraj()
>>> Tablic.Log.konacniRezultat(igra.dohvatiRezultat())
[23, 6]

Unmodified scripts (``from engine import Tablic``, ``from karta import Karta``,
``from skupovi import …``) run with ``python -m tablic.compat script.py [args]``, or after
:func:`install`, which registers those module names (and, with ``stand_ins=True``,
``pohlepni_igrac``/``minimax_igrac`` backed by the engine's bots).

How the same games come out
---------------------------
The engine decides every rule: the deal, whether a move is legal, tablas, the last
capturer, the most cards, the points. What the original's players and logs see is built
as the original builds it, because its players depend on more than the rules: they draw
``random.choice(list(ruka))``, and a Python set's order depends on how the set was made.

- ``Karta`` hashes, compares, prints and adds as the original's card (``str`` is
  ``Karta(Boja(HERC), Znak(A))``), and ``Karta.noviSpil()`` makes its set in the same order,
  so ``Tablic()`` shuffles the same deck for the same seed.
- The hands, the table and the captured piles are sets changed by the original's operations
  in its order; every callback gets a ``copy.deepcopy`` of them, as in the original (made
  faster, the same sets in the same order; a callback whose body is ``pass`` is skipped).
- ``partitivniSkup``, ``unijeDisjunktnih`` and ``Tablic.moguciPotezi`` insert in the
  original's order (``moguciPotezi`` sums with ``Karta``'s ``+``, as the original defines it;
  its groups agree with the engine's ``capture_groups``).
- ``Tablic.RandomIgrac`` draws as the original's; the stand-in :class:`PohlepniIgrac` plays
  the engine's greedy move (the original's key) and draws its card as the original does.
- ``Log.spremi`` writes the original's bytes: entries formatted with ``INDEX0``/``INDEX1``,
  joined by ``razmak``, and a final newline only when it opened the file itself.

What is here
------------
- :class:`Karta` (``karta.py``): ``Boja``/``Znak`` IntEnums with ``postoji``, every
  constructor form and the string parser, ordering (rank, then HERC < PIK < KARO < TREF),
  ``==`` converting the other operand with ``Karta()``, ``hash = boja + 5 * znak``, ``+``
  and ``*`` as the set of sums, ``noviSpil``, ``uKarte``, ``bool``, ``int``.
- :func:`partitivniSkup`, :func:`unijeDisjunktnih` (``skupovi.py``).
- :class:`Tablic` (``engine.py``): the class methods and constants, ``Tablic(spil=None)``,
  ``dodajIgraca``, ``igraj(*logs)`` with the original's callbacks in its order, the
  queries, ``dohvatiRezultat``; ``Tablic.Igrac``, ``Tablic.RandomIgrac``, ``Tablic.Log``,
  ``Tablic.PrazniLog``.
- ``napraviBota(name, **options)`` (:mod:`tablic.compat.bots`): the engine's bots as players;
  :class:`PohlepniIgrac` and :class:`MinimaxIgrac`, stand-ins for the original's players.

Where it differs from the original
----------------------------------
Only where the original fails or never returns; what the original does finish, it does
here the same way.

- A player that keeps answering with illegal moves is not asked forever: after
  ``Tablic.maksPokusaja`` (100) illegal answers in a row ``igraj`` raises
  :class:`NelegalniPotezError` (a ``tablic.IllegalMoveError``) naming the player, its last
  answer and the reasons. An answer that is not a pair, or a captured "set" that is a
  string or not iterable, raises ``TypeError`` at once.
- Answers are converted leniently: ``odigraj`` may return anything ``Karta`` converts
  (``('karo 10', ['tref 2'])``); the callbacks and logs then see ``Karta`` objects.
- A malformed deck (not 52 distinct whole cards) raises ``ValueError`` in ``Tablic(spil)``;
  an invalid number of players raises ``RuntimeError`` from ``igraj`` with the engine's
  message (the original raises there too, in Croatian).
- ``Tablic.vrijednostKarata`` of a rank-only card (``Karta(Karta.Znak.Q)``, as the original
  minimax imagines an opponent's hand) is its rank's points, as in the original; it and
  ``Karta.uKarte`` raise ``TypeError``/``ValueError`` for a string that is no card, where
  the original recurses until the stack overflows.
- ``Log(None)`` records into a list of its own; log slicing and ``reversed(log)`` work (the
  original's raise ``NameError``); ``spremi`` also takes a ``pathlib.Path``.
- The players' copies given to logs are made as in the original (``type(player)(i, ime)``);
  when a subclass cannot be built that way, a shallow copy is used instead of failing.
- ``Karta`` has no ``__coerce__`` or other Python 2 methods.
- :class:`MinimaxIgrac` is the engine's minimax, not the original's search: it takes the
  original's arguments (``maxDubina`` is its depth; it bounds nodes, not time) but plays
  other moves. To play the original's minimax, run ``minimax_igrac.py`` itself on this
  package.
"""

from __future__ import annotations

import runpy
import sys
from collections.abc import Sequence
from types import ModuleType

from . import bots, engine, karta, skupovi
from .bots import BotIgrac, MinimaxIgrac, PohlepniIgrac, izvorniPotez, napraviBota
from .engine import NelegalniPotezError, RezultatIgraca, Tablic
from .karta import Karta
from .skupovi import partitivniSkup, unijeDisjunktnih

__all__ = [
    "BotIgrac",
    "Igrac",
    "Karta",
    "MinimaxIgrac",
    "NelegalniPotezError",
    "PohlepniIgrac",
    "RezultatIgraca",
    "Tablic",
    "install",
    "izvorniPotez",
    "napraviBota",
    "partitivniSkup",
    "run_script",
    "uninstall",
    "unijeDisjunktnih",
]

Igrac = Tablic.Igrac
"""``Tablic.Igrac``, the abstract player; ``napraviBota(name, **options)`` makes bot players."""


def _stand_in(name: str, **attributes: object) -> ModuleType:
    module = ModuleType(name, f"Stand-in for the original {name}.py, from tablic.compat.")
    for key, value in attributes.items():
        setattr(module, key, value)
    return module


_installed: dict[str, ModuleType] = {}


def install(*, stand_ins: bool = False, force: bool = False) -> None:
    """Registers ``engine``, ``karta`` and ``skupovi`` in ``sys.modules`` as this package.

    Then ``from engine import Tablic`` in unmodified code gets :class:`Tablic`. With
    ``stand_ins``, ``pohlepni_igrac.PohlepniIgrac`` and ``minimax_igrac.MinimaxIgrac`` are
    registered too (the engine's greedy and minimax bots). A module of one of those names
    that is already imported and is not ours raises ``RuntimeError``, unless ``force``.
    """
    modules: dict[str, ModuleType] = {"engine": engine, "karta": karta, "skupovi": skupovi}
    if stand_ins:
        modules["pohlepni_igrac"] = _installed.get("pohlepni_igrac") or _stand_in(
            "pohlepni_igrac", PohlepniIgrac=PohlepniIgrac, Tablic=Tablic, Karta=Karta
        )
        modules["minimax_igrac"] = _installed.get("minimax_igrac") or _stand_in(
            "minimax_igrac", MinimaxIgrac=MinimaxIgrac, Tablic=Tablic, Karta=Karta
        )
    if not force:
        clashes = [
            name
            for name, module in modules.items()
            if name in sys.modules and sys.modules[name] is not module
        ]
        if clashes:
            raise RuntimeError(
                f"modules {', '.join(clashes)} are already imported; pass force=True to "
                "replace them with tablic.compat"
            )
    for name, module in modules.items():
        sys.modules[name] = module
        _installed[name] = module


def uninstall() -> None:
    """Removes the module names :func:`install` registered."""
    for name, module in list(_installed.items()):
        if sys.modules.get(name) is module:
            del sys.modules[name]
        del _installed[name]


def run_script(path: str, args: Sequence[str] = (), *, stand_ins: bool = False) -> None:
    """Runs the script ``path`` as ``__main__`` with ``sys.argv = [path, *args]``, with
    :func:`install` in effect and the script's directory first on ``sys.path``."""
    import os

    install(stand_ins=stand_ins, force=True)
    saved_argv, saved_path = sys.argv, list(sys.path)
    sys.argv = [path, *args]
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    try:
        runpy.run_path(path, run_name="__main__")
    finally:
        sys.argv = saved_argv
        sys.path[:] = saved_path

