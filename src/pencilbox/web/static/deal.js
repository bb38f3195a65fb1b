// The deal controls: the rows × columns a new board may have (the limits
// /api/puzzles serves), which of them the bank holds, the request for a new
// board and the note on a board dealt from the bank.
import { $ } from "./dom.js";

// Fill the rows and columns selectors: every side /api/puzzle deals, plus the
// shown board's; columns "same" means a square board. A "*" marks a size
// the bank does not hold (generated on request).
export function showSizes(kind, shown) {
  const rowsSel = $("size"), colsSel = $("size-cols"), bank = kind.bank_sizes || [];
  const [low, high] = kind.limits.deal_sides;
  const rows0 = Number(rowsSel.value) || kind.limits.deal_default_side;
  const want = shown ? [shown.rows, shown.cols] : [rows0, Number(colsSel.value) || rows0];
  const dealt = Array.from({ length: high - low + 1 }, (_, k) => low + k);
  const sides = [...new Set([...dealt, ...want])].sort((a, b) => a - b);
  const has = (r, c) => bank.some(([br, bc]) => br === r && bc === c);
  colsSel.replaceChildren(new Option("same", ""), ...sides.map(n => new Option(String(n), String(n))));
  colsSel.value = want[1] === want[0] ? "" : String(want[1]);
  const colsOf = r => (colsSel.value ? Number(colsSel.value) : r);
  rowsSel.replaceChildren(...sides.map(r => new Option(
    `${r}×${colsOf(r)}` + (bank.length && !has(r, colsOf(r)) ? "*" : ""), String(r))));
  rowsSel.value = String(want[0]);
  rowsSel.title = bank.length ? "* not in the bank: a board is generated on request" : "";
}

// The /api/puzzle query for the board the controls ask for.
export function dealQuery() {
  return new URLSearchParams({ type: $("puzzle-type").value, size: $("size").value,
                               cols: $("size-cols").value || $("size").value, grade: $("level").value });
}

// What the game says about a board it was dealt; gradeName(type, level)
// names its grade as the player knows it ("Hard (bridge)").
export function dealtNote(p, gradeName) {
  if (p.note) return p.note;
  if (p.source !== "bank") return "";
  const g = gradeName(p.type, p.grade);
  return `${/^[aeiou]/i.test(g) ? "An" : "A"} ${g} board from the bank.`;
}

export function wire(game) {
  $("size-cols").addEventListener("change", () => showSizes(game.kinds[$("puzzle-type").value]));
}
