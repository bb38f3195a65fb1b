"""Measurements of the ladders: reproducible experiments on raw generator streams.

Every measurement samples boards straight from a puzzle's generator (never
filtered by the property being measured), does each board's work as a pure
function of (type, size, density, seed) on a process pool, and writes a
markdown table and a hand-written SVG chart. ``pencilbox measure ...`` is the
command line; :mod:`pencilbox.measure.cli` wires it.
"""
