// The deal controls: the rows × columns a new board may have (the limits
// /api/puzzles serves), which of them the bank holds, the request for a new
// board and the note on a board dealt from the bank. Size, Columns and
// Difficulty are the next board's: choosing them deals nothing (the game on
// screen stays), and a note says what New puzzle will deal.
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
  const starred = bank.length > 0 && [...rowsSel.options].some(o => o.text.endsWith("*"));
  rowsSel.title = starred ? "* not in the bank: a board is generated on request" : "";
  $("size-note").textContent = starred ? "Sizes marked * are not in the bank: a board of that size is " +
    "made when you ask for it, which takes a few seconds." : "";
  $("size-note").hidden = !starred;
}

// Say what New puzzle will deal when the choice differs from the board on
// screen (p); gradeName(type, level) names a grade as the player knows it.
export function showPending(p, gradeName) {
  const type = $("puzzle-type").value, rows = Number($("size").value);
  const cols = Number($("size-cols").value) || rows, level = $("level").value;
  const same = p && p.type === type && p.rows === rows && p.cols === cols && (!p.grade || p.grade === level);
  $("deal-note").hidden = same;
  $("deal-note").textContent = same ? "" :
    `New puzzle deals a ${rows}×${cols} ${gradeName(type, level)} board; the one on screen stays until then.`;
}

// The /api/puzzle query for the board the controls ask for.
export function dealQuery() {
  return new URLSearchParams({ type: $("puzzle-type").value, size: $("size").value,
                               cols: $("size-cols").value || $("size").value, grade: $("level").value });
}

// What the game says about a board it was dealt; gradeName(type, level)
// names its grade as the player knows it ("Hard").
export function dealtNote(p, gradeName) {
  if (p.note) return p.note;
  if (p.source !== "bank") return "";
  const g = gradeName(p.type, p.grade);
  return `${/^[aeiou]/i.test(g) ? "An" : "A"} ${g} board from the bank.`;
}

// chose(): the player chose a size or a difficulty.
export function wire(game, { chose }) {
  $("size-cols").addEventListener("change", () => { showSizes(game.kinds[$("puzzle-type").value]); chose(); });
  $("size").addEventListener("change", chose);
}
