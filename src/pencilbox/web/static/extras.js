// Player comforts around the board: the sizes on offer, the app's own links,
// Reveal and "show my errors" (from the puzzle's answer, asked of the
// server), the pause button, the on-screen number pad, drawing a numbered
// walk by dragging, settings kept across reloads, and the print sheet.
import { S } from "./board.js";
import { noteKey } from "./history.js";

const $ = id => document.getElementById(id);
const store = window.localStorage;
const SETTINGS = "pencilbox:settings";
const SIDES = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];   // what /api/puzzle deals

let api = null;                       // app callbacks, set by wire()
const answer = { url: null, tokens: null, asking: null, error: null };   // error: why there is none
const settings = Object.assign({ showErrors: false, pencil: false }, JSON.parse(store.getItem(SETTINGS) || "{}"));

export function article(word) { return /^[aeiou]/i.test(word) ? "An" : "A"; }

// Fill the rows and columns selectors: every side /api/puzzle deals, plus the
// shown board's; columns "same" means a square board. A "*" marks a size
// the bank does not hold (generated on request).
export function sizes(rowsSel, colsSel, bank, shown) {
  const rows0 = Number(rowsSel.value) || 6;
  const want = shown ? [shown.rows, shown.cols] : [rows0, Number(colsSel.value) || rows0];
  const sides = [...new Set([...SIDES, ...want])].sort((a, b) => a - b);
  const has = (r, c) => bank.some(([br, bc]) => br === r && bc === c);
  colsSel.replaceChildren(new Option("same", ""), ...sides.map(n => new Option(String(n), String(n))));
  colsSel.value = want[1] === want[0] ? "" : String(want[1]);
  const colsOf = r => (colsSel.value ? Number(colsSel.value) : r);
  rowsSel.replaceChildren(...sides.map(r => new Option(
    `${r}×${colsOf(r)}` + (bank.length && !has(r, colsOf(r)) ? "*" : ""), String(r))));
  rowsSel.value = String(want[0]);
  rowsSel.title = bank.length ? "* not in the bank: a board is generated on request" : "";
}

// -- a new board is shown -------------------------------------------------------------
export function loaded(game, p) {
  const fe = game.kinds[p.type].frontend;
  $("pad").hidden = fe.input !== "numbers";
  $("pencil-toggle").hidden = fe.input !== "numbers";
  notes.url = p.url; notes.cells = JSON.parse(store.getItem(NOTES + p.url) || "{}"); notes.draft = null;
  $("print-title").textContent = `${p.title} · ${p.rows}×${p.cols}` + (p.grade ? ` · grade ${p.grade}` : "");
  $("print-url").textContent = p.url;
  if (answer.url !== p.url) Object.assign(answer, { url: p.url, tokens: null, asking: null, error: null });
  showPaused(game);
  if (settings.showErrors) markErrors(game);
}

// -- the answer: Reveal and "show my errors" ----------------------------------------------
// The answer's tokens; throws, with the server's reason, when the puzzle has
// no unique answer (remembered: asked once per board) or the server is busy.
async function answerOf(game) {
  const url = game.puzzle.url;
  if (answer.url === url && answer.tokens) return answer.tokens;
  if (answer.url === url && answer.error) throw new Error(answer.error);
  if (answer.url !== url || !answer.asking) {
    Object.assign(answer, { url, tokens: null, error: null });
    answer.asking = api.call("/api/answer", { puzzle: url }).then(j => {
      if (answer.url === url) answer.tokens = j.tokens;
      return j.tokens;
    }, e => {
      if (answer.url === url && e.status === 400) answer.error = e.message;
      throw e;
    }).finally(() => { if (answer.url === url) answer.asking = null; });
  }
  return answer.asking;
}

function wrongCells(game, tokens) {
  return game.marks.flatMap((t, i) =>
    t !== null && t !== undefined && game.puzzle.given[i] === null && t !== tokens[i] ? [i] : []);
}

async function markErrors(game) {
  try {
    const tokens = await answerOf(game);
    if (!settings.showErrors || !game.puzzle || answer.url !== game.puzzle.url) return;
    game.errors = wrongCells(game, tokens);
    api.draw();
  } catch (e) {
    if (settings.showErrors && answer.url === game.puzzle?.url)
      api.say(`"Show my errors" cannot mark anything, because ${e.message}.`, "error");
  }
}

// After every change of marks: keep the errors shown when the toggle is on.
export function changed(game) {
  saveNotes();
  if (!settings.showErrors || answer.error) return;
  if (answer.tokens && answer.url === game.puzzle.url) game.errors = wrongCells(game, answer.tokens);
  else markErrors(game);
}

async function reveal(game) {   // asks the answer first: a board with none says so at once
  if (game.clock.paused) { api.say("The game is paused: resume it to reveal the answer."); return; }
  let tokens;
  try { tokens = await answerOf(game); }
  catch (e) {
    api.say(`${e.status === 400 ? "No answer to reveal" : "Cannot reveal now"}, because ${e.message}.`, "error");
    return;
  }
  if (!window.confirm("Reveal the whole answer? Your marks are replaced (Undo brings them back).")) return;
  if (api.setMarks(tokens.map((t, i) => [i, t]))) api.changed();
  api.say("The answer is revealed.", "hint");
}

// -- pausing ------------------------------------------------------------------------------
function showPaused(game) {
  $("board").classList.toggle("paused", game.clock.paused);
  $("pause").textContent = game.clock.paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(game.clock.paused));
}
function resume(game) {
  if (!game.solved && !game.clock.paused && !document.hidden) game.clock.start();
}
function togglePause(game) {
  game.clock.paused = !game.clock.paused;
  if (game.clock.paused) game.clock.stop(); else resume(game);
  showPaused(game); api.save();
}

// -- numbers: drag from a number to write the next ones along the path -------------------
export function walkFrom(game, i) {
  const n = Number(game.marks[i]);
  if (game.marks[i] === null || game.marks[i] === undefined || !Number.isFinite(n)) return null;
  return { walk: true, n, last: i, path: [i], writes: new Map() };
}

export function walkTo(game, stroke, j, cellsBetween, inRange) {
  const p = game.puzzle;
  for (const k of cellsBetween(p.cols, stroke.last, j).slice(1)) {
    const path = stroke.path;
    if (path.length > 1 && k === path[path.length - 2]) {   // stepping back unwrites
      const gone = path.pop();
      if (stroke.writes.has(gone)) { game.marks[gone] = stroke.writes.get(gone); stroke.writes.delete(gone); }
      stroke.last = k; continue;
    }
    if (path.includes(k)) return;
    const v = String(stroke.n + path.length);
    if (!inRange(Number(v))) return;
    if (p.given[k] !== null) { if (game.marks[k] !== v) return; }
    else { if (!stroke.writes.has(k)) stroke.writes.set(k, game.marks[k]); game.marks[k] = v; }
    path.push(k); stroke.last = k;
  }
}

// The stroke's writes as [[cell, token]], with the marks put back as they were.
export function walkChanges(game, stroke) {
  const out = [];
  for (const [k, before] of stroke.writes) { out.push([k, game.marks[k]]); game.marks[k] = before; }
  return out;
}

// -- after every drawing ----------------------------------------------------------------
export function drawn(game) {
  showPaused(game);
  if (game.kinds[game.puzzle.type].frontend.input === "numbers") drawNotes(game);
}

// -- pencil marks: small candidate numbers in a cell ------------------------------------
const NOTES = "pencilbox:notes:";
const notes = { url: null, cells: {}, draft: null };   // cells: {cell: [numbers]}

export function noteCells() { return notes.cells; }
function saveNotes() {
  if (notes.url) store.setItem(NOTES + notes.url, JSON.stringify(notes.cells));
}

// Set a cell's candidates (null: none) as one undo step.
function setNotes(game, i, after) {
  const before = notes.cells[i] ? [...notes.cells[i]] : null;
  if (JSON.stringify(before) === JSON.stringify(after)) { api.draw(); return; }
  if (after) notes.cells[i] = after; else delete notes.cells[i];
  game.history.push([[noteKey(i), before, after]]);
  api.changed();
}

// Clear every cell's candidates; the changes, for the caller's undo step.
export function clearNotes() {
  const out = Object.entries(notes.cells).map(([i, ns]) => [noteKey(Number(i)), ns, null]);
  notes.cells = {}; notes.draft = null;
  return out;
}

// A key typed in pencil mode: digits build a number, Enter (or Space, or the
// pad's ✓) adds it to the cell's candidates or takes it away; Backspace
// shortens the number being typed, or clears the cell's candidates. Adding,
// removing and clearing candidates are undo steps like marks.
export function pencilKey(game, key, inRange) {
  if (!settings.pencil) return false;
  const i = game.cursor, d = notes.draft?.cell === i ? notes.draft.text : "";
  if (/^[0-9]$/.test(key)) {
    const text = inRange(Number(d + key)) ? String(Number(d + key)) : key;
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
  api.draw();
  return true;
}

const SVG = "http://www.w3.org/2000/svg";
function drawNotes(game) {
  const svg = $("board"), p = game.puzzle, cols = p.cols;
  const shown = Object.entries(notes.cells).map(([i, ns]) => [Number(i), ns.join(" ")]);
  if (notes.draft && settings.pencil) {
    const k = shown.findIndex(([i]) => i === notes.draft.cell);
    const text = (k >= 0 ? shown[k][1] + " " : "") + notes.draft.text + "…";
    if (k >= 0) shown[k] = [notes.draft.cell, text]; else shown.push([notes.draft.cell, text]);
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

// -- the controls ----------------------------------------------------------------------------
export function wire(game, app) {
  api = app;
  const box = $("show-errors");
  box.checked = settings.showErrors;
  box.addEventListener("change", () => {
    settings.showErrors = box.checked;
    store.setItem(SETTINGS, JSON.stringify(settings));
    if (!game.puzzle) return;
    if (box.checked) markErrors(game); else { game.errors = []; api.draw(); }
  });
  const pencil = $("pencil");
  pencil.checked = settings.pencil;
  pencil.addEventListener("change", () => {
    settings.pencil = pencil.checked; notes.draft = null;
    store.setItem(SETTINGS, JSON.stringify(settings));
    if (game.puzzle) api.draw();
  });
  $("reveal").addEventListener("click", () => game.puzzle && reveal(game));
  $("pause").addEventListener("click", () => game.puzzle && togglePause(game));
  $("print").addEventListener("click", () => window.print());
  document.addEventListener("visibilitychange", () => {
    if (!game.puzzle) return;
    if (document.hidden) { game.clock.stop(); api.save(); } else resume(game);
  });
  $("pad").addEventListener("click", ev => {
    const key = ev.target.closest?.("button")?.dataset.key;
    if (!key || !game.puzzle) return;
    app.typeDigit(key);
    $("board").focus({ preventScroll: true });
  });
  $("size-cols").addEventListener("change", () => {
    sizes($("size"), $("size-cols"), game.kinds[$("puzzle-type").value]?.bank_sizes || []);
  });
}

// What a stalled hint adds about the board: whether it has one answer at all.
export function answersText(count) {
  if (count === "several") return "this board is not unique: it has more than one answer, so no rule can decide it.";
  if (count === "none") return "this board has no answer at all.";
  if (count === "one") return "the board has one answer, but reaching it needs a guess.";
  return "this board needs a guess (the solver could not tell within its budget whether it is unique).";
}
