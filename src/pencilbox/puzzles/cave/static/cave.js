// Cave's theory: the fence, every side of a cave cell that faces a wall or the outside.

export function theory(p, marks) {
  const edges = [], wall = i => i < 0 || marks[i] === "#";
  const at = (rr, cc) => (rr < 0 || cc < 0 || rr >= p.rows || cc >= p.cols) ? -1 : rr * p.cols + cc;
  for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) {
    if (marks[r * p.cols + c] !== "o") continue;
    if (wall(at(r - 1, c))) edges.push([r, c, r, c + 1]);
    if (wall(at(r + 1, c))) edges.push([r + 1, c, r + 1, c + 1]);
    if (wall(at(r, c - 1))) edges.push([r, c, r + 1, c]);
    if (wall(at(r, c + 1))) edges.push([r, c + 1, r + 1, c + 1]);
  }
  return { edges };
}
