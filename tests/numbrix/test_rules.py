"""Soundness of every rule and level, and the ladder's stated properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pencilbox
from pencilbox.bank.store import SHIPPED, Bank
from pencilbox.engine.connectivity import bridges
from pencilbox.engine.kind import Puzzle
from pencilbox.engine.ladder import Status
from pencilbox.engine.state import NOTHING, PROGRESS, Contradiction, Result, State
from pencilbox.puzzles.numbrix import brute, rules
from pencilbox.puzzles.numbrix import edge as edge_rung

KIND = pencilbox.puzzle("numbrix")
ALONE = {
    "pin": rules.pin,
    "link": rules.link,
    "block": rules.block,
    "edge": rules.edge,
    "span": rules.span,
}


@st.composite
def small_puzzles(draw: st.DrawFn) -> Puzzle:
    rows = draw(st.integers(2, 4))
    cols = draw(st.integers(2, 5))
    n = rows * cols
    if draw(st.booleans()):
        density = draw(st.floats(0.0, 0.6))
        p, _ = KIND.generate(rows, cols, density=density, seed=draw(st.integers(0, 10**6)))
        return p
    # arbitrary printed numbers: often no solution at all
    numbers = draw(st.lists(st.integers(1, n), unique=True, max_size=n // 2))
    cells = draw(st.permutations(range(n)))
    clues: list[int | None] = [None] * n
    for cell, v in zip(cells, numbers, strict=False):
        clues[cell] = v
    return Puzzle("numbrix", rows, cols, tuple(clues))


def _keeps_all(s: State, solutions: list[tuple[int, ...]]) -> bool:
    return all((s.cands[c] >> v) & 1 for sol in solutions for c, v in enumerate(sol))


@given(small_puzzles(), st.data())
@settings(max_examples=120, deadline=None)
def test_no_rule_and_no_level_removes_a_solution(p: Puzzle, data: st.DataObject) -> None:
    solutions = brute.solutions(p)
    start = KIND.start(p)
    # Also from a state some way into a solve, where the rules meet mixed masks.
    states = [start]
    if solutions:
        sol = data.draw(st.sampled_from(solutions))
        fixed = KIND.start(p)
        for cell in data.draw(st.lists(st.integers(0, p.rows * p.cols - 1), max_size=3)):
            fixed.cands[cell] = 1 << sol[cell]
        states.append(fixed)
    for base in states:
        keep = [s for s in solutions if all((base.cands[c] >> v) & 1 for c, v in enumerate(s))]
        for name, rule in ALONE.items():
            s = base.copy()
            result = rule(s)
            assert _keeps_all(s, keep), name
            if keep:
                assert not isinstance(result, Contradiction), name
        for level in range(len(KIND.levels)):
            s = base.copy()
            outcome = KIND.ladder.propagate(s, level)
            assert _keeps_all(s, keep), KIND.levels[level]
            if keep:
                assert outcome.status is not Status.CONTRADICTION
            if outcome.status is Status.SOLVED:
                assert len(keep) == 1


@given(small_puzzles())
@settings(max_examples=80, deadline=None)
def test_span_adds_nothing_after_link(p: Puzzle) -> None:
    s = KIND.start(p)
    outcome = KIND.ladder.propagate(s, KIND.ladder.level_index("link"))
    if outcome.status is not Status.CONTRADICTION:
        assert rules.span(s) is NOTHING


def test_span_alone_is_strong() -> None:
    # 1 in a corner of a 5×5 (pin clears it from the other cells): the far
    # corner is 8 steps away, so it cannot hold 2…8, but may hold 9.
    p = KIND.parse("numbrix 5x5\n" + "1 . . . .\n" + ". . . . .\n" * 4)
    s = KIND.start(p)
    rules.pin(s)
    rules.span(s)
    far = s.cands[24]
    assert all(not (far >> v) & 1 for v in range(1, 8))
    assert (far >> 8) & 1


def test_pin_needs_all_but_one_number() -> None:
    p, answer = KIND.generate(4, 4, density=0.0, seed=2)
    blanks = random.Random(2).sample(range(16), 2)
    two = Puzzle("numbrix", 4, 4, tuple(None if c in blanks else answer[c] + 1 for c in range(16)))
    one = Puzzle(
        "numbrix", 4, 4, tuple(None if c == blanks[0] else answer[c] + 1 for c in range(16))
    )
    assert KIND.solve(one, level="pin").status is Status.SOLVED
    assert KIND.solve(two, level="pin").status is Status.STALLED
    assert KIND.solve(two, level="link").status is Status.SOLVED


def test_link_reasons_name_the_missing_neighbour() -> None:
    # 1 in the corner, and (after pin) nowhere else: r1c3 has no neighbour
    # that may hold 1, so it cannot hold 2.
    p = KIND.parse("numbrix 3x3\n1 . .\n. . .\n. . .\n")
    s = KIND.start(p)
    rules.pin(s)
    s.trace = []
    rules.link(s)
    assert s.trace and all(d.rule == "link" and d.reason for d in s.trace)
    assert not (s.cands[2] >> 1) & 1


def test_edge_glues_a_run() -> None:
    # 2×2, r1c1 = 1, r1c2 and r2c1 in {2, 4}, r2c2 in {2, 3}. r2c2 cannot be
    # an end (neither 1 nor 4 is among its candidates) and has exactly two
    # neighbours, so it is joined to both: the run r1c2–r2c2–r2c1 counts
    # 2, 3, 4 or 4, 3, 2, and either way r2c2 holds 3.
    p = KIND.parse("numbrix 2x2\n1 .\n. .\n")
    s = State(KIND.board(p), [0b0001, 0b1010, 0b1010, 0b0110], trace=[])
    assert rules.edge(s) is not NOTHING
    assert s.cands[3] == 0b0100
    assert any("run" in d.reason for d in s.trace)


def test_hint_gives_a_reasoned_cell() -> None:
    p, _ = KIND.generate(6, 6, density=0.35, seed=3)
    h = KIND.hint(p, level="probe")
    assert h.status in ("hint", "solved")
    if h.status == "hint":
        assert h.rule in KIND.levels and h.reason


def test_grade_of_a_unique_board() -> None:
    for seed in range(30):
        p, answer = KIND.generate(5, 5, density=0.4, seed=seed)
        if KIND.brute_count(p, limit=2).solutions == 1:
            g = KIND.grade(p)
            assert g.unique and g.grade != "pin"
            assert KIND.solution(p) == answer
            return
    raise AssertionError("no unique 5×5 board among 30 seeds")


def _open_cell(s: State, rng: random.Random) -> int | None:
    """A random cell with more than one candidate (None: every cell is decided)."""
    open_cells = [c for c, m in enumerate(s.cands) if m & (m - 1)]
    return rng.choice(open_cells) if open_cells else None


def _lose_a_value(s: State, cell: int, rng: random.Random) -> None:
    """Take one of the cell's candidates away, chosen at random."""
    m = s.cands[cell]
    values = [v for v in range(m.bit_length()) if (m >> v) & 1]
    s.restrict(cell, ~(1 << rng.choice(values)), "test", "")


@pytest.mark.parametrize("seed", range(40))
def test_rules_that_keep_notes_after_changes_match_a_fresh_run(seed: int) -> None:
    # Pin, link and the value→cells index keep what they saw in the state's
    # notes and look only at what changed since: from a state some way into
    # a solve, they must say what a fresh run (no notes) says.
    rng = random.Random(seed)
    p, _ = KIND.generate(rng.randint(3, 6), rng.randint(3, 6), density=0.15, seed=seed)
    s = KIND.start(p)
    KIND.ladder.propagate(s, KIND.ladder.level_index("link"))
    for _ in range(rng.randint(1, 8)):
        cell = _open_cell(s, rng)
        if cell is None:
            break
        _lose_a_value(s, cell, rng)
    board = s.board
    assert board.value_cells(s) == board.cells_of_values(s.cands)
    for rule in (rules.pin, rules.link):
        fresh = State(board, s.cands[:])
        noted = s.copy()
        by_notes, anew = rule(noted), rule(fresh)
        if isinstance(anew, Contradiction):
            assert isinstance(by_notes, Contradiction)
        else:
            assert by_notes is anew and noted.cands == fresh.cands


def test_link_starts_over_on_a_state_that_grew() -> None:
    # States only shrink in the engine; a cell given back values it had lost
    # (a state reused by hand) must not fool link's notes.
    p, _ = KIND.generate(5, 5, density=0.2, seed=3)
    s = KIND.start(p)
    KIND.ladder.propagate(s, KIND.ladder.level_index("link"))
    assert "link" in s.notes
    cell = next(c for c, m in enumerate(s.cands) if m & (m - 1))
    s.cands[cell] = s.board.full  # every number back
    fresh = State(s.board, s.cands[:])
    by_notes, anew = rules.link(s), rules.link(fresh)
    assert by_notes is anew and s.cands == fresh.cands
    assert s.cands[cell] != s.board.full  # link took the unsupported numbers away again


def _edge_from_scratch(s: State) -> Result:
    """Edge as passes that each derive every link anew and search the
    bridges (with the low-link search) until none is left unused."""
    result: Result = NOTHING
    while True:
        links = edge_rung._Links(s)
        while True:
            bad = edge_rung._close(s, links)
            if bad is not None:
                return bad
            cut = bridges(s.grid.neighbours, links.possible, s.grid.size)
            if cut is None:
                return Contradiction("edge", "the links split the board", ())
            fresh = [(a, d) for a, d in cut if not (links.used[a] >> d) & 1]
            for a, d in fresh:
                bad = links.use(a, d)
                if bad is not None:
                    return bad
            if not fresh:
                break
        r = edge_rung._apply_links(s, links)
        if r is not PROGRESS:
            return r if isinstance(r, Contradiction) else result
        result = PROGRESS


@pytest.mark.parametrize("seed", range(60))
def test_edge_reaches_the_fixpoint_of_passes_from_scratch(seed: int) -> None:
    # Edge keeps its links in the state's notes and, on a smaller state,
    # takes away only what changed; the candidates it leaves must be those
    # of passes that derive every link anew.
    rng = random.Random(seed)
    p, answer = KIND.generate(rng.randint(3, 7), rng.randint(3, 7), density=0.1, seed=seed)
    s = KIND.start(p)
    KIND.ladder.propagate(s, KIND.ladder.level_index("link"))
    for _ in range(rng.randint(1, 3)):
        rules.edge(s)  # leaves its links in the notes
        cell = _open_cell(s, rng)
        if cell is None:
            return
        if rng.random() < 0.5:
            s.assume(cell, 1 << answer[cell])
        else:
            _lose_a_value(s, cell, rng)
        if isinstance(rules.link(s), Contradiction):
            return
        quick, slow = s.copy(), s.copy()
        got, want = rules.edge(quick), _edge_from_scratch(slow)
        if isinstance(want, Contradiction):
            assert isinstance(got, Contradiction)
            return
        assert got is want and quick.cands == slow.cands


def test_edge_searches_the_bridges_again_when_a_link_goes() -> None:
    # Edge has nothing to say about this 3×4 state and keeps its links. Once
    # r1c2 loses 3, links go and a bridge appears; working from the links it
    # kept, edge must search the bridges again, as passes from scratch do.
    p = KIND.parse("numbrix 3x4\n" + ". . . .\n" * 3)
    cands = [3142, 1038, 1160, 3749, 1115, 17, 3633, 256, 51, 3197, 2256, 2274]
    s = State(KIND.board(p), cands)
    assert rules.edge(s) is NOTHING
    s.restrict(1, ~(1 << 2), "test", "")
    slow = State(s.board, s.cands[:])
    assert rules.edge(s) is PROGRESS
    assert _edge_from_scratch(slow) is PROGRESS
    assert s.cands == slow.cands


def _values_side_by_every_interval(s: State) -> Result:
    """Block's value side, trying every interval a…z of open numbers (least
    a, then least z)."""
    cands = s.cands
    n = len(cands)
    where = s.board.cells_of_values(cands)
    open_numbers = [v for v in range(n) if where[v] & (where[v] - 1)]
    for a in open_numbers:
        for z in (z for z in open_numbers if z >= a and (a, z) != (0, n - 1)):
            cells = outside = 0
            for v in range(n):
                if a <= v <= z:
                    cells |= where[v]
                else:
                    outside |= where[v]
            if cells.bit_count() < z - a + 1:
                return Contradiction("block", "", ())
            if cells.bit_count() == z - a + 1 and cells & outside:
                span = ((1 << (z - a + 1)) - 1) << a
                for c in range(n):
                    if (cells >> c) & 1:
                        s.restrict(c, span, "block", "")
                return PROGRESS
    return NOTHING


def test_the_value_side_of_block_finds_the_interval_every_interval_would() -> None:
    # Block's value side jumps over intervals that cannot be tight; it must
    # find the first one (least a, then least z) that says something. On
    # the 10×10 bank boards a few numbers of the answer into a solve, where
    # it often has something to say.
    with Bank(SHIPPED) as bank:
        boards = list(bank.boards("numbrix", 10, 10))
    for i, b in enumerate(boards):
        p = KIND.parse(b.puzzle)
        answer = KIND.parse_solution(b.solution, p)
        rng = random.Random(i)
        s = KIND.start(p)
        KIND.ladder.propagate(s, KIND.ladder.level_index("link"))
        for cell in rng.sample(range(len(answer)), rng.randint(1, 3)):
            s.assume(cell, 1 << answer[cell])
        assert not isinstance(rules.pin(s), Contradiction)  # the answer is still there
        quick, slow = State(s.board, s.cands[:]), State(s.board, s.cands[:])
        got, want = rules._values_side(quick), _values_side_by_every_interval(slow)
        if isinstance(want, Contradiction):
            assert isinstance(got, Contradiction), b.id
        else:
            assert got is want and quick.cands == slow.cands, b.id


def _cells_side_by_every_interval(s: State) -> Result:
    """Block's cell side, trying every interval a…b (least a, then least b)."""
    cands = s.cands
    undecided = [c for c, m in enumerate(cands) if m & (m - 1)]
    placed = 0
    for m in cands:
        if not m & (m - 1):
            placed |= m
    lows = sorted({(cands[c] & -cands[c]).bit_length() - 1 for c in undecided})
    highs = sorted({cands[c].bit_length() - 1 for c in undecided})
    for a in lows:
        for z in highs:
            span = ((1 << (z - a + 1)) - 1) << a if z >= a else 0
            inside = [c for c in undecided if span and not cands[c] & ~span]
            room = (span & ~placed).bit_count()
            if len(inside) > room:
                return Contradiction("block", "", tuple(inside))
            others = [c for c in undecided if c not in inside and cands[c] & span]
            if inside and len(inside) == room and others:
                for c in others:
                    s.restrict(c, ~span, "block", "")
                return PROGRESS
    return NOTHING


@pytest.mark.parametrize("seed", range(200))
def test_the_cell_side_of_block_finds_the_interval_every_interval_would(seed: int) -> None:
    # Block's cell side skips most intervals; it must find the first one
    # (least a, then least b) that says something, as trying them all does.
    rng = random.Random(seed)
    p, answer = KIND.generate(rng.randint(4, 8), rng.randint(4, 8), density=0.1, seed=seed)
    s = KIND.start(p)
    KIND.ladder.propagate(s, KIND.ladder.level_index("link"))
    for cell in rng.sample(range(len(answer)), rng.randint(1, 4)):
        s.assume(cell, 1 << answer[cell])
    assert not isinstance(rules.pin(s), Contradiction)  # the answer is still there
    quick, slow = s.copy(), s.copy()
    got, want = rules._cells_side(quick), _cells_side_by_every_interval(slow)
    if isinstance(want, Contradiction):
        assert isinstance(got, Contradiction)
    else:
        assert got is want and quick.cands == slow.cands


@pytest.mark.parametrize("seed", range(40))
def test_edge_finds_the_bridges_the_low_link_search_finds(seed: int) -> None:
    # Edge looks for bridges only when an unused link lies on no square of
    # four possible links; the bridges it reports must be the low-link
    # search's, before any link is forced and once they all are.
    rng = random.Random(seed)
    p, answer = KIND.generate(rng.randint(3, 7), rng.randint(3, 7), density=0.1, seed=seed)
    s = KIND.start(p)
    KIND.ladder.propagate(s, KIND.ladder.level_index("link"))
    for cell in rng.sample(range(len(answer)), rng.randint(0, 3)):
        s.assume(cell, 1 << answer[cell])
    links = edge_rung._Links(s)
    for forced in (False, True):
        if forced and edge_rung._close(s, links) is not None:
            return
        cut = bridges(s.grid.neighbours, links.possible, s.grid.size)
        want = None if cut is None else {(a, d) for a, d in cut if not (links.used[a] >> d) & 1}
        got = edge_rung._fresh_bridges(s, links)
        assert (None if got is None else set(got)) == want


def test_block_has_nothing_left_to_say_at_its_levels_fixpoint() -> None:
    # Block makes one deduction a call and is no saturating rule, so the
    # ladder calls it again until it has nothing to say (on the 10×10 bank
    # boards, where Hall intervals come in runs).
    with Bank(SHIPPED) as bank:
        boards = list(bank.boards("numbrix", 10, 10))
    level = KIND.ladder.level_index("block")
    for b in boards:
        s = KIND.start(KIND.parse(b.puzzle))
        if KIND.ladder.propagate(s, level).status is Status.STALLED:
            assert rules.block(State(s.board, s.cands[:])) is NOTHING, b.id
