// Stepping through the branches of a case-split hint.
// The hint's `case` (from /api/hint) lists branches, each with the cells it
// assumes, the cells it decided and the cells of its contradiction. A small
// bar under the hint text steps through them ([ and ] keys, or its buttons);
// each step draws that branch over the board.
import { cellName, cellRect, S } from "./board.js";

const NS = "http://www.w3.org/2000/svg";

export class CaseSteps {
  constructor(after, redraw, word) {
    this.after = after;        // the element the bar goes under (the hint text)
    this.redraw = redraw;      // called when the shown branch changes
    this.word = word;          // a value token in words ("#" -> "black")
    this.hint = null;          // the hint's `case`, or null
    this.step = -1;            // -1: no branch shown
    this.bar = null;
  }

  show(caseData) {
    this.hint = caseData || null;
    this.step = this.hint ? 0 : -1;
    this.render();
  }

  clear() { if (this.hint) this.show(null); }

  move(by) {
    if (!this.hint) return false;
    const n = this.hint.branches.length;
    this.step = (this.step + by + n) % n;
    this.render(); this.redraw();
    return true;
  }

  // [ and ] step through the branches while a case hint is shown.
  onKey(ev) {
    if (!this.hint || ev.ctrlKey || ev.metaKey || ev.altKey) return false;
    if (ev.key === "]") { this.move(1); ev.preventDefault(); return true; }
    if (ev.key === "[") { this.move(-1); ev.preventDefault(); return true; }
    return false;
  }

  render() {
    if (!this.hint) { this.bar?.remove(); this.bar = null; return; }
    if (!this.bar) {
      this.bar = document.createElement("div");
      this.bar.id = "case-steps";
      this.bar.className = "case-steps";
      this.bar.setAttribute("aria-label", "Branches of the case split");
      this.after.insertAdjacentElement("afterend", this.bar);
    }
    const h = this.hint, n = h.branches.length, b = h.branches[this.step];
    const prev = button("◀", "Previous branch ([)", () => this.move(-1));
    const next = button("▶", "Next branch (])", () => this.move(1));
    prev.id = "case-prev"; next.id = "case-next";
    const text = document.createElement("span");
    text.id = "case-branch";
    text.dataset.step = String(this.step);
    const assumed = b.assume.map(a => `${cellName(a.cell)} is ${this.word(a.value)}`).join(", then ");
    // one branch needs no stepping: it is said as the case, without buttons
    text.textContent = n > 1 ? `Branch ${this.step + 1} of ${n}: ${assumed} — ${b.reason}.`
      : `The case: ${assumed} — ${b.reason}.`;
    this.bar.replaceChildren(...(n > 1 ? [prev, next, text] : [text]));
  }

  // Draw the shown branch over the board: its decided cells faintly, the
  // contradiction's cells outlined, the assumptions boxed with their value.
  draw(svg) {
    if (!this.hint || this.step < 0) return;
    const b = this.hint.branches[this.step];
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", "case-layer");
    g.dataset.step = String(this.step);
    for (const a of b.implied) g.appendChild(token(a, "case-implied"));
    for (const [r, c] of b.cells) g.appendChild(box(r, c, "hl-case-clash", 6));
    for (const a of b.assume) {
      g.appendChild(box(a.cell[0], a.cell[1], "hl-case-assume", 1));
      g.appendChild(token(a, "case-assumed"));
    }
    svg.appendChild(g);
  }
}

function button(label, title, onclick) {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = label; b.title = title;
  b.addEventListener("click", onclick);
  return b;
}

function box(r, c, cls, inset) {
  const e = cellRect(r, c, cls, inset);
  e.dataset.r = r; e.dataset.c = c;
  return e;
}

// A value drawn small in the corner of its cell: a square for shaded, a dot
// for unshaded, the number itself otherwise.
function token(a, cls) {
  const [r, c] = a.cell, e = document.createElementNS(NS, "text");
  const glyph = a.value === "#" ? "■" : a.value === "o" ? "●" : a.value;
  for (const [k, v] of Object.entries({ class: cls, x: c * S + S - 5, y: r * S + 13 }))
    e.setAttribute(k, v);
  e.textContent = glyph;
  e.dataset.r = r; e.dataset.c = c;
  return e;
}
