// Kurotto's theory: the size of every black block of two or more, and each
// numbered circle's state: "ok" (satisfied and sealed), "bad" (can no longer
// be satisfied) or "" (open).
import { groups, neighbours } from "/static/theory.js";

export function theory(p, marks) {
  const black = groups(p, i => marks[i] === "#");
  const circle = i => p.clues[i] !== null && p.clues[i] !== undefined;
  const open = groups(p, i => !circle(i) && marks[i] !== "o");  // black or undecided
  const labels = [];
  const first = new Map();
  black.id.forEach((g, i) => { if (g >= 0 && !first.has(g)) first.set(g, i); });
  for (const [g, i] of first) if (black.sizes[g] >= 2) labels.push([i, black.sizes[g]]);
  const clues = {};
  for (let i = 0; i < p.clues.length; i++) {
    if (!circle(i) || p.clues[i] < 0) continue;
    const n = p.clues[i], touching = new Set(), reach = new Set();
    for (const y of neighbours(p, i)) {
      if (black.id[y] >= 0) touching.add(black.id[y]);
      if (open.id[y] >= 0) reach.add(open.id[y]);
    }
    let sum = 0; for (const g of touching) sum += black.sizes[g];
    let most = 0; for (const g of reach) most += open.sizes[g];
    let sealed = neighbours(p, i).every(y => marks[y] || circle(y));
    if (sealed) for (let x = 0; x < marks.length; x++) {
      if (black.id[x] >= 0 && touching.has(black.id[x]) &&
          neighbours(p, x).some(y => !marks[y] && !circle(y))) { sealed = false; break; }
    }
    clues[i] = sum > n || most < n || (sealed && sum !== n) ? "bad" : (sealed && sum === n ? "ok" : "");
  }
  return { labels, clues };
}
