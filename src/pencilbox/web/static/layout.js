// The page on a small screen and a big board.
// - The menu: on a narrow screen the puzzle choice, the deal controls and the
//   Open box fold away behind the header's Puzzles button (body[data-menu]),
//   so the board and its Hint, Check and Undo fit the screen; a new board
//   folds them again.
// - The zoom: a board whose cells, fitted to the screen, would be under
//   SMALL px gets a Zoom button; zoomed, its cells are large enough to read
//   and tap and the board scrolls in its frame (.board-wrap[data-zoom]), one
//   finger panning it (a tap still marks, a drag pans instead of painting).
//   A narrow screen zooms such a board at once, and so does any screen a
//   board whose fitted cells would be under TINY px, unless the player chose.
//   Hint brings its cell into view in the frame (reveal).
// - The number pad (and the pencil toggle): under the board on a narrow
//   screen, where a thumb reaches it; beside the board, under Hint, on a
//   wider one, where under the board is below the fold.
import { S } from "./board.js";
import { $ } from "./dom.js";
import { saveSettings, settings } from "./settings.js";

const SMALL = 28;
const TINY = 20;
const AROUND = 30;   // the SVG units around the cells: the row and column numbers and the margins
const FIT = 36;      // rem: the widest an unzoomed board is drawn (style.css, .board-wrap)
const narrow = window.matchMedia("(max-width: 40rem)");
let big = false, huge = false, shownBoard = null;

export function fold() { delete document.body.dataset.menu; $("menu").setAttribute("aria-expanded", "false"); }

function toggleMenu() {
  const open = document.body.dataset.menu !== "open";
  if (open) document.body.dataset.menu = "open"; else delete document.body.dataset.menu;
  $("menu").setAttribute("aria-expanded", String(open));
}

function showZoom() {
  const on = big && (settings.zoom ?? (narrow.matches || huge));
  const wrap = $("zoom-bar").closest(".board-wrap");
  if (on) wrap.dataset.zoom = "on"; else delete wrap.dataset.zoom;
  $("zoom-bar").hidden = !big;
  $("zoom").setAttribute("aria-pressed", String(on));
  $("zoom").textContent = on ? "Fit the screen" : "Zoom";
}

// The px a cell of board p gets when the board is fitted to the width it
// has unzoomed (the play area's, at most FIT rem).
function fitted(p) {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const width = Math.min(FIT * rem, document.querySelector(".play").clientWidth);
  return (width * S) / (p.cols * S + AROUND);
}

// A board is shown (the game's or the editor's): rows × cols.
export function shown(p) {
  shownBoard = { rows: p.rows, cols: p.cols };
  const cell = fitted(shownBoard);
  big = cell < SMALL;
  huge = cell < TINY;
  showZoom();
}

// Scroll a zoomed board's frame (not the page) so cell i of board p is in view.
export function reveal(svg, p, i) {
  const frame = $("board-scroll");
  if (!$("zoom-bar").closest(".board-wrap").dataset.zoom) return;
  const target = svg.querySelector(`.cell[data-r="${Math.floor(i / p.cols)}"][data-c="${i % p.cols}"]`);
  if (!target) return;
  const cell = target.getBoundingClientRect(), box = frame.getBoundingClientRect(), margin = cell.width;
  if (cell.left < box.left + margin) frame.scrollLeft -= box.left + margin - cell.left;
  else if (cell.right > box.right - margin) frame.scrollLeft += cell.right - box.right + margin;
  if (cell.top < box.top + margin) frame.scrollTop -= box.top + margin - cell.top;
  else if (cell.bottom > box.bottom - margin) frame.scrollTop += cell.bottom - box.bottom + margin;
}

function placeTools() {
  if (narrow.matches) $("board-scroll").parentElement.append($("number-tools"));
  else $("side-tools").append($("number-tools"));
}

export function wire() {
  $("menu").addEventListener("click", toggleMenu);
  $("edit").addEventListener("click", fold);
  $("zoom").addEventListener("click", () => {
    settings.zoom = $("zoom").getAttribute("aria-pressed") !== "true";
    saveSettings(); showZoom();
  });
  narrow.addEventListener("change", () => { placeTools(); if (shownBoard) shown(shownBoard); });
  window.addEventListener("resize", () => { if (shownBoard) shown(shownBoard); });
  document.addEventListener("board-size", ev => shown(ev.detail));   // the editor's board changed size
  placeTools();
}
