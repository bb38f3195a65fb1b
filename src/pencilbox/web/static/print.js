// The print sheet: the Print button, the sheet's heading (type, size, grade,
// URL), and whether the page is being printed (the board is then drawn as a
// sheet, without its row and column numbers).
import { $ } from "./dom.js";

export const printing = window.matchMedia("print");

export function loaded(p) {
  $("print-title").textContent = `${p.title} · ${p.rows}×${p.cols}` + (p.grade ? ` · grade ${p.grade}` : "");
  $("print-url").textContent = p.url;
}

// draw(): redraws the board when printing starts or ends.
export function wire({ draw }) {
  $("print").addEventListener("click", () => window.print());
  printing.addEventListener("change", draw);
}
