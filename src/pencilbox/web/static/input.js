// Pointer geometry shared by every input mode: which cell is under a point,
// and the cells a fast drag passed over between two move events.
import { S } from "./board.js";

// The cell under the client point (x, y), or null off the grid. Uses the
// point itself, never the event's target: a touch pointer is captured by the
// element it started on, so its target never changes during a swipe.
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
