"""The console examples of the README and of ``docs/``: found, run and
compared with what they show.

A console example is a fenced block marked ``console``. Each line that
starts with ``$ `` is a command (a line ending in ``\\`` goes on on the
next); the lines after it, up to the next command, are what it prints,
standard output and standard error together as a terminal shows them.
Blank lines at the end of that output only separate it from the next
command. A line holding only ``...`` stands for any number of lines, and
``...`` inside a line for any text on that line; spaces at the end of a
line are not compared.

The commands of a block run in order in one shell (``bash``), in a fresh
folder holding a copy of ``examples/``, so a file one command writes is
there for the next. A command must exit with status 0 unless the next
command is ``echo $?``, which then shows the status.

An example that cannot run here says so where a reader sees it: a command
ending in ``# (not run by the docs test: REASON)``, or the comment
``<!-- not run by the docs test: REASON -->`` on the line before a block,
which leaves the whole block out.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import re
import secrets
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass

FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
BLOCK_SKIP = re.compile(r"^<!--\s*not run by the docs test:\s*(.+?)\s*-->\s*$")
COMMAND_SKIP = re.compile(r"#.*\(not run by the docs test:\s*(.+?)\)\s*$")
PROMPT = "$ "
ELISION = "..."


class ExampleError(ValueError):
    """A console block that does not read as commands and their output."""


@dataclass(frozen=True)
class Command:
    """One ``$`` command of a block and the lines shown after it."""

    line: int
    """Where the command starts in its file (1-based)."""
    text: str
    """The command as the shell reads it, continuation lines included."""
    shown: tuple[str, ...]
    """The lines shown after it, without the blank lines that end them."""
    skip: str | None = None
    """Why the docs test does not run it (None: it runs)."""


@dataclass(frozen=True)
class Block:
    """One console block of a file."""

    path: pathlib.Path
    line: int
    """Where the block's fence is (1-based)."""
    commands: tuple[Command, ...]
    skip: str | None = None
    """Why the docs test leaves the whole block out (None: it runs)."""


def blocks(path: pathlib.Path) -> list[Block]:
    """The console blocks of a markdown file, in order."""
    lines = path.read_text(encoding="utf-8").split("\n")
    found = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m or not m.group(2):
            i += 1
            continue
        start = i
        indent = len(m.group(1))
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == "```"), len(lines))
        if m.group(2) == "console":
            body = [line[indent:] for line in lines[start + 1 : end]]
            skip = _block_skip(lines, start)
            found.append(Block(path, start + 1, _commands(body, start + 2, path), skip))
        i = end + 1
    return found


def _block_skip(lines: list[str], fence: int) -> str | None:
    j = fence - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    m = BLOCK_SKIP.match(lines[j].strip()) if j >= 0 else None
    return m.group(1) if m else None


def _commands(body: list[str], first_line: int, path: pathlib.Path) -> tuple[Command, ...]:
    commands: list[Command] = []
    text: list[str] = []
    shown: list[str] = []
    line = 0

    def close() -> None:
        if text:
            command = "\n".join(text)
            m = COMMAND_SKIP.search(text[-1])
            while shown and not shown[-1].strip():
                shown.pop()
            commands.append(Command(line, command, tuple(shown), m.group(1) if m else None))

    i = 0
    while i < len(body):
        if body[i].startswith(PROMPT):
            close()
            line = first_line + i
            text = [body[i][len(PROMPT) :]]
            shown = []
            while text[-1].endswith("\\") and i + 1 < len(body):
                i += 1
                text.append(body[i])
        elif not text:
            if body[i].strip():
                where = f"{path.name}:{first_line + i}"
                raise ExampleError(f"{where}: a console block starts with a '$ ' command")
        else:
            shown.append(body[i])
        i += 1
    close()
    return tuple(commands)


def pattern(shown: tuple[str, ...]) -> re.Pattern[str]:
    """What a command's output must match: the shown lines, ``...`` eliding."""
    parts = []
    for line in shown:
        if line.strip() == ELISION:
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(piece) for piece in line.split(ELISION)) + r"\n")
    return re.compile("".join(parts))


def matches(shown: tuple[str, ...], printed: str) -> bool:
    """Whether ``printed`` is what ``shown`` shows, line for line (spaces at
    the end of a line aside: a page's editor drops them)."""
    if printed and not printed.endswith("\n"):
        printed += "\n"
    printed = re.sub(r"[ \t]+\n", "\n", printed)
    return pattern(tuple(line.rstrip() for line in shown)).fullmatch(printed) is not None


@dataclass(frozen=True)
class Ran:
    """What one command printed and its exit status."""

    command: Command
    printed: str
    status: int


def run(block: Block, folder: pathlib.Path, examples: pathlib.Path, timeout: float) -> list[Ran]:
    """Run the block's commands in ``folder`` (a copy of ``examples`` put in
    it first), one shell for the block, and what each printed."""
    shutil.copytree(examples, folder / "examples")
    home = folder / ".home"
    home.mkdir()
    mark = "\x1e" + secrets.token_hex(8)
    script = []
    ran = [c for c in block.commands if c.skip is None]
    for c in ran:
        script.append(c.text)
        script.append(f"__status=$?; printf '{mark} %d\\n' \"$__status\"; (exit $__status)")
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("PENCILBOX_") and k != "PYTHONPATH"
    }
    bin_dir = str(pathlib.Path(sys.executable).parent)
    env.update(
        PATH=bin_dir + os.pathsep + env.get("PATH", ""),
        HOME=str(home),
        PENCILBOX_CACHE=str(home / "verdicts.sqlite"),
        COLUMNS="80",
        LC_ALL="C.UTF-8",
    )
    # A session of its own, so that a timeout ends every process the block
    # started (a server it should not have started, say), not the shell alone.
    with subprocess.Popen(
        ["bash", "--noprofile", "--norc", "-c", "exec 2>&1\n" + "\n".join(script)],
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        start_new_session=True,
    ) as shell:
        try:
            raw, _ = shell.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(shell.pid, signal.SIGKILL)
            raw, _ = shell.communicate()
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(shell.pid, signal.SIGKILL)  # anything left behind
    out = raw.decode("utf-8", errors="replace")
    pieces = out.split(mark)
    results = []
    printed = pieces[0]
    for c, piece in zip(ran, pieces[1:], strict=False):
        status, _, rest = piece.partition("\n")
        results.append(Ran(c, printed, int(status)))
        printed = rest
    for c in ran[len(results) :]:  # the shell stopped before it (it exited, say)
        results.append(Ran(c, printed, -1))
        printed = ""
    return results


def mismatches(results: list[Ran]) -> list[str]:
    """Each command whose output or exit status differs from what is shown."""
    problems = []
    for i, r in enumerate(results):
        where = f"line {r.command.line}: $ {r.command.text}"
        if not matches(r.command.shown, r.printed):
            shown = "\n".join(r.command.shown)
            problems.append(f"{where}\n--- shown\n{shown}\n--- printed\n{r.printed}")
        after = results[i + 1].command.text.strip() if i + 1 < len(results) else ""
        if r.status < 0:
            problems.append(f"{where}\nnever finished: the shell stopped before it")
        elif r.status != 0 and after != "echo $?":
            problems.append(f"{where}\nexits with status {r.status} and no 'echo $?' shows it")
    return problems
