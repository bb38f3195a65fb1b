// Sharing a board: the link to the puzzle, with the player's marks when
// "with my marks" is ticked (…/?p=URL&m=MARKS: opening it puts the marks on
// the board), and, for a puzzle puzz.link plays, a puzz.link file of the
// puzzle with the marks (POST /api/export), which puzz.link opens too.
import { get, post } from "./api.js";
import { $ } from "./dom.js";

// Marks as text for a link: for a puzzle played by cycling, one digit a cell
// (0 empty, k the k-th token); for numbers, the numbers joined by dots (an
// empty cell is nothing between two dots).
export function encodeMarks(fe, marks) {
  if (fe.input === "numbers") return marks.map(t => t ?? "").join(".");
  return marks.map(t => String(t === null ? 0 : fe.tokens.findIndex(k => k.token === t) + 1)).join("");
}

// The tokens a link's marks stand for (null: empty), or null when they do
// not fit a board of n cells.
export function decodeMarks(fe, text, n) {
  const parts = fe.input === "numbers" ? text.split(".") : [...text];
  if (parts.length !== n) return null;
  if (fe.input === "numbers") return parts.map(t => (/^\d+$/.test(t) ? String(Number(t)) : null));
  return parts.map(d => fe.tokens[Number(d) - 1]?.token ?? null);
}

let formats = null;   // the promise of /api/formats, asked once

// The share link of the board on screen, with its marks when asked.
export function update(game, fe) {
  const link = new URL(game.puzzle.share, location.href);
  if ($("share-marks").checked && game.marks.some((t, i) => t !== null && game.puzzle.given[i] === null))
    link.searchParams.set("m", encodeMarks(fe, game.marks));
  $("share").href = link.href;
}

// A board is shown: offer the puzz.link file when its type has one.
export async function loaded(p) {
  $("save-file").hidden = true;
  try {
    formats ??= get("formats");
    const all = await formats;
    $("save-file").hidden = !all.some(f => f.name === "pzprv3" && f.types.includes(p.type));
  } catch { formats = null; }
}

async function saveFile(game, { say, rows }) {
  try {
    const j = await post("export", { puzzle: game.puzzle.url, type: game.puzzle.type, format: "pzprv3",
                                     marks: rows(game.marks) }, { busy: true });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([j.text], { type: "text/plain" }));
    a.download = j.filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    say(`Saved ${j.filename}: puzz.link opens it with your marks, and so does Open here.`);
  } catch (e) { say(`The file was not written: ${e.message}.`, "error"); }
}

// app: {say, rows(marks), look()}
export function wire(game, app) {
  $("share-marks").addEventListener("change", () => game.puzzle && update(game, app.look()));
  $("save-file").addEventListener("click", () => game.puzzle && saveFile(game, app));
}
