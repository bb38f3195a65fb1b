"""The README's and the docs' console examples print what they show.

Every ``$`` command of every console block of ``README.md`` and of
``docs/**/*.md`` runs in a fresh folder holding a copy of ``examples/``
(see :mod:`tests.console` for how a block is read and compared); a block
fails when a command prints other than it shows, or exits with a status no
``echo $?`` shows. The tests below the examples' own check that the
comparison can fail.
"""

from __future__ import annotations

import pathlib

import pytest

from tests import console

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCKS = [b for page in PAGES for b in console.blocks(page)]
TIMEOUT = 600.0
"""A block's wall-clock limit, against runaway commands only."""


def _id(block: console.Block) -> str:
    return f"{block.path.relative_to(ROOT)}:{block.line}"


@pytest.mark.parametrize("block", BLOCKS, ids=_id)
def test_console_block_prints_what_it_shows(block: console.Block, tmp_path: pathlib.Path) -> None:
    if block.skip:
        pytest.skip(f"not run by the docs test: {block.skip}")
    results = console.run(block, tmp_path, ROOT / "examples", TIMEOUT)
    problems = console.mismatches(results)
    assert not problems, f"{_id(block)}:\n" + "\n\n".join(problems)


def test_the_pages_have_examples_that_run() -> None:
    ran = [c for b in BLOCKS if not b.skip for c in b.commands if c.skip is None]
    assert len(ran) >= 40, "the examples that run went missing"


def test_every_skip_says_why() -> None:
    for b in BLOCKS:
        for reason in [b.skip, *(c.skip for c in b.commands)]:
            assert reason is None or len(reason) > 3, f"{_id(b)}: a skip without its reason"


def _block(text: str, tmp_path: pathlib.Path) -> console.Block:
    page = tmp_path / "page.md"
    page.write_text(text)
    [block] = console.blocks(page)
    return block


def test_blocks_read_commands_output_and_skips(tmp_path: pathlib.Path) -> None:
    block = _block(
        "Text\n\n```console\n$ echo a \\\n  b\na b\n\n$ sleep 100  # (not run by the docs "
        "test: too slow)\n$ true\n```\n",
        tmp_path,
    )
    assert [c.text for c in block.commands] == [
        "echo a \\\n  b",
        "sleep 100  # (not run by the docs test: too slow)",
        "true",
    ]
    assert block.commands[0].shown == ("a b",)
    assert block.commands[0].line == 4
    assert block.commands[1].skip == "too slow"
    skipped = _block(
        "<!-- not run by the docs test: a server -->\n```console\n$ true\n```\n", tmp_path
    )
    assert skipped.skip == "a server"


def test_a_block_without_a_command_first_is_refused(tmp_path: pathlib.Path) -> None:
    with pytest.raises(console.ExampleError):
        _block("```console\noutput\n$ true\n```\n", tmp_path)


@pytest.mark.parametrize(
    ("shown", "printed", "same"),
    [
        (("a", "b"), "a\nb\n", True),
        (("a", "b"), "a\nb\n\n", False),  # a trailing blank line is output too
        (("a", "b"), "a\nc\n", False),
        (("a", "..."), "a\nb\nc\n", True),
        (("a", "...", "d"), "a\nd\n", True),
        (("a", "...", "d"), "a\nb\nc\n", False),
        (("took ... ms",), "took 17 ms\n", True),
        (("took ... ms",), "took 17 s\n", False),
        ((), "", True),
        ((), "something\n", False),
        (("3 0 . .",), "3 0 . . \n", True),  # spaces at a line's end aside
        (("a",), "a\n \n", False),  # a line of spaces is a blank line
    ],
)
def test_output_is_compared_line_for_line(shown: tuple[str, ...], printed: str, same: bool) -> None:
    assert console.matches(shown, printed) is same


def test_a_failing_command_must_show_its_status(tmp_path: pathlib.Path) -> None:
    examples = tmp_path / "ex"
    examples.mkdir()
    (examples / "f.txt").write_text("hello\n")
    block = _block(
        "```console\n$ cat examples/f.txt > g.txt\n$ cat g.txt\nhello\n$ cat nothing.txt\n"
        "cat: nothing.txt: No such file or directory\n$ echo $?\n1\n$ false\n```\n",
        tmp_path,
    )
    results = console.run(block, tmp_path / "run", examples, 60)
    assert [r.status for r in results] == [0, 0, 1, 0, 1]
    problems = console.mismatches(results)
    assert len(problems) == 1 and "$ false" in problems[0] and "status 1" in problems[0]
