// Tally's theory: an edge under every number whose cross already holds its tally.

export function theory(p, marks) {
  const edges = [];
  const at = (r, c) => (r >= 0 && r < p.rows && c >= 0 && c < p.cols ? marks[r * p.cols + c] : null);
  for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) {
    const n = p.clues[r * p.cols + c];
    if (n === null) continue;
    const cross = [at(r, c), at(r - 1, c), at(r + 1, c), at(r, c - 1), at(r, c + 1)];
    if (cross.filter((t) => t === "#").length === n) edges.push([r + 1, c, r + 1, c + 1]);
  }
  return { edges };
}
