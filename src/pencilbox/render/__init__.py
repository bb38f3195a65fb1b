"""Printable puzzle sheets: SVG pages drawn here, PNG and PDF made from them.

``marks`` is the small vocabulary a puzzle draws its clues and answers with,
``svg`` lays puzzles out on pages, ``convert`` turns pages into PNG and PDF,
``cli`` is the ``pencilbox render`` command.
"""
