"""The commands of the ``pencilbox`` command line, one module each.

A command module provides ``declare(commands)``, which adds its parser to
the command line's sub-commands with :func:`common.add_command` (or
:func:`common.add_puzzle_command`) and a :class:`common.Handler`: the work
(``run``, the parsed arguments in, one JSON object per result out) and the
text form of one result. :mod:`pencilbox.cli` lists the modules and does
the rest: ``--json``, printing, errors. The commands over the kinds live
here; ``analyze``, ``bank``, ``measure`` and ``render`` live beside what they
drive (``studio/cli.py``, ``bank/cli.py``, ``measure/cli.py``,
``render/cli.py``). Every command reads FILE with :mod:`.source`.
"""
