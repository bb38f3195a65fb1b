"""Explanations, conflict analysis and learned nogoods for search.

Inside search every change to a cell's candidates is a *literal*: "``cell``
has lost the values of ``mask``" (a guess "r3c4 = black" is the literal "r3c4
has lost white"). The :class:`Learning` of a run keeps them in order on one
*trail*, each with its decision level and its explanation:

- a rule's deduction is explained by its premise cells: it rests on
  everything those cells had lost before it (a rule that reads a region
  names the region's cells; exact where the rules name every cell they
  read, coarser where a rule reads more than it can cheaply name, and
  always sound);
- a probe elimination is explained by the earlier literals its trial's
  contradiction rests on, the trial's assumption left out;
- a guess has no explanation.

On a contradiction, :meth:`Learning.analyze` walks the explanations back
from the conflict (resolution over the implication graph) to the first
unique implication point of the latest level involved, and returns a
*nogood*: literals that cannot all hold in any solution. Nogoods are kept in
a store and propagated by two watched literals, like the clauses of a CDCL
SAT solver: a nogood is looked at only when a cell it watches changes, and
when all its literals but one hold, the last one is made false.

States share the trail: each holds its place on it (``State.trail``, a
:class:`~pencilbox.engine.state.Trail`: its length, the latest entry of each
cell, how far the nogood rule has read) and cuts off whatever a discarded
branch or probe trial left beyond it before adding its own literals.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pencilbox.engine.state import (
    COARSE,
    NOTHING,
    PROGRESS,
    Contradiction,
    Result,
    State,
    Trail,
    TrailLog,
)

NOGOOD = "nogood"
_NOGOOD_REASON = "a learned nogood: these cells cannot all keep their current values"


class Learning(TrailLog):
    """The trail of one search run and its store of learned nogoods."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self.cells: list[list[int]] = []
        """Per nogood, its cells; ``masks`` holds the values each has lost.
        Positions 0 and 1 are the watched literals."""
        self.masks: list[list[int]] = []
        self.watches: list[list[int]] = [[] for _ in range(size)]
        self.learned = 0
        self.activity = [0.0] * size
        self.bump = 1.0
        self.glues: list[int] = []
        self.glue = 0
        """The glue of the nogood :meth:`analyze` returned last."""
        self.guesses: list[int] = []
        """The trail entry of the guess of each level (level ``d`` at ``d - 1``)."""

    # -- recording ------------------------------------------------------------------
    def trail(self) -> Trail:
        """A place at the start of this run's trail, for the run's first state."""
        return Trail(self, self.size)

    def antecedents(self, last: list[int], before: int, why: Iterable[int]) -> list[int]:
        """The entries an explanation rests on: each premise cell's entries
        before index ``before``, and the entries named outright."""
        entries = self.entries
        if why is COARSE:
            level = entries[before][2] if before < len(entries) else len(self.guesses)
            return self.guesses[:level]
        out = []
        for r in why:
            if r < 0:
                out.append(~r)
                continue
            j = last[r]
            while j >= before:
                j = entries[j][4]
            while j >= 0:
                out.append(j)
                j = entries[j][4]
        return out

    def coarsen(self, s: State[Any], conflict: Contradiction) -> Contradiction:
        """A contradiction whose premises may be incomplete, as resting on
        every guess of ``s`` (coarse, and sound)."""
        because = tuple(~j for j in self.guesses[: s.depth])
        return Contradiction(conflict.rule, conflict.reason, (), because)

    def conflict_entries(self, s: State[Any], conflict: Contradiction) -> list[int]:
        """The entries a contradiction found in state ``s`` rests on."""
        t = place(s)
        return self.antecedents(t.last, t.length, (*conflict.premises, *conflict.because))

    # -- probe ---------------------------------------------------------------------
    def explain_trial(
        self, trial: State[Any], start: int, conflict: Contradiction
    ) -> tuple[int, ...]:
        """Why a probe trial died, in literals older than the trial (index
        below ``start``): the explanation of the elimination it proves."""
        entries = self.entries
        last = place(trial).last
        todo = self.conflict_entries(trial, conflict)
        seen = set()
        out = []
        while todo:
            j = todo.pop()
            if j in seen:
                continue
            seen.add(j)
            if j < start:
                if entries[j][2]:  # a level-0 literal is a fact
                    out.append(~j)
                continue
            why = entries[j][3]
            if why is not None:
                todo.extend(self.antecedents(last, j, why))
        return tuple(out)

    # -- conflict analysis -------------------------------------------------------
    def analyze(self, s: State[Any], ante: list[int]) -> tuple[list[int], list[int], int] | None:
        """First-UIP analysis of a conflict resting on entries ``ante``.

        Returns the learned nogood (cells and lost values, the asserting
        literal first) and the level to jump back to, or None when the
        conflict rests on level-0 facts alone (no solution is left)."""
        entries = self.entries
        t = place(s)
        last = t.last
        cur = 0
        for j in ante:
            lv = entries[j][2]
            if lv > cur:
                cur = lv
        if cur == 0:
            return None
        seen: set[int] = set()
        lower: list[int] = []
        pending = 0
        activity = self.activity
        bump = self.bump

        def add(js: list[int]) -> int:
            k = 0
            for j in js:
                if j in seen:
                    continue
                seen.add(j)
                e = entries[j]
                lv = e[2]
                if lv == cur:
                    k += 1
                elif lv:
                    lower.append(j)
                activity[e[0]] += bump
            return k

        pending = add(ante)
        i = t.length - 1
        while True:
            while i not in seen or entries[i][2] != cur:
                i -= 1
            if pending == 1:
                break
            pending -= 1
            why = entries[i][3]
            assert why is not None, "only the guess of a level can be its last UIP"
            pending += add(self.antecedents(last, i, why))
            i -= 1
        uip = i
        # A literal implied by others of the nogood adds nothing: leave out
        # each lower one whose own explanation lies inside the nogood.
        kept = set(lower)
        kept.add(uip)
        slim = []
        for j in lower:
            why = entries[j][3]
            if why is None or why is COARSE:
                slim.append(j)
                continue
            for a in self.antecedents(last, j, why):
                if a not in kept and entries[a][2]:
                    slim.append(j)
                    break
        lower = slim
        # One literal per cell: the asserting cell first.
        lost: dict[int, int] = {}
        level: dict[int, int] = {}
        c0 = entries[uip][0]
        lost[c0] = entries[uip][1]
        level[c0] = cur
        for j in lower:
            c, m, lv, _, _ = entries[j]
            lost[c] = lost.get(c, 0) | m
            if lv > level.get(c, 0):
                level[c] = lv
        back = 0
        second = -1
        for c, lv in level.items():
            if c != c0 and lv > back:
                back, second = lv, c
        cells = [c0]
        if second >= 0:
            cells.append(second)
        cells.extend(c for c in lost if c != c0 and c != second)
        self.bump *= 1.05
        if self.bump > 1e100:
            self.activity = [a * 1e-100 for a in activity]
            self.bump = 1.0
        self.glue = len(set(level.values()))
        return cells, [lost[c] for c in cells], back

    # -- the store -----------------------------------------------------------------
    def add(self, cells: list[int], masks: list[int], glue: int = 0) -> int:
        """Store a nogood (its first two literals watched); its index.

        ``glue`` is the number of decision levels it spans (fewer is better);
        0 marks a nogood that :meth:`reduce` must keep (one that blocks a
        counted solution is not a consequence of the puzzle)."""
        k = len(self.cells)
        self.cells.append(cells)
        self.masks.append(masks)
        self.glues.append(glue)
        self.watches[cells[0]].append(k)
        if len(cells) > 1:
            self.watches[cells[1]].append(k)
        self.learned += 1
        return k

    def reduce(self) -> None:
        """Forget the half of the learned nogoods that span the most levels
        (those spanning two or fewer, and blocking ones, stay). Forgetting a
        consequence is always sound: it only propagates less."""
        glues = self.glues
        ranked = sorted(
            (k for k, gl in enumerate(glues) if gl > 2), key=lambda k: glues[k], reverse=True
        )
        drop = set(ranked[: len(ranked) // 2])
        if not drop:
            return
        keep = [k for k in range(len(glues)) if k not in drop]
        self.cells = [self.cells[k] for k in keep]
        self.masks = [self.masks[k] for k in keep]
        self.glues = [glues[k] for k in keep]
        watches: list[list[int]] = [[] for _ in self.watches]
        for k, cells in enumerate(self.cells):
            watches[cells[0]].append(k)
            if len(cells) > 1:
                watches[cells[1]].append(k)
        self.watches = watches

    def assert_first(self, s: State[Any], k: int) -> Result:
        """Make the first literal of nogood ``k`` false in ``s``, where all
        the others hold (the step after a jump back)."""
        cells = self.cells[k]
        self.coarse = False
        return s.restrict(cells[0], self.masks[k][0], NOGOOD, _NOGOOD_REASON, tuple(cells[1:]))

    def propagate(self, s: State[Any]) -> Result:
        """The nogood rule: visit the nogoods watching each cell changed since
        the last visit; a nogood with one literal left falsifies it, one
        with none left is a contradiction."""
        entries = self.entries
        cands = s.cands
        all_cells = self.cells
        all_masks = self.masks
        watches = self.watches
        result: Result = NOTHING
        t = place(s)
        while t.head < t.length:
            c = entries[t.head][0]
            t.head += 1
            ws = watches[c]
            if not ws:
                continue
            now = cands[c]
            keep = []
            n = len(ws)
            idx = 0
            while idx < n:
                k = ws[idx]
                idx += 1
                cells = all_cells[k]
                masks = all_masks[k]
                if cells[0] == c:
                    w = 0
                elif len(cells) > 1 and cells[1] == c:
                    w = 1
                else:
                    continue  # stale watch
                if now & masks[w]:
                    keep.append(k)  # the watched literal does not hold yet
                    continue
                if len(cells) == 1:
                    keep.append(k)
                    keep.extend(ws[idx:])
                    watches[c] = keep
                    return Contradiction(NOGOOD, _NOGOOD_REASON, (c,))
                o = 1 - w
                oc = cells[o]
                om = masks[o]
                if cands[oc] & ~om == 0:
                    keep.append(k)  # the other watched literal is false: satisfied
                    continue
                for j in range(2, len(cells)):
                    if cands[cells[j]] & masks[j]:
                        cells[w], cells[j] = cells[j], cells[w]
                        masks[w], masks[j] = masks[j], masks[w]
                        watches[cells[w]].append(k)
                        break
                else:
                    keep.append(k)
                    if cands[oc] & om == 0:
                        keep.extend(ws[idx:])
                        watches[c] = keep
                        return Contradiction(NOGOOD, _NOGOOD_REASON, tuple(cells))
                    premises = tuple(x for x in cells if x != oc)
                    r = s.restrict(oc, om, NOGOOD, _NOGOOD_REASON, premises)
                    if isinstance(r, Contradiction):
                        keep.extend(ws[idx:])
                        watches[c] = keep
                        return r
                    result = PROGRESS
            watches[c] = keep
        return result


def place(s: State[Any]) -> Trail:
    """The trail place of a state of a search with learning."""
    trail = s.trail
    assert trail is not None, "only states of a search with learning have a trail"
    return trail
