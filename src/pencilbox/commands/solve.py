"""``pencilbox solve``: the ladder's fixpoint on each puzzle, no guessing."""

from __future__ import annotations

import argparse

from pencilbox.commands.common import Handler, Result, Subcommands, add_puzzle_command, each_puzzle
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.engine.ladder import Status
from pencilbox.shapes import solved_json


def declare(commands: Subcommands) -> None:
    s = add_puzzle_command(
        commands, "solve", "propagate the ladder to a fixpoint (no guessing)", Handler(run, text)
    )
    s.add_argument("--level")


def run(args: argparse.Namespace) -> list[Result]:
    def one(kind: PuzzleKind, p: Puzzle) -> Result:
        s = kind.solve(p, level=args.level, seconds=args.seconds, budget=args.budget)
        out = solved_json(kind, p, s)
        if s.status is Status.STOPPED:
            out["stop"] = s.stop
            out["seconds"] = getattr(args, "seconds_asked", args.seconds)
        return out

    return each_puzzle(args, one)


def text(obj: Result) -> str:
    """The grid reached, then how far the fixpoint got."""
    if obj["status"] == Status.STOPPED.value and obj.get("stop") == "clock":
        tail = (
            f"; stopped by the safety clock at {obj['seconds']:g} s before the "
            f"{obj['level']} fixpoint, {obj['decided']} cells decided (allow more with --seconds)"
        )
    elif obj["status"] == Status.STOPPED.value:
        tail = (
            f"; the work budget ran out before the {obj['level']} fixpoint, "
            f"{obj['decided']} cells decided (allow more with --budget)"
        )
    else:
        tail = f"; {obj['status']} at {obj['level']}, {obj['decided']} cells decided"
    return "\n".join([*obj["grid"], tail])
