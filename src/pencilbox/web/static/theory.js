// The theory a player sees live: frontier, fence, Kurotto blocks and circles, the walk.
// Marks are answer tokens per cell: "#" / "o" for shading puzzles, "12" for Numbrix, null empty.

const DIRS = [[-1, 0], [1, 0], [0, -1], [0, 1]];

export function neighbours(p, i) {
  const r = Math.floor(i / p.cols), c = i % p.cols, out = [];
  for (const [dr, dc] of DIRS) {
    const rr = r + dr, cc = c + dc;
    if (rr >= 0 && rr < p.rows && cc >= 0 && cc < p.cols) out.push(rr * p.cols + cc);
  }
  return out;
}

// Edges [r1, c1, r2, c2] in lattice points, between a black and a white cell.
export function frontier(p, marks) {
  const out = [];
  for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) {
    const a = marks[r * p.cols + c];
    if (!a) continue;
    if (c + 1 < p.cols) { const b = marks[r * p.cols + c + 1]; if (b && b !== a) out.push([r, c + 1, r + 1, c + 1]); }
    if (r + 1 < p.rows) { const b = marks[(r + 1) * p.cols + c]; if (b && b !== a) out.push([r + 1, c, r + 1, c + 1]); }
  }
  return out;
}

// Cave's fence: every side of a cave cell that faces a wall or the outside.
export function fence(p, marks) {
  const out = [], wall = i => i < 0 || marks[i] === "#";
  for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) {
    if (marks[r * p.cols + c] !== "o") continue;
    const at = (rr, cc) => (rr < 0 || cc < 0 || rr >= p.rows || cc >= p.cols) ? -1 : rr * p.cols + cc;
    if (wall(at(r - 1, c))) out.push([r, c, r, c + 1]);
    if (wall(at(r + 1, c))) out.push([r + 1, c, r + 1, c + 1]);
    if (wall(at(r, c - 1))) out.push([r, c, r + 1, c]);
    if (wall(at(r, c + 1))) out.push([r, c + 1, r + 1, c + 1]);
  }
  return out;
}

// Orthogonally connected groups of cells where pred holds: block id per cell, sizes.
export function groups(p, pred) {
  const id = new Array(p.rows * p.cols).fill(-1), sizes = [];
  for (let s = 0; s < id.length; s++) {
    if (id[s] >= 0 || !pred(s)) continue;
    const g = sizes.length; let n = 0; const stack = [s]; id[s] = g;
    while (stack.length) {
      const x = stack.pop(); n++;
      for (const y of neighbours(p, x)) if (id[y] < 0 && pred(y)) { id[y] = g; stack.push(y); }
    }
    sizes.push(n);
  }
  return { id, sizes };
}

// Kurotto: block sizes and each numbered circle's state: "ok" (satisfied and
// sealed), "bad" (can no longer be satisfied) or "" (open).
export function kurotto(p, marks) {
  const black = groups(p, i => marks[i] === "#");
  const circle = i => p.clues[i] !== null && p.clues[i] !== undefined;
  const open = groups(p, i => !circle(i) && marks[i] !== "o");  // black or undecided
  const labels = [];
  const first = new Map();
  black.id.forEach((g, i) => { if (g >= 0 && !first.has(g)) first.set(g, i); });
  for (const [g, i] of first) if (black.sizes[g] >= 2) labels.push([i, black.sizes[g]]);
  const circles = {};
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
    circles[i] = sum > n || most < n || (sealed && sum !== n) ? "bad" : (sealed && sum === n ? "ok" : "");
  }
  return { labels, circles };
}

// Numbrix: segments between consecutive numbers placed in adjacent cells.
export function walk(p, marks) {
  const where = new Map();
  marks.forEach((t, i) => { if (t) where.set(Number(t), i); });
  const out = [];
  for (const [v, i] of where) {
    const j = where.get(v + 1);
    if (j !== undefined && neighbours(p, i).includes(j)) out.push([i, j]);
  }
  return out;
}
