"""``pencilbox puzzles``: the registered puzzle types and their ladders
(and the rungs above probe, for a ladder that has some)."""

from __future__ import annotations

import argparse

import pencilbox
from pencilbox.commands.common import Handler, Result, Subcommands, add_command


def declare(commands: Subcommands) -> None:
    add_command(
        commands,
        "puzzles",
        "list the puzzle types and their ladder levels",
        Handler(run, text, spaced=False),
    )


def run(args: argparse.Namespace) -> list[Result]:
    out = []
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        listed: Result = {"type": name, "title": kind.title, "levels": list(kind.levels)}
        if kind.rungs_above:
            listed["above"] = list(kind.rungs_above)
        out.append(listed)
    return out


def text(obj: Result) -> str:
    above = f"; above probe: {', '.join(obj['above'])}" if obj.get("above") else ""
    return f"{obj['type']:<10} {obj['title']:<10} levels: {', '.join(obj['levels'])}{above}"
