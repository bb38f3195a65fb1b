// The theory a player sees live, computed by each puzzle's own module.
// A puzzle's descriptor names its module; the module exports
//   theory(p, marks) -> { edges, links, labels, clues }   (every key optional)
// where edges are lattice segments [r1, c1, r2, c2] drawn as the purple line,
// links are cell pairs [a, b] joined centre to centre, labels are [cell, text]
// shown small in a cell's corner, and clues maps a clue cell to "ok"
// (satisfied and sealed), "bad" (can no longer be satisfied) or "" (open).
// Marks are answer tokens per cell, null where empty. This file holds the
// geometry such modules share, and loads them.

const DIRS = [[-1, 0], [1, 0], [0, -1], [0, 1]];

export function neighbours(p, i) {
  const r = Math.floor(i / p.cols), c = i % p.cols, out = [];
  for (const [dr, dc] of DIRS) {
    const rr = r + dr, cc = c + dc;
    if (rr >= 0 && rr < p.rows && cc >= 0 && cc < p.cols) out.push(rr * p.cols + cc);
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

const modules = {};

// Import every puzzle's module; a puzzle whose module fails to load is drawn without theory.
export async function loadModules(kinds) {
  await Promise.all(kinds.filter(k => k.frontend?.module_url).map(async k => {
    try { modules[k.type] = await import(k.frontend.module_url); }
    catch (e) { console.warn(`no theory for ${k.type}: ${e.message}`); }
  }));
}

export function theoryOf(p, marks) {
  const m = modules[p.type];
  return m?.theory ? m.theory(p, marks) : {};
}
