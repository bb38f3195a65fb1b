"""Reading never raises anything but the documented error: every format's
reader, and reading by content, fed any text — random, built from the
pieces each format is made of, or a valid file with bytes changed — gives
documents or a :class:`PuzzleError` (its message one line), nothing else."""

from __future__ import annotations

import base64
import json
import warnings
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pencilbox
from pencilbox.errors import PuzzleError
from pencilbox.formats import penpa_url, registry
from pencilbox.formats.base import Document

from ..kinds import kinds, names

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = [*names(), *(alias for kind in kinds() for alias in kind.aliases), "sudoku", ""]
"""Genre names a file may carry: every registered puzzle's, the other names
it is read by, a genre pencilbox does not play, and none."""
TOKENS = [
    ".",
    "-",
    "+",
    "#",
    "%",
    "=",
    "0",
    "1",
    "2",
    "3",
    "12",
    "?",
    "o",
    "x",
    "w",
    "b",
    "٣",
    "9" * 40,
]


def read_or_own_error(text: str, kind_name: str | None = None) -> None:
    kind = pencilbox.puzzle(kind_name) if kind_name else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            docs = registry.read(text, kind)
        except PuzzleError as e:
            assert "\n" not in str(e).strip(), str(e)
            return
    for doc in docs:
        assert isinstance(doc, Document)
        assert len(doc.puzzle.clues) == doc.puzzle.rows * doc.puzzle.cols


lines = st.lists(
    st.lists(st.sampled_from(TOKENS), max_size=6).map(" ".join), min_size=0, max_size=8
).map("\n".join)
numberish = st.sampled_from(["0", "1", "2", "3", "5", "30", "61", "", "x", "9" * 30])
pzprv3_text = st.builds(
    lambda h, g, r, c, body: f"{h}\n{g}\n{r}\n{c}\n{body}",
    st.sampled_from(["pzprv3", "pzprv3.1", "pzprv3.99"]),
    st.sampled_from(NAMES),
    numberish,
    numberish,
    lines,
)
janko_text = st.one_of(
    st.builds(lambda r, body: f"{r}\n{body}", numberish, lines),
    st.builds(
        lambda name, key, n, body, sol: (
            f"begin\npuzzle {name}\n{key} {n}\nproblem\n{body}\nsolution\n{sol}\nend"
        ),
        st.sampled_from(NAMES),
        st.sampled_from(["size", "rows", "cols", "unit"]),
        numberish,
        lines,
        lines,
    ),
)
json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.text(max_size=4)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=12,
)
layer = st.dictionaries(
    st.sampled_from(["number", "symbol", "surface", "line"]),
    st.dictionaries(st.integers(0, 200).map(str), json_value, max_size=6),
    max_size=4,
)


def penpa_of(header: str, centre: object, q: object, a: object, tags: object) -> str:
    text = "\n".join(
        [header, "[0,0,0,0]", "{}", json.dumps(q), json.dumps(a), json.dumps(centre)]
        + ["x"] * 11
        + [json.dumps(tags)]
    )
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress(penpa_url.shorten(text).encode()) + deflate.flush()
    return "m=edit&p=" + base64.b64encode(data).decode()


penpa_text = st.builds(
    penpa_of,
    st.builds(
        lambda t, x, y: f"{t},{x},{y},38",
        st.sampled_from(["square", "hex", "sudoku"]),
        numberish,
        numberish,
    ),
    st.one_of(st.lists(st.integers(-3, 120), max_size=30), json_value),
    st.one_of(layer, json_value),
    st.one_of(layer, json_value),
    st.one_of(st.lists(st.sampled_from(NAMES), max_size=2), json_value),
)
anything = st.one_of(
    st.text(max_size=120),
    pzprv3_text,
    janko_text,
    penpa_text,
    st.builds(lambda p: "m=edit&p=" + p, st.text(max_size=40)),
    st.builds(json.dumps, json_value),
)


@FAST
@given(anything, st.sampled_from([None, *pencilbox.puzzle_names()]))
def test_reading_gives_documents_or_the_own_error(text: str, kind: str | None) -> None:
    read_or_own_error(text, kind)


def valid_texts() -> list[str]:
    out = []
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        p, answer = kind.generate(4, 5, seed=3)
        for f in registry.FORMATS:
            if f.supports(kind):
                out.append(registry.write(f.name, kind, Document(p, answer=answer)))
    return out


VALID = valid_texts()


@FAST
@given(
    st.sampled_from(VALID),
    st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(["", "x", "9", "-", "\n", "/"]))),
)
def test_damaged_files_give_documents_or_the_own_error(
    text: str, edits: list[tuple[int, str]]
) -> None:
    for at, new in edits:
        i = at % (len(text) + 1)
        text = text[:i] + new + text[i + 1 :]
    read_or_own_error(text)


def must_fail(name: str) -> list[str]:
    """Broken files that name the puzzle ``name`` (or no puzzle)."""
    return [
        f"pzprv3\n{name}\n99999999\n2\n",
        "pzprv3\n\n\n\n",
        "begin\nsize 3\nproblem\n- - -\nend",
        "m=edit&p=" + "A" * 10,
        "m=edit&p=" + base64.b64encode(zlib.compress(b"x" * 10)).decode(),
        penpa_of("square,2,2,38", [18, 1, 5, 1], {"number": {"18": ["9" * 50, 1, "1"]}}, {}, []),
        penpa_of("square,2,2,38", [18, 1, 5], {}, {}, [name]),
    ]


@pytest.mark.parametrize(("name", "text"), [(n, t) for n in names() for t in must_fail(n)])
def test_cases_that_must_fail_cleanly(name: str, text: str) -> None:
    with pytest.raises(PuzzleError):
        registry.read(text, pencilbox.puzzle(name) if "p=" not in text else None)


def test_a_decompression_bomb_is_refused() -> None:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress(b"0" * (penpa_url.MAX_TEXT + 10)) + deflate.flush()
    with pytest.raises(PuzzleError, match="more data"):
        registry.read("m=edit&p=" + base64.b64encode(data).decode())
