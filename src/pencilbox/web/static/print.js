// The print sheet: the Print button, the sheet's heading (type, size, grade,
// URL), and whether the page is being printed. A board being printed is
// drawn as a clean sheet (app.js): the clues alone, without the player's
// marks or a revealed answer, and without row and column numbers. The
// browser's own Print (Ctrl+P) does the same: beforeprint redraws the board
// before the page is laid out for paper, afterprint puts the marks back.
import { $ } from "./dom.js";

export const printing = window.matchMedia("print");
let before = false;   // between beforeprint and afterprint

export function sheet() { return before; }

// gradeName(type, level) names a grade as the player knows it ("Hard");
// a puzzle opened from elsewhere gets its grade once the verdict has it.
// The URL printed is the puzzle's own (a puzz.link one) when it is a web
// address, else this page's link to the puzzle, so the sheet always names
// a place where the puzzle opens.
export function loaded(p, gradeName) {
  $("print-title").textContent = `${p.title} · ${p.rows}×${p.cols}` +
    (p.grade ? ` · ${gradeName(p.type, p.grade)}` : "");
  $("print-url").textContent = /^https?:/.test(p.url) ? p.url : new URL(p.share, location.href).href;
}

// draw(): redraws the board when printing starts or ends.
export function wire({ draw }) {
  $("print").addEventListener("click", () => window.print());
  printing.addEventListener("change", draw);
  window.addEventListener("beforeprint", () => { before = true; draw(); });
  window.addEventListener("afterprint", () => { before = false; draw(); });
}
