// Drawing the board as SVG. Every cell is a <g class="cell"> with data-r, data-c, data-state.
import { frontier, fence, kurotto, walk } from "./theory.js";

export const S = 40;          // cell size in SVG units
const PAD = 6;
const NS = "http://www.w3.org/2000/svg";

const STATE_NAMES = {
  yinyang: { "#": "black", "o": "white" },
  cave: { "#": "shaded", "o": "dot" },
  kurotto: { "#": "shaded", "o": "dot" },
};

export function stateName(type, token) {
  if (token === null || token === undefined) return "empty";
  return (STATE_NAMES[type] || {})[token] || String(token);
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

// view: {puzzle, marks, cursor, hint, premises, errors, solved, focused}
export function render(svg, view) {
  const p = view.puzzle, W = p.cols * S + 2 * PAD, H = p.rows * S + 2 * PAD;
  svg.setAttribute("viewBox", `${-PAD} ${-PAD} ${W} ${H}`);
  svg.setAttribute("aria-rowcount", p.rows);
  svg.setAttribute("aria-colcount", p.cols);
  svg.classList.toggle("solved", !!view.solved);
  svg.innerHTML = `<defs>${DEFS}</defs>`;
  const cells = el("g", { class: "cells" }), labels = el("g", { class: "labels" });
  const kt = p.type === "kurotto" ? kurotto(p, view.marks) : null;
  for (let r = 0; r < p.rows; r++) {
    const row = el("g", { role: "row" });
    for (let c = 0; c < p.cols; c++) row.appendChild(cell(p, view, r, c, kt, labels));
    cells.appendChild(row);
  }
  svg.appendChild(cells);
  svg.appendChild(el("rect", { x: 0, y: 0, width: p.cols * S, height: p.rows * S, fill: "none",
                              stroke: "#1d1d26", "stroke-width": 2.5 }));
  theory(svg, p, view.marks);
  svg.appendChild(labels);
  if (kt) for (const [i, n] of kt.labels) {
    const r = Math.floor(i / p.cols), c = i % p.cols;
    svg.appendChild(el("text", { class: "blocksize", x: c * S + 4, y: r * S + 12 }, n));
  }
  for (const i of view.errors || []) box(svg, i, p, "hl-error", 3);
  for (const i of view.premises || []) box(svg, i, p, "hl-premise", 4);
  if (view.hint !== null && view.hint !== undefined) box(svg, view.hint, p, "hl-hint", 2);
  if (view.cursor !== null && view.focused) box(svg, view.cursor, p, "cursor", 5);
}

function box(svg, i, p, cls, inset) {
  const r = Math.floor(i / p.cols), c = i % p.cols;
  svg.appendChild(el("rect", { class: cls, x: c * S + inset, y: r * S + inset,
                              width: S - 2 * inset, height: S - 2 * inset, rx: 3 }));
}

function cell(p, view, r, c, kt, labels) {
  const i = r * p.cols + c, t = view.marks[i], given = p.given[i] !== null;
  const g = el("g", { class: "cell" + (given ? " given" : "") + (t && !given ? " mark" : ""),
                      "data-r": r, "data-c": c, "data-state": stateName(p.type, t),
                      role: "gridcell", "aria-label": label(p, i, t) });
  if (given) g.setAttribute("data-given", "1");
  g.appendChild(el("rect", { class: "bg", x: c * S, y: r * S, width: S, height: S }));
  const cx = c * S + S / 2, cy = r * S + S / 2, clue = p.clues[i];
  if (p.type === "yinyang") {
    if (t === "#") g.appendChild(el("circle", { class: "stone-black", cx, cy, r: S * 0.36 }));
    if (t === "o") g.appendChild(el("circle", { class: "stone-white", cx, cy, r: S * 0.34 }));
  } else if (p.type === "numbrix") {
    if (t) labels.appendChild(el("text", { class: "clue num" + (given ? " given" : "") + (t.length > 2 ? " long" : ""),
                                           x: cx, y: cy + 1 }, t));
  } else {
    if (t === "#" && !given) g.appendChild(el("rect", { class: "shade", x: c * S + 1, y: r * S + 1,
                                                        width: S - 2, height: S - 2 }));
    if (t === "o" && !given) g.appendChild(el("circle", { class: "dot", cx, cy, r: 3.5 }));
    if (clue !== null && p.type === "kurotto") {
      const st = kt.circles[i] || "";
      g.appendChild(el("circle", { class: "circle " + st, cx, cy, r: S * 0.4 }));
      if (st === "ok") g.appendChild(el("circle", { class: "ring-ok", cx, cy, r: S * 0.3 }));
      if (clue >= 0) g.appendChild(el("text", { class: "clue", x: cx, y: cy + 1 }, clue));
      if (st) g.setAttribute("data-circle", st);
    } else if (clue !== null) {
      g.appendChild(el("text", { class: "clue", x: cx, y: cy + 1 }, clue >= 0 ? clue : "?"));
    }
  }
  return g;
}

function label(p, i, t) {
  const r = Math.floor(i / p.cols) + 1, c = (i % p.cols) + 1, clue = p.clues[i];
  let s = `r${r}c${c} ${stateName(p.type, t)}`;
  if (clue !== null && p.type !== "yinyang" && p.type !== "numbrix") s += `, clue ${clue >= 0 ? clue : "?"}`;
  return s;
}

function theory(svg, p, marks) {
  const g = el("g", { class: "theory-layer" });
  if (p.type === "yinyang" || p.type === "cave") {
    const segs = p.type === "yinyang" ? frontier(p, marks) : fence(p, marks);
    const d = segs.map(([r1, c1, r2, c2]) => `M${c1 * S} ${r1 * S}L${c2 * S} ${r2 * S}`).join("");
    if (d) g.appendChild(el("path", { class: "theory", d, "data-segments": segs.length }));
  } else if (p.type === "numbrix") {
    const d = walk(p, marks).map(([a, b]) => {
      const ya = Math.floor(a / p.cols) * S + S / 2, xa = (a % p.cols) * S + S / 2;
      const yb = Math.floor(b / p.cols) * S + S / 2, xb = (b % p.cols) * S + S / 2;
      return `M${xa} ${ya}L${xb} ${yb}`;
    }).join("");
    if (d) g.appendChild(el("path", { class: "walk", d }));
  }
  svg.appendChild(g);
}
