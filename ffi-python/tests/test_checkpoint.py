"""checkpoint=: a match or tournament stopped half way (KeyboardInterrupt, an exception)
goes on from its checkpoint to the result an uninterrupted run gives; a checkpoint of
another run, or a damaged one, is refused with a precise message and left as it is."""

from __future__ import annotations

import _thread
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import tablic

TIMING_FIELDS = {"mean_decision_us", "max_decision_us"}


def stats(result: tablic.MatchResult | tablic.TournamentResult) -> list[dict[str, object]]:
    bots = result.bots if isinstance(result, tablic.MatchResult) else result.entrants
    return [
        {
            name: getattr(bot, name)
            for name in dir(bot)
            if not name.startswith("_") and name not in TIMING_FIELDS
        }
        for bot in bots
    ]


def finished_chunks(path: Path) -> tuple[int, int]:
    """The chunks a checkpoint marks finished, and how many there are."""
    line = next(line for line in path.read_text().splitlines() if line.startswith("chunks "))
    items, *words = line.split()[1:]
    done = sum(bin(int(word, 16)).count("1") for word in words)
    return done, min(int(items), 1024)


def stop_when_written(path: Path, stop: Callable[[], None]) -> threading.Thread:
    """A thread that calls `stop` once the checkpoint first appears: mid-run."""

    def watch() -> None:
        deadline = time.monotonic() + 20
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.001)
        stop()

    watcher = threading.Thread(target=watch)
    watcher.start()
    return watcher


MATCH = (["greedy", "random"], 3000)


def test_a_checkpointed_match_is_the_plain_one_and_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "match.checkpoint"
    plain = tablic.match(*MATCH, seed=4, duplicate=True)
    kept = tablic.match(*MATCH, seed=4, duplicate=True, checkpoint=path)
    assert stats(kept) == stats(plain)
    assert finished_chunks(path) == (1024, 1024)
    lines = path.read_text().splitlines()
    assert lines[:8] == [
        "tablic-checkpoint 1",
        f"version {tablic.__version__}",
        "kind match",
        "bots greedy,random",
        "seed 4",
        "games 3000",
        "duplicate yes",
        "rules original",
    ]
    # Nothing left to play: the same result again, at once.
    again = tablic.match(*MATCH, seed=4, duplicate=True, checkpoint=str(path), threads=2)
    assert stats(again) == stats(plain)


@pytest.fixture
def ctrl_c_interrupts() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt while the test runs (Ray, started by other tests,
    puts in a handler of its own)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_a_match_stopped_by_keyboard_interrupt_goes_on(
    tmp_path: Path, ctrl_c_interrupts: None
) -> None:
    path = tmp_path / "match.checkpoint"
    watcher = stop_when_written(path, _thread.interrupt_main)
    # Long enough that a watcher slow to run on a loaded machine still stops it half way.
    long = (["greedy", "random"], 30_000)
    with pytest.raises(KeyboardInterrupt):
        tablic.match(*long, seed=5, checkpoint=path, checkpoint_every=0)
    watcher.join()
    done, chunks = finished_chunks(path)
    assert 0 < done < chunks, "stopped half way, what finished kept"
    resumed = tablic.match(*long, seed=5, checkpoint=path, threads=3)
    assert stats(resumed) == stats(tablic.match(*long, seed=5))


@pytest.fixture
def alarm_raises() -> Iterator[None]:
    """SIGALRM raises RuntimeError in the main thread while the test runs."""

    def handler(signum: int, frame: object) -> None:
        raise RuntimeError("stopped by the alarm")

    previous = signal.signal(signal.SIGALRM, handler)
    yield
    signal.signal(signal.SIGALRM, previous)


def test_a_tournament_stopped_by_an_exception_goes_on(
    tmp_path: Path, alarm_raises: None
) -> None:
    path = tmp_path / "tournament.checkpoint"
    field = ["greedy", "random", "random", "greedy"]
    main = threading.main_thread().ident
    assert main is not None
    watcher = stop_when_written(path, lambda: signal.pthread_kill(main, signal.SIGALRM))
    with pytest.raises(RuntimeError, match="stopped by the alarm"):
        tablic.tournament(field, 500, seed=2, duplicate=True, checkpoint=path, checkpoint_every=0)
    watcher.join()
    done, chunks = finished_chunks(path)
    assert 0 < done < chunks
    resumed = tablic.tournament(field, 500, seed=2, duplicate=True, checkpoint=path, threads=2)
    whole = tablic.tournament(field, 500, seed=2, duplicate=True)
    assert stats(resumed) == stats(whole)
    assert resumed.games == whole.games == 6 * 500 * 2


def test_a_checkpoint_of_another_run_or_damaged_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "match.checkpoint"
    tablic.match(["greedy", "random"], 20, checkpoint=path)
    whole = path.read_text()

    def refused(run: Callable[[], object], message: str) -> None:
        before = path.read_bytes()
        with pytest.raises(ValueError) as error:
            run()
        assert str(error.value) == f"checkpoint {path}: {message} (the file is left as it is)"
        assert path.read_bytes() == before

    other = "the checkpoint is of another run"
    refused(
        lambda: tablic.match(["greedy", "random"], 20, seed=2, checkpoint=path),
        f"{other}: seed 1 there, 2 here",
    )
    refused(
        lambda: tablic.match(["greedy", "random"], 21, checkpoint=path),
        f"{other}: games 20 there, 21 here",
    )
    refused(
        lambda: tablic.match(["greedy", "random"], 20, rules="leftovers=last-player", checkpoint=path),
        f"{other}: rules original there, leftovers=last-player here",
    )
    refused(
        lambda: tablic.tournament(["greedy", "random"], 20, checkpoint=path),
        f"{other}: kind match there, tournament here",
    )
    for text, message in [
        (whole[: len(whole) // 2], "it is cut short (no checksum at its end)"),
        (whole.replace("seed 1", "seed 3"), "its checksum does not match its contents"),
    ]:
        path.write_text(text)
        refused(
            lambda: tablic.match(["greedy", "random"], 20, checkpoint=path),
            f"the checkpoint is damaged: {message}",
        )


def test_checkpoint_needs_no_executor_and_a_sane_interval(tmp_path: Path) -> None:
    path = tmp_path / "match.checkpoint"
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="executor"):
        tablic.match(["greedy", "random"], 20, executor=pool, checkpoint=path)
    with pytest.raises(ValueError, match="checkpoint_every must be from 0 to 86400 seconds"):
        tablic.match(["greedy", "random"], 20, checkpoint=path, checkpoint_every=-1)
    assert not path.exists()
