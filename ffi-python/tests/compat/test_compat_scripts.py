"""Unmodified scripts of the original's style (``from engine import Tablic`` …), run with
``python -m tablic.compat`` and with ``tablic.compat.install()``."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tablic.compat
from tablic.compat import Tablic, install, uninstall

# A player module as the original's bots are written (Python 2/3 style, no annotations).
MOJ_IGRAC = '''
# -*- coding: utf-8 -*-

import random

from engine import Tablic
from karta import Karta
from skupovi import partitivniSkup, unijeDisjunktnih


class MojIgrac (Tablic.Igrac):
    """Uzima najvrjedniji skup karata, inace odlaze najmanju kartu."""

    def __init__ (self, i, ime = None):
        Tablic.Igrac.__init__(self, i, ime)
        self.__ruka = set()
        self.__vidjeno = set()

    def hocuRazlog (self):
        return True

    def saznajBrojIgraca (self, n, imena):
        self.__n = n

    def saznajNovoDijeljenje (self, ruka, stol):
        self.__ruka = ruka
        self.__vidjeno |= stol | ruka

    def vidiPotez (self, i, ruka, stol, karta, skupljeno):
        self.__vidjeno |= {karta}

    def saznajRezultat (self, rezultat):
        pass

    def odigraj (self, ruka, stol, ponovi = False):
        if ponovi:
            raise RuntimeError('Nelegalni potez: {0}'.format(ponovi))
        M = Tablic.moguciPotezi(stol)
        najbolji = None
        for karta in sorted(ruka):
            for skup in (unijeDisjunktnih(M[karta.znak]) if karta.znak in M else [frozenset()]):
                if skup:
                    v = (Tablic.vrijednostKarata(skup | {karta}), len(skup))
                else:
                    v = (-Tablic.vrijednostKarata(karta), -int(karta))
                if najbolji is None or v > najbolji[0]:
                    najbolji = (v, karta, set(skup))
        return (najbolji[1], najbolji[2])


class BrojacLog (Tablic.Log):
    def novaPartija (self, n, igraci):
        self.n = n

    def novoDijeljenje (self, k, stol):
        pass

    def prevediPotez (self, i, igraci, ruka, stol, karta, skupljeno):
        return (i, str(karta), len(skupljeno))

    def kraj (self, rezultat):
        self.rezultat = rezultat
'''

# A comparison script in the style of the original usporedba.py.
USPOREDBA = '''
#!/usr/bin/env python
# -*- coding: utf-8 -*-

import random
import sys

from engine import Tablic
from karta import Karta
from moj_igrac import MojIgrac, BrojacLog

N = 4

igraci = ({'klasa' : MojIgrac, 'args' : tuple(), 'kwargs' : {'ime' : 'Moj'}},
          {'klasa' : Tablic.RandomIgrac, 'args' : tuple(), 'kwargs' : {'ime' : 'Slucajni'}})

if len(sys.argv) == 2:
    if sys.argv[1] == '-i':
        igraci = tuple(reversed(igraci))
    else:
        raise RuntimeError("Dodatni argument `{0:s}' nije prepoznat.".format(sys.argv[1]))

random.seed(2024)

akumulirano = [0 for i in range(len(igraci))]
pobjede = [0 for i in range(len(igraci))]
nerjeseno = list()

for i in range(N):
    igra = Tablic()
    for igrac in igraci:
        igra.dodajIgraca(igrac['klasa'], *igrac['args'], **igrac['kwargs'])
    log = igra.igraj(BrojacLog([]))
    assert len(log) == 48
    rezultat = igra.dohvatiRezultat()
    konacni_rezultat = Tablic.Log.konacniRezultat(rezultat)
    for j in range(len(igraci)):
        akumulirano[j] += konacni_rezultat[j]
    najvise = max(konacni_rezultat)
    if konacni_rezultat.count(najvise) > 1:
        nerjeseno.append(i + 1)
    else:
        pobjede[konacni_rezultat.index(najvise)] += 1
    print('{0:d}.'.format(i + 1))
    print("\\t{0:s}".format(str.join(' vs. ', [igra.dohvatiIme(j) for j in range(igra.dohvatiBrojIgraca())])))
    print("\\t{0:s}".format(repr(konacni_rezultat)))

print("\\nKonacno")
print("\\t{0:s}".format(repr(akumulirano)))
print("\\t{0:s}".format(repr(pobjede)))
print("\\t{0:d}".format(len(nerjeseno)))
print(Karta('karo 10') == 'karo 10', sorted(Karta.noviSpil())[0] == Karta('herc a'))
'''

# The original's own script line-up, with the stand-ins of its bots.
STAND_INS = '''
from engine import Tablic
from pohlepni_igrac import PohlepniIgrac
from minimax_igrac import MinimaxIgrac

igra = Tablic()
igra.dodajIgraca(MinimaxIgrac, ime='Marconi', maxDubina=3, maxT=15.0)
igra.dodajIgraca(PohlepniIgrac, ime='Popeye')
igra.igraj()
print(Tablic.Log.konacniRezultat(igra.dohvatiRezultat()))
'''


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "error", "-m", "tablic.compat", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture()
def scripts(tmp_path: Path) -> Path:
    (tmp_path / "moj_igrac.py").write_text(textwrap.dedent(MOJ_IGRAC), encoding="utf-8")
    (tmp_path / "usporedba.py").write_text(textwrap.dedent(USPOREDBA), encoding="utf-8")
    (tmp_path / "igranje.py").write_text(textwrap.dedent(STAND_INS), encoding="utf-8")
    return tmp_path


def test_unmodified_script_runs(scripts: Path) -> None:
    done = run(scripts, "usporedba.py")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "1." and lines[1] == "\tMoj vs. Slucajni"
    final = lines[lines.index("Konacno") + 1 :]
    totals = eval(final[0])
    wins = eval(final[1])
    assert len(totals) == 2 and sum(wins) + int(final[2]) == 4
    assert totals[0] > totals[1]
    assert final[3] == "True True"
    again = run(scripts, "usporedba.py")
    assert again.stdout == done.stdout


def test_script_arguments_are_passed(scripts: Path) -> None:
    done = run(scripts, str(scripts / "usporedba.py"), "-i")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "\tSlucajni vs. Moj"
    bad = run(scripts, "usporedba.py", "-x")
    assert bad.returncode != 0 and "nije prepoznat" in bad.stderr


def test_stand_ins(scripts: Path) -> None:
    missing = run(scripts, "igranje.py")
    assert missing.returncode != 0 and "pohlepni_igrac" in missing.stderr
    done = run(scripts, "--stand-ins", "igranje.py")
    assert done.returncode == 0, done.stderr
    assert len(eval(done.stdout.strip())) == 2


def test_usage(scripts: Path) -> None:
    assert run(scripts).returncode == 2
    helped = run(scripts, "--help")
    assert helped.returncode == 0 and "usage" in helped.stdout
    assert run(scripts, "--nope", "x.py").returncode == 2


def test_a_missing_script_is_one_error_line(scripts: Path) -> None:
    missing = run(scripts, "nosuch.py")
    assert (missing.returncode, missing.stdout) == (2, "")
    assert missing.stderr == "error: cannot run nosuch.py: No such file or directory\n"
    folder = run(scripts, ".")
    assert (folder.returncode, folder.stderr) == (2, "error: cannot run .: Is a directory\n")


def test_install_in_process() -> None:
    assert "engine" not in sys.modules
    install()
    try:
        from engine import Tablic as T  # type: ignore[import-not-found]
        from karta import Karta as K  # type: ignore[import-not-found]
        from skupovi import unijeDisjunktnih as u  # type: ignore[import-not-found]

        assert T is Tablic and K is tablic.compat.Karta and u is tablic.compat.unijeDisjunktnih
        install()  # again: a no-op
    finally:
        uninstall()
    assert "engine" not in sys.modules and "karta" not in sys.modules
    sys.modules["engine"] = sys  # someone else's module of that name
    try:
        with pytest.raises(RuntimeError, match="engine"):
            install()
        install(force=True)
        assert sys.modules["engine"] is tablic.compat.engine
    finally:
        uninstall()
        sys.modules.pop("engine", None)
