// The page on a small screen and a big board.
// - The menu: on a narrow screen the puzzle choice, the deal controls and the
//   Open box fold away behind the header's Puzzles button (body[data-menu]),
//   so the board and its Hint, Check and Undo fit the screen; a new board
//   folds them again.
// - The zoom: a board over BIG cells a side gets a Zoom button; zoomed, its
//   cells are large enough to read and tap and the board scrolls in its
//   frame (.board-wrap[data-zoom]), one finger panning it (a tap still
//   marks, a drag pans instead of painting). A narrow screen zooms such a
//   board at once, and so does any screen a board over HUGE a side (whose
//   fitted cells would be too small to read), unless the player chose.
import { $ } from "./dom.js";
import { saveSettings, settings } from "./settings.js";

const BIG = 15;
const HUGE = 20;
const narrow = window.matchMedia("(max-width: 40rem)");
let big = false, huge = false;

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

// A board is shown (the game's or the editor's): rows × cols.
export function shown(p) {
  big = Math.max(p.rows, p.cols) > BIG;
  huge = Math.max(p.rows, p.cols) > HUGE;
  showZoom();
}

export function wire() {
  $("menu").addEventListener("click", toggleMenu);
  $("edit").addEventListener("click", fold);
  $("zoom").addEventListener("click", () => {
    settings.zoom = $("zoom").getAttribute("aria-pressed") !== "true";
    saveSettings(); showZoom();
  });
  narrow.addEventListener("change", showZoom);
  document.addEventListener("board-size", ev => shown(ev.detail));   // the editor's board changed size
}
