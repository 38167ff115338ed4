"""Matches on a Ray cluster: ``tablic.match(..., executor=RayExecutor())``.

Needs the optional extra ``ray`` (``pip install 'tablic[ray]'``). Each piece of the match
becomes a Ray task running `tablic.play_match_groups`; the pieces' tallies come back and
merge in order, so the result equals a local run with the same seed.

On one machine, ``ray.init()`` starts a local instance. For a cluster, start Ray on the
machines (``ray start --head`` on one, ``ray start --address=HEAD:6379`` on the others),
install this package on every node (or pass ``runtime_env={"pip": [...]}`` to ``ray.init``),
and call ``ray.init(address="auto")`` before the match.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import ray


def _call(fn: Any, /, *args: Any) -> Any:
    """Ray tasks must be Python functions: this one runs any picklable callable."""
    return fn(*args)


class RayExecutor:
    """Submits each piece of a match as a Ray task; ``options`` go to ``ray.remote``
    (for example ``num_cpus=2`` with ``threads=2``)."""

    def __init__(self, **options: Any) -> None:
        self._task = ray.remote(**options)(_call) if options else ray.remote(_call)

    def submit(self, fn: Any, /, *args: Any) -> Future[Any]:
        future: Future[Any] = self._task.remote(fn, *args).future()
        return future
