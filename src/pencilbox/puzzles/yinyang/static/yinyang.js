// Yin-Yang's theory: the frontier, every edge between a black and a white cell.

export function theory(p, marks) {
  const edges = [];
  for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) {
    const a = marks[r * p.cols + c];
    if (!a) continue;
    if (c + 1 < p.cols) { const b = marks[r * p.cols + c + 1]; if (b && b !== a) edges.push([r, c + 1, r + 1, c + 1]); }
    if (r + 1 < p.rows) { const b = marks[(r + 1) * p.cols + c]; if (b && b !== a) edges.push([r + 1, c, r + 1, c + 1]); }
  }
  return { edges };
}
