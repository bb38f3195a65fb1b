"""The rungs of a puzzle's ladder as a player meets them: a difficulty name
for each (Easy, Medium, Hard, Expert, Fiendish) beside the rung's own name
and what its rules do.

The names go by position, the same for every puzzle: the rungs below probe
are Easy, Medium and Hard counted down from the top (Very easy below them,
then Warm-up), probe is Expert, a rung above probe (a ladder may have some,
``Ladder.above``) Master, and the case rung Fiendish. A kind may name
its rungs itself (``PuzzleKind.grade_names``); any rung it leaves out keeps
the generic name. ``/api/puzzles`` serves the result as each type's
``grades``, which the browser shows wherever it names a level.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pencilbox.engine.cases import CASE

EXPERT = "Expert"
"""The name of probe, the top of every ladder."""
FIENDISH = "Fiendish"
"""The name of the case rung, above the ladder."""
MASTER = "Master"
"""The name of a rung above probe, below the case rung."""
BELOW_PROBE = ("Hard", "Medium", "Easy", "Very easy")
"""The names of the rungs below probe, counted down from the one just below it."""
LOWEST = "Warm-up"
"""The name of any rung below those BELOW_PROBE names."""

CASE_SUMMARY = (
    "Assume one candidate in one cell and reason on with every rung below, splitting "
    "on further cells when that stalls; if every branch ends in a contradiction, "
    "the candidate is impossible."
)
"""What the case rung does, in the words its level list shows."""


def generic_names(levels: Sequence[str], above: Sequence[str] = ()) -> dict[str, str]:
    """Difficulty names by position for a ladder's ``levels`` (weakest
    first, probe last), its rungs ``above`` probe, and the case rung."""
    names = {CASE: FIENDISH, **dict.fromkeys(above, MASTER)}
    below = list(levels[:-1])
    for k, level in enumerate(reversed(below)):
        names[level] = BELOW_PROBE[k] if k < len(BELOW_PROBE) else LOWEST
    names[levels[-1]] = EXPERT
    return names


def grades(
    levels: Sequence[str],
    summaries: Mapping[str, str],
    own: Mapping[str, str] | None = None,
    above: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """Each rung of ``levels``, then those ``above`` probe, then the case
    rung, as ``/api/puzzles`` serves them: ``level`` (the rung's own name),
    ``name`` (the player's name for it) and ``rule`` (what it does, from
    ``summaries`` by level; the case rung's is :data:`CASE_SUMMARY`)."""
    names = {**generic_names(levels, above), **(own or {})}
    out = []
    for level in (*levels, *above, CASE):
        rule = CASE_SUMMARY if level == CASE else summaries.get(level, "")
        out.append({"level": level, "name": names[level], "rule": rule})
    return out
