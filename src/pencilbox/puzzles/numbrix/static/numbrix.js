// Numbrix's theory: the walk, joining consecutive numbers placed in adjacent cells.
import { neighbours } from "/static/theory.js";

export function theory(p, marks) {
  const where = new Map();
  marks.forEach((t, i) => { if (t) where.set(Number(t), i); });
  const links = [];
  for (const [v, i] of where) {
    const j = where.get(v + 1);
    if (j !== undefined && neighbours(p, i).includes(j)) links.push([i, j]);
  }
  return { links };
}
