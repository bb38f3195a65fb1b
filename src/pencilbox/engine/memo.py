"""What probe remembers of its trials along one line of states.

The probe rung (:mod:`pencilbox.engine.ladder`) tries each candidate of each
undecided cell; most trials survive, and a surviving trial keeps surviving
while the state only shrinks inside what it decided. :class:`ProbeMemo`
keeps those trials so a later pass skips them. It knows nothing of rules or
states: only candidate lists.
"""

from __future__ import annotations

from typing import Any


class ProbeMemo:
    """Probe trials that survived, remembered along one line of states.

    A surviving trial is stored as the cells its fixpoint T changed, relative
    to ``base``. Propagation is monotone, so while every cell that changed
    since still holds T's candidates (T lies inside the current state), the
    trial would reach T again and survive: it is skipped. Any other change
    drops the entry. States must only shrink along the line (a search
    branch hands each child its own copy).

    A dropped entry is kept as ``stale``: what T decided was deduced from a
    larger state, so it holds in the trial from every later state of the
    line, and the trial's rerun starts from it (on silent states, where no
    deduction needs its own reasons) instead of deducing it again. The
    fixpoint it reaches is the same.
    """

    __slots__ = ("base", "kept", "stale", "notes")

    def __init__(self, base: list[int]) -> None:
        self.base = base[:]
        self.kept: dict[tuple[int, int], dict[int, int]] = {}
        self.stale: dict[tuple[int, int], dict[int, int]] = {}
        self.notes: dict[tuple[int, int], dict[str, Any]] = {}
        """The notes of each trial's state at its fixpoint (``State.notes``:
        what its rules learnt there). A rerun starts inside that fixpoint,
        so they hold there too, and its rules look only at what changed
        since (most reruns find nothing more)."""

    def copy(self) -> ProbeMemo:
        out = ProbeMemo.__new__(ProbeMemo)
        out.base = self.base[:]
        out.kept = dict(self.kept)
        out.stale = dict(self.stale)
        out.notes = dict(self.notes)
        return out

    def for_stronger_rules(self) -> ProbeMemo:
        """This memory, handed to a probe whose trials run stronger rules
        (a rung above probe): a trial that survived the weaker rules may die
        under the stronger ones, so none is skipped, but what each decided
        holds there too, so each is a start (``stale``)."""
        out = ProbeMemo(self.base)
        out.stale = {**self.stale, **self.kept}
        out.notes = dict(self.notes)
        return out

    def rebase(self, cands: list[int]) -> None:
        """Keep the entries still inside ``cands`` and make it the new base."""
        base = self.base
        changed = [c for c in range(len(cands)) if cands[c] != base[c]]
        if not changed:
            return
        kept = {}
        stale = self.stale
        for key, diff in self.kept.items():
            same = None
            for c in changed:
                m = diff.get(c)
                if m is None or m & ~cands[c]:
                    stale[key] = meet(stale.get(key), diff)
                    break
                if m == cands[c]:  # no longer a change from the base
                    same = [c] if same is None else [*same, c]
            else:
                if same is not None:
                    diff = dict(diff)  # entries are shared with copies: never edit one
                    for c in same:
                        del diff[c]
                kept[key] = diff
        self.kept = kept
        self.base = cands[:]


def meet(a: dict[int, int] | None, b: dict[int, int]) -> dict[int, int]:
    """What two starts of one trial decided, together: each holds in every
    later state of the line, so their meet does (a new dict)."""
    if not a:
        return b
    out = dict(a)
    for c, m in b.items():
        out[c] = out[c] & m if c in out else m
    return out
