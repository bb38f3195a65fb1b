"""axe-core, the accessibility checker (pinned in package.json, installed by
``npm ci``, as ``make lint`` runs it), on the game and the editor, in light
and dark mode, on a phone (390×844) and a laptop (1280×850): the page as it
opens (and its menu unfolded), after a Hint, and the editor with its
verdict, each accent button also while the pointer is on it; for a puzzle
played by clicks and one played by numbers (its pad shown). Any violation
fails, named with the elements it was found on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..kinds import names_with
from .test_browser import cycles, idle, open_board, open_menu, takes_numbers

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 850}}
VIOLATIONS = """async ([within, only]) => {
  const options = { resultTypes: ["violations"] };
  if (only) options.runOnly = only;
  const found = await axe.run(within ? { include: [within] } : document, options);
  return found.violations.map(v =>
    `${v.id}: ${v.help} — ${v.nodes.map(n => n.target.join(" ")).join(", ")}`);
}"""
"""axe's violations in the page (or within a selector; only some rules), in words."""
VERDICT = '#verdict:not([hidden])[aria-busy="false"][data-verdict]:not([data-verdict=""])'


@pytest.fixture(scope="module")
def axe() -> str:
    if not AXE.is_file():
        pytest.fail("axe-core is not installed: npm ci (make lint runs it) installs it")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(params=[(size, scheme) for size in SIZES for scheme in ("light", "dark")])
def page(request: Any, browser: Any, server: str) -> Iterator[Any]:
    size, scheme = request.param
    phone = size == "phone"
    ctx = browser.new_context(
        viewport=SIZES[size], color_scheme=scheme, has_touch=phone, is_mobile=phone
    )
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.base = server
    pg.shown = f"{size}, {scheme}"
    yield pg
    ctx.close()
    assert not errors, errors


def violations(
    page: Any, axe: str, within: str | None = None, only: list[str] | None = None
) -> list[str]:
    """axe's findings: injected by the test's own channel (the page's
    Content-Security-Policy stays on, and allows no injected script)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(axe)
    found: list[str] = page.evaluate(VIOLATIONS, [within, only])
    return found


def hovered(page: Any, axe: str, button: str) -> list[str]:
    """The contrast of ``button`` while the pointer is on it."""
    page.hover(button)
    return violations(page, axe, button, ["color-contrast"])


KINDS = [*names_with(cycles)[:1], *names_with(takes_numbers)[:1]]
"""A puzzle played by clicks and one played by numbers."""


@pytest.mark.parametrize("name", KINDS)
def test_axe_finds_nothing_in_the_game_and_the_editor(page: Any, axe: str, name: str) -> None:
    found: dict[str, list[str]] = {}
    open_board(page, name)
    page.mouse.move(0, 0)
    found["the game"] = violations(page, axe)
    if page.is_visible("#rules-done"):  # a first game: its rules open, Got it an accent button
        found["Got it, hovered"] = hovered(page, axe, "#rules-done")
        page.mouse.move(0, 0)
    if page.is_visible("#menu"):  # a phone: the choosing, unfolded
        open_menu(page)
        page.mouse.move(0, 0)
        found["the game, its menu open"] = violations(page, axe)
    found["New puzzle, hovered"] = hovered(page, axe, "#new")
    if page.get_attribute("#menu", "aria-expanded") == "true":
        page.click("#menu")
    page.click("#hint")
    idle(page)
    assert page.get_attribute("#status", "data-kind") == "hint", page.inner_text("#status")
    page.mouse.move(0, 0)
    found["after a Hint"] = violations(page, axe)
    found["Hint, hovered"] = hovered(page, axe, "#hint")
    open_menu(page)
    page.click("#edit")
    page.wait_for_selector(VERDICT, state="attached")
    page.mouse.move(0, 0)
    found["the editor"] = violations(page, axe)
    found["Play this, hovered"] = hovered(page, axe, "#play")
    bad = {state: v for state, v in found.items() if v}
    assert not bad, f"{name} ({page.shown}): {bad}"
