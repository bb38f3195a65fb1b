// Input shared by the game and the editor: which cell is under a point, the
// cells a fast drag passed over, long presses, the arrow keys and the undo
// keys.
import { S } from "./board.js";

// The cell under the client point (x, y) on board p (rows, cols) drawn in
// svg, or null off the grid. Uses the point itself, never the event's
// target: a touch pointer is captured by the element it started on, so its
// target never changes during a swipe.
export function cellFromPoint(svg, p, x, y) {
  const hit = document.elementFromPoint(x, y)?.closest?.(".cell");
  if (hit && svg.contains(hit)) return Number(hit.dataset.r) * p.cols + Number(hit.dataset.c);
  const ctm = svg.getScreenCTM();
  if (!ctm) return null;
  const pt = svg.createSVGPoint();
  pt.x = x; pt.y = y;
  const q = pt.matrixTransform(ctm.inverse());
  const r = Math.floor(q.y / S), c = Math.floor(q.x / S);
  if (r < 0 || c < 0 || r >= p.rows || c >= p.cols) return null;
  return r * p.cols + c;
}

// The cells from cell a to cell b (both included) along the straight line
// between them, in orthogonal steps, so a drag that jumped several cells
// between two move events covers all of them.
export function cellsBetween(cols, a, b) {
  let r = Math.floor(a / cols), c = a % cols;
  const r1 = Math.floor(b / cols), c1 = b % cols, dr = Math.abs(r1 - r), dc = Math.abs(c1 - c);
  const sr = Math.sign(r1 - r), sc = Math.sign(c1 - c), out = [a];
  let i = 0, j = 0;   // steps taken along rows and columns
  while (i < dr || j < dc) {
    // step along whichever axis is behind its share of the line
    if (j >= dc || (i < dr && (i + 0.5) * dc < (j + 0.5) * dr)) { r += sr; i++; } else { c += sc; j++; }
    out.push(r * cols + c);
  }
  return out;
}

// Stop the browser keeping a touch pointer on the element it started on.
export function releaseCapture(ev) {
  const t = ev.target;
  if (t?.hasPointerCapture?.(ev.pointerId)) t.releasePointerCapture(ev.pointerId);
}

// A press held this long (ms) is a long press: a step back, as a right
// click is (as puzz.link's editors do).
export const LONG_PRESS = 500;

// A press on a cell by a pointer: onLong() runs once it has been held
// LONG_PRESS ms. end() stops the wait and tells whether the press was still
// short (true once at most).
export class Press {
  constructor(cell, pointer, onLong) {
    this.cell = cell;
    this.pointer = pointer;
    this.over = false;
    this.timer = setTimeout(() => { this.over = true; onLong(); }, LONG_PRESS);
  }
  end() {
    clearTimeout(this.timer);
    const short = !this.over;
    this.over = true;
    return short;
  }
}

const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// The cursor after an arrow key from cell i on board p (rows, cols), kept on
// the board; null for any other key.
export function arrowMove(p, i, key) {
  const move = MOVES[key];
  if (!move) return null;
  const r = Math.min(p.rows - 1, Math.max(0, Math.floor(i / p.cols) + move[0]));
  const c = Math.min(p.cols - 1, Math.max(0, (i % p.cols) + move[1]));
  return r * p.cols + c;
}

// A key pressed with Ctrl (or ⌘) and without Alt: "undo" (Z), "redo" (Y or
// Shift+Z) or "" (any other); null for a key pressed without them.
export function commandKey(ev) {
  if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return null;
  const k = ev.key.toLowerCase();
  if (k === "z") return ev.shiftKey ? "redo" : "undo";
  return k === "y" ? "redo" : "";
}

// Whether a key goes to a form field (the page's own keys leave it alone).
export function inField(ev) {
  const tag = ev.target.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA";
}
