// Pencil marks: small numbers a cell of a numbers puzzle might hold, typed
// in pencil mode, kept per board across reloads, undone and redone like
// marks, and read out with the cell ("r2c3 empty, pencil marks 4, 6").
import { cellId, S } from "./board.js";
import { $ } from "./dom.js";
import { noteKey } from "./history.js";
import { saveSettings, settings } from "./settings.js";
import { KEYS, read, write } from "./storage.js";

const SVG = "http://www.w3.org/2000/svg";
const notes = { url: null, cells: {}, draft: null };   // cells: {cell: [numbers]}
let app = null;                                         // the game's callbacks, set by wire()

// A new board is shown: its pencil marks, and the toggle for a numbers puzzle.
export function loaded(p, fe) {
  $("pencil-toggle").hidden = fe.input !== "numbers";
  notes.url = p.url; notes.cells = read(KEYS.notes(p.url), {}); notes.draft = null;
}

export function noteCells() { return notes.cells; }

export function saveNotes() {
  if (notes.url) write(KEYS.notes(notes.url), notes.cells);
}

// Set a cell's candidates (null: none) as one undo step.
function setNotes(game, i, after) {
  const before = notes.cells[i] ? [...notes.cells[i]] : null;
  if (JSON.stringify(before) === JSON.stringify(after)) { app.draw(); return; }
  if (after) notes.cells[i] = after; else delete notes.cells[i];
  game.history.push([[noteKey(i), before, after]]);
  app.changed();
}

// Clear every cell's candidates; the changes, for the caller's undo step.
export function clearNotes() {
  const out = Object.entries(notes.cells).map(([i, ns]) => [noteKey(Number(i)), ns, null]);
  notes.cells = {}; notes.draft = null;
  return out;
}

// A key typed in pencil mode: digits build a number, Enter (or Space, or the
// pad's ✓) adds it to the cell's pencil marks or takes it away; Backspace
// shortens the number being typed, or clears the cell's pencil marks. Adding,
// removing and clearing them are undo steps like marks. A digit that takes
// the number past the board's range starts a new one, and says so
// (tooFar(number, digit)).
export function pencilKey(game, key, inRange, tooFar) {
  if (!settings.pencil) return false;
  const i = game.cursor, d = notes.draft?.cell === i ? notes.draft.text : "";
  if (/^[0-9]$/.test(key)) {
    const joined = Number(d + key), fits = inRange(joined);
    if (d && !fits) tooFar(joined, key);
    const text = fits ? String(joined) : key;
    notes.draft = { cell: i, text };
  } else if (key === "Enter") {
    if (!d || !inRange(Number(d))) return true;
    const n = Number(d), have = notes.cells[i] || [];
    const next = have.includes(n) ? have.filter(x => x !== n) : [...have, n].sort((x, y) => x - y);
    notes.draft = null;
    setNotes(game, i, next.length ? next : null);
    return true;
  } else if (key === "Backspace" && d) {
    notes.draft = d.length > 1 ? { cell: i, text: d.slice(0, -1) } : null;
  } else if (key === "Backspace" || key === "Delete") {
    notes.draft = null;
    setNotes(game, i, null);
    return true;
  } else return false;
  app.draw();
  return true;
}

// Draw the candidates (and the number being typed) in the empty cells.
export function drawNotes(game) {
  const svg = $("board"), p = game.puzzle, cols = p.cols;
  const shown = Object.entries(notes.cells).map(([i, ns]) => [Number(i), ns.join(" ")]);
  if (notes.draft && settings.pencil) {
    const k = shown.findIndex(([i]) => i === notes.draft.cell);
    const text = (k >= 0 ? shown[k][1] + " " : "") + notes.draft.text + "…";
    if (k >= 0) shown[k] = [notes.draft.cell, text]; else shown.push([notes.draft.cell, text]);
  }
  for (const [i, ns] of Object.entries(notes.cells)) {   // the cell's label says them too
    const cell = svg.querySelector(`#${cellId(svg, Number(i))}`);
    if (cell && (game.marks[i] === null || game.marks[i] === undefined))
      cell.setAttribute("aria-label", `${cell.getAttribute("aria-label")}, pencil marks ${ns.join(", ")}`);
  }
  for (const [i, text] of shown) {
    if (game.marks[i] !== null && game.marks[i] !== undefined) continue;
    const t = document.createElementNS(SVG, "text");
    t.setAttribute("class", "note"); t.setAttribute("data-cell", String(i));
    // short lines ("12 34") inside the cursor's frame
    const lines = [];
    for (const w of text.split(" ")) {
      const last = lines[lines.length - 1];
      if (last !== undefined && (last + " " + w).length <= 5) lines[lines.length - 1] = last + " " + w;
      else lines.push(w);
    }
    lines.forEach((words, k) => {
      const line = document.createElementNS(SVG, "tspan");
      line.setAttribute("x", String((i % cols) * S + 8));
      line.setAttribute("y", String(Math.floor(i / cols) * S + 15 + 9 * k));
      line.textContent = words;
      t.appendChild(line);
    });
    svg.appendChild(t);
  }
}

// game's callbacks: {draw, changed}
export function wire(game, callbacks) {
  app = callbacks;
  const pencil = $("pencil");
  pencil.checked = settings.pencil;
  pencil.addEventListener("change", () => {
    settings.pencil = pencil.checked; notes.draft = null;
    saveSettings();
    if (game.puzzle) { app.draw(); $("board").focus({ preventScroll: true }); }   // the typing goes on
  });
}
