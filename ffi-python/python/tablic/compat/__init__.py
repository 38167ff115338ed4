"""``tablic.compat``: the interface of the original Python tablić code, on this engine.

Code written for the original ``engine.py``/``karta.py``/``skupovi.py`` (Croatian names:
``Tablic``, ``Karta``, ``partitivniSkup`` …) runs here unchanged, while every rule is
played by the Rust engine: the deal, the legality of each move, captures, tablas, scores.

>>> from tablic.compat import Tablic, Karta
>>> igra = Tablic(spil=sorted(Karta.noviSpil()))
>>> igra.dodajIgraca(Tablic.Igrac.bot("greedy", seed=1), ime="Popeye")
>>> igra.dodajIgraca(Tablic.RandomIgrac)
>>> igra.igraj()
>>> sum(Tablic.Log.konacniRezultat(igra.dohvatiRezultat())) >= 22
True

Unmodified scripts (``from engine import Tablic``, ``from karta import Karta``,
``from skupovi import …``) run with ``python -m tablic.compat script.py [args]``, or after
:func:`install`, which registers those module names (and, with ``stand_ins=True``,
``pohlepni_igrac``/``minimax_igrac`` backed by the engine's bots).

What is here
------------
- :class:`Karta` (``karta.py``): ``Boja``/``Znak`` IntEnums with ``postoji``, every
  constructor form and the string parser, ordering (rank, then HERC < PIK < KARO < TREF),
  ``==`` converting the other operand, ``hash = boja + 5 * znak``, ``+`` as the set of sums,
  ``noviSpil``, ``uKarte``, ``bool``, ``int``.
- :func:`partitivniSkup`, :func:`unijeDisjunktnih` (``skupovi.py``).
- :class:`Tablic` (``engine.py``): the class methods and constants, ``moguciPotezi``
  (from the engine's ``capture_groups``), ``vrijednostKarata`` (the engine's points),
  ``Tablic(spil=None)``, ``dodajIgraca``, ``igraj(*logs)`` with the original's callbacks in
  its order, the queries, ``dohvatiRezultat``; ``Tablic.Igrac``, ``Tablic.RandomIgrac``,
  ``Tablic.Log``, ``Tablic.PrazniLog``.
- ``Igrac.bot(name, **options)`` (:mod:`tablic.compat.bots`): the engine's bots as players.

The deal
--------
The original deals from a FIFO queue of ``spil``: ``spil[0:4]`` to the table, then passes
of one card per player in seat order, up to 6 passes (fewer when the deck runs out). The
engine's ``Game(deck=…)`` deals in that same order, so ``spil`` is passed to it unchanged:
the same ``spil`` gives every player the same hands as in the original.

Intentional differences from the original
-----------------------------------------
Fixed defects (PYTHON-COMPAT.md, "Known defects"):

- An illegal move is not asked for forever: after ``Tablic.maksPokusaja`` (100) illegal
  answers in a row ``igraj`` raises :class:`NelegalniPotezError` (a
  ``tablic.IllegalMoveError``) naming the player, its last answer and the reasons.
- ``Tablic.Log()`` starts its own empty list; the original shared one default list
  between every log. (A list passed explicitly is still recorded into, as before.)
- Log slicing returns a list of (copied) entries and ``reversed(log)`` works.
- ``Log.spremi`` writes entries containing ``{``/``}`` as they are. Its signature is
  ``spremi(izlaz, konverzija=str, razmak='\\n')``; ``konverzija`` is a function or one of
  ``'str'``, ``'repr'``, ``'unicode'``. A file object passed as ``izlaz`` is flushed, not
  closed (a file name is opened and closed).
- A malformed deck (not 52 distinct whole cards) raises ``ValueError`` in
  ``Tablic(spil)`` instead of hanging or failing mid-game.
- ``Karta.__eq__`` (and the orderings) return ``NotImplemented`` (so ``==`` is False)
  when the other operand cannot be converted, instead of raising.

Other differences:

- Legality is decided by the engine (``Game.check``). The retry reasons are the
  original's, in its order (the card, the set, the rank, ``False``), computed from the
  engine's hand, table and capture groups.
- Answers are converted leniently: ``odigraj`` may return anything ``Karta`` converts
  (``('karo 10', {'tref 2'})``) and any iterable as the captured set; the callbacks and
  logs then see ``Karta`` objects. An answer that is not a pair, or a captured "set" that
  is a string or not iterable, raises ``TypeError`` at once instead of being retried.
- Callbacks get fresh ``Karta`` objects (copies) and ``vidiPotez``/logs get a copy of
  the played card, not the object the player returned.
- ``dohvatiIgraca`` and the player copies given to logs are made as in the original
  (``type(player)(i, ime)``); when a subclass cannot be built that way, a shallow copy is
  used instead of failing. Engine bots copy with their seed and options.
- ``moguciPotezi`` and ``vrijednostKarata`` require whole cards (a suit and a rank):
  partially defined cards raise ``ValueError`` (the fully undefined ``Karta()`` is worth
  0 points); ``Karta.uKarte`` does not recurse into strings.
- ``Karta`` has no ``*`` (repeated sums), ``__coerce__`` or Python 2 methods; its
  ``str`` is ``Karta(Boja.KARO, Znak.BR10)`` on every Python version.
- An invalid number of players raises ``RuntimeError`` from ``igraj`` with the engine's
  message, as the original did.
- ``RandomIgrac`` draws the capture from the engine's list of legal captures, so with the
  same ``random`` seed it does not repeat the original's exact choices.
- ``Log`` entries are typed ``Any``; ``dohvatiRezultat()`` entries are
  :class:`RezultatIgraca` dicts (``'max'`` is False until the end, then
  ``(most cards?, card count)``); ``konacniRezultat`` also accepts results before the end.
"""

from __future__ import annotations

import runpy
import sys
from collections.abc import Sequence
from types import ModuleType

from . import bots, engine, karta, skupovi
from .bots import BotIgrac, MinimaxIgrac, PohlepniIgrac, napraviBota
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
    "napraviBota",
    "partitivniSkup",
    "run_script",
    "uninstall",
    "unijeDisjunktnih",
]

Igrac = Tablic.Igrac
"""``Tablic.Igrac``, the abstract player; ``Igrac.bot(name, **options)`` makes bot players."""


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

