// Drawing the board as SVG from the puzzle's descriptor (its "frontend" in
// /api/puzzles). Every cell is a <g class="cell"> with data-r, data-c, data-state.
import { theoryOf } from "./theory.js";

export const S = 40;          // cell size in SVG units
const PAD = 6;
const AXIS = 18;              // room for the row and column numbers (hints say "r4c6")
const GAP = 12;               // a walk's link stops this far from a cell's centre, clear of its number …
const WIDE = { 2: 16, 3: 18 };  // … and, along a row, this far from a number of 2 or 3+ digits
const NS = "http://www.w3.org/2000/svg";

// A cell's name as hints and messages give it: [3, 5] is "r4c6", row 4, column 6.
export const cellName = ([r, c]) => `r${r + 1}c${c + 1}`;

// The state a token shows as: its name ("black", "shaded"), or the number itself.
export function stateName(fe, token) {
  if (token === null || token === undefined) return "empty";
  return fe.tokens.find(t => t.token === token)?.name ?? String(token);
}

// The numbers low … high of a range on board p (high may follow the board).
export function numberRange(range, p) {
  const cells = p.rows * p.cols;
  const high = { "cells": cells, "cells-1": cells - 1, "rows+cols-1": p.rows + p.cols - 1 }[range.high];
  return [range.low, high ?? range.high];
}

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const DEFS = `
<pattern id="hatch-shade" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
  <rect width="6" height="6" fill="#3a3a46"/><line x1="0" y1="0" x2="0" y2="6" stroke="#5c5c6b" stroke-width="3"/>
</pattern>
<pattern id="hatch-error" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
  <rect width="8" height="8" fill="rgba(198,40,40,.12)"/><line x1="0" y1="0" x2="0" y2="8" stroke="rgba(198,40,40,.55)" stroke-width="2"/>
</pattern>`;

// The id of cell i of the board drawn in svg: what aria-activedescendant names.
export const cellId = (svg, i) => `${svg.id}-cell-${i}`;

// view: {puzzle, frontend, marks, cursor, hint, premises, errors, solved, focused, sheet, theory}
// (sheet: drawn for print, without the row and column numbers, centred;
// theory: false leaves the puzzle's overlay out)
export function render(svg, view) {
  const p = view.puzzle, axis = view.sheet ? 0 : AXIS;
  const W = p.cols * S + axis + 2 * PAD, H = p.rows * S + axis + 2 * PAD;
  svg.setAttribute("viewBox", `${-PAD - axis} ${-PAD - axis} ${W} ${H}`);
  svg.setAttribute("aria-rowcount", p.rows);
  svg.setAttribute("aria-colcount", p.cols);
  svg.style.setProperty("--cols", p.cols);   // a zoomed board is as wide as its columns need
  svg.classList.toggle("solved", !!view.solved);
  svg.innerHTML = `<defs>${DEFS}</defs>`;
  const cells = el("g", { class: "cells" }), labels = el("g", { class: "labels" });
  const shown = view.theory === false ? {} : theoryOf(p, view.marks);
  for (let r = 0; r < p.rows; r++) {
    const row = el("g", { role: "row" });
    for (let c = 0; c < p.cols; c++) row.appendChild(cell(p, { ...view, svg }, r, c, shown, labels));
    cells.appendChild(row);
  }
  svg.appendChild(cells);
  if (!view.sheet) svg.appendChild(axes(p));
  svg.appendChild(el("rect", { class: "frame", x: 0, y: 0, width: p.cols * S, height: p.rows * S }));
  theory(svg, p, shown, view.marks);
  svg.appendChild(labels);
  for (const [i, n] of shown.labels || []) {
    const r = Math.floor(i / p.cols), c = i % p.cols;
    svg.appendChild(el("text", { class: "blocksize", x: c * S + 4, y: r * S + 12 }, n));
  }
  for (const i of view.errors || []) box(svg, i, p, "hl-error", 3);
  for (const i of view.premises || []) box(svg, i, p, "hl-premise", 4);
  if (view.hint !== null && view.hint !== undefined) box(svg, view.hint, p, "hl-hint", 2);
  if (view.cursor !== null && view.focused) box(svg, view.cursor, p, "cursor", 5);
  if (view.cursor !== null && view.cursor !== undefined) svg.setAttribute("aria-activedescendant", cellId(svg, view.cursor));
}

// Row numbers down the left, column numbers along the top: r4c6 is row 4, column 6.
function axes(p) {
  const g = el("g", { class: "axes", "aria-hidden": "true" });
  for (let r = 0; r < p.rows; r++)
    g.appendChild(el("text", { class: "axis row", x: -AXIS / 2 - 2, y: r * S + S / 2 + 1 }, r + 1));
  for (let c = 0; c < p.cols; c++)
    g.appendChild(el("text", { class: "axis col", x: c * S + S / 2, y: -AXIS / 2 - 1 }, c + 1));
  return g;
}

// A rectangle over cell (r, c), inset from its sides: a highlight, a cursor, an outline.
export function cellRect(r, c, cls, inset, rx = 3) {
  return el("rect", { class: cls, x: c * S + inset, y: r * S + inset,
                      width: S - 2 * inset, height: S - 2 * inset, rx });
}

function box(svg, i, p, cls, inset) {
  svg.appendChild(cellRect(Math.floor(i / p.cols), i % p.cols, cls, inset));
}

// A clue drawn as its own glyph (a number, a circle), not as a given answer token.
const hasGlyph = (fe, clue) => clue !== null && clue !== undefined && fe.clue.look !== "token";

function cell(p, view, r, c, shown, labels) {
  const fe = view.frontend, i = r * p.cols + c, t = view.marks[i], given = p.given[i] !== null;
  const g = el("g", { class: "cell" + (given ? " given" : "") + (t && !given ? " mark" : ""),
                      id: cellId(view.svg, i), "data-r": r, "data-c": c, "data-state": stateName(fe, t),
                      role: "gridcell", "aria-label": label(p, fe, i, t) });
  if (given) g.setAttribute("data-given", "1");
  g.appendChild(el("rect", { class: "bg", x: c * S, y: r * S, width: S, height: S }));
  const cx = c * S + S / 2, cy = r * S + S / 2, clue = p.clues[i], glyph = hasGlyph(fe, clue);
  if (t && !(given && glyph)) {
    const draw = fe.tokens.find(k => k.token === t)?.draw;
    if (draw === "stone-black") g.appendChild(el("circle", { class: "stone-black", cx, cy, r: S * 0.36 }));
    else if (draw === "stone-white") g.appendChild(el("circle", { class: "stone-white", cx, cy, r: S * 0.34 }));
    else if (draw === "shade") g.appendChild(el("rect", { class: "shade", x: c * S + 1, y: r * S + 1,
                                                            width: S - 2, height: S - 2 }));
    else if (draw === "dot") g.appendChild(el("circle", { class: "dot", cx, cy, r: 3.5 }));
    else labels.appendChild(el("text", { class: "clue num" + (given ? " given" : "") + (t.length > 2 ? " long" : ""),
                                         x: cx, y: cy + 1 }, t));
  }
  if (glyph) clueGlyph(g, fe.clue, clue, (shown.clues || {})[i] || "", cx, cy);
  return g;
}

function clueGlyph(g, look, clue, st, cx, cy) {
  const text = clue >= 0 ? String(clue) : (look.blank?.text ?? "?");
  if (look.look === "circle") {
    g.appendChild(el("circle", { class: "circle " + st, cx, cy, r: S * 0.4 }));
    if (st === "ok") g.appendChild(el("circle", { class: "ring-ok", cx, cy, r: S * 0.3 }));
    if (st) g.setAttribute("data-circle", st);
  }
  if (text) g.appendChild(el("text", { class: "clue", x: cx, y: cy + 1 }, text));
}

// What a screen reader says of a cell: "r3c4 black", and for a clue "r1c2
// black, given" or "r1c2 empty, clue 3" (a given is not the player's).
function label(p, fe, i, t) {
  const r = Math.floor(i / p.cols) + 1, c = (i % p.cols) + 1, clue = p.clues[i];
  let s = `r${r}c${c} ${stateName(fe, t)}`;
  if (hasGlyph(fe, clue)) s += `, clue ${clue >= 0 ? clue : "?"}`;
  else if (p.given[i] !== null && p.given[i] !== undefined) s += ", given";
  return s;
}

// How far from cell i's centre a link along a row stops: clear of its number.
function across(marks, i) {
  const digits = String(marks?.[i] ?? "").length;
  return digits < 2 ? GAP : WIDE[Math.min(digits, 3)];
}

// The overlay a puzzle's module computed: edges along the lattice, links between centres.
function theory(svg, p, shown, marks) {
  const g = el("g", { class: "theory-layer" });
  const segs = shown.edges || [];
  const d = segs.map(([r1, c1, r2, c2]) => `M${c1 * S} ${r1 * S}L${c2 * S} ${r2 * S}`).join("");
  if (d) g.appendChild(el("path", { class: "theory", d, "data-segments": segs.length }));
  // a link runs between the two cells' numbers, not through them
  const walk = (shown.links || []).map(([a, b]) => {
    const ya = Math.floor(a / p.cols) * S + S / 2, xa = (a % p.cols) * S + S / 2;
    const yb = Math.floor(b / p.cols) * S + S / 2, xb = (b % p.cols) * S + S / 2;
    const sx = Math.sign(xb - xa), sy = Math.sign(yb - ya);
    const ga = sx ? across(marks, a) : GAP, gb = sx ? across(marks, b) : GAP;
    return `M${xa + sx * ga} ${ya + sy * ga}L${xb - sx * gb} ${yb - sy * gb}`;
  }).join("");
  if (walk) g.appendChild(el("path", { class: "walk", d: walk }));
  svg.appendChild(g);
}
