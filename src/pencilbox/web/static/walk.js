// Numbers: a drag from a number writes the next ones along the path
// (stepping back along it unwrites them), as one undo step.
import { cellsBetween } from "./input.js";

// The stroke a press on cell i starts: a walk when the cell holds a number, else null.
export function walkFrom(game, i) {
  const n = Number(game.marks[i]);
  if (game.marks[i] === null || game.marks[i] === undefined || !Number.isFinite(n)) return null;
  return { walk: true, n, last: i, path: [i], writes: new Map() };
}

// Extend the walk to cell j, writing the next numbers on the way while they
// are in range (inRange(n)) and agree with the givens.
export function walkTo(game, stroke, j, inRange) {
  const p = game.puzzle;
  for (const k of cellsBetween(p.cols, stroke.last, j).slice(1)) {
    const path = stroke.path;
    if (path.length > 1 && k === path[path.length - 2]) {   // stepping back unwrites
      const gone = path.pop();
      if (stroke.writes.has(gone)) { game.marks[gone] = stroke.writes.get(gone); stroke.writes.delete(gone); }
      stroke.last = k; continue;
    }
    if (path.includes(k)) return;
    const v = String(stroke.n + path.length);
    if (!inRange(Number(v))) return;
    if (p.given[k] !== null) { if (game.marks[k] !== v) return; }
    else { if (!stroke.writes.has(k)) stroke.writes.set(k, game.marks[k]); game.marks[k] = v; }
    path.push(k); stroke.last = k;
  }
}

// The stroke's writes as [[cell, token]], with the marks put back as they were.
export function walkChanges(game, stroke) {
  const out = [];
  for (const [k, before] of stroke.writes) { out.push([k, game.marks[k]]); game.marks[k] = before; }
  return out;
}
