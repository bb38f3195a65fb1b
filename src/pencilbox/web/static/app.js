// The pencilbox game: choose, play, hint, check. The solver runs behind /api/.
// The comforts around the board live in their own modules: the deal controls
// (deal.js), the Open box (open.js), "show my errors" and Reveal (answer.js),
// pausing (pause.js), the print sheet (print.js), and for numbers the pad
// (pad.js), pencil marks (pencil.js) and drawing a walk (walk.js); the level
// controls and the rungs' names (levels.js), the phone's folding menu, big
// boards' zoom and where the pad goes (layout.js); the rules with their
// example (rulescard.js), sharing (share.js) and the player's records
// (records.js).
//
// Nothing the player typed or chose is lost: a board replacing a game in
// progress (New puzzle, another Puzzle, Open) keeps that game one Undo away;
// a deal that lands leaves alone the Open box and the size or difficulty
// chosen while it was on its way; and the status line speaks only of the
// board on screen (an answer about an older board is dropped, and a move
// clears what was said about the board before it).
import * as answer from "./answer.js";
import * as api from "./api.js";
import { cellName, numberRange, render } from "./board.js";
import { CaseSteps } from "./cases.js";
import * as deal from "./deal.js";
import { $, capital, counted, statusLine } from "./dom.js";
import { History, markPut } from "./history.js";
import { arrowMove, cellFromPoint, cellsBetween, commandKey, inField, Press, releaseCapture } from "./input.js";
import * as layout from "./layout.js";
import * as levels from "./levels.js";
import * as openBox from "./open.js";
import * as pad from "./pad.js";
import * as pause from "./pause.js";
import * as pencil from "./pencil.js";
import * as print from "./print.js";
import * as records from "./records.js";
import * as rulesCard from "./rulescard.js";
import { saveSettings, settings } from "./settings.js";
import * as share from "./share.js";
import { KEYS, read, remove, write } from "./storage.js";
import { loadModules } from "./theory.js";
import { Clock } from "./timer.js";
import { walkChanges, walkFrom, walkTo } from "./walk.js";

const CLEAR_KEYS = ["0", "Backspace", "Delete"];
const say = statusLine("status");
const steps = new CaseSteps($("status"), () => draw(), t => word(t));

const game = {
  kinds: {}, puzzle: null, marks: [], history: new History(), cursor: 0, focused: false,
  hint: null, premises: [], errors: [], pending: null, solved: false,
  revealed: false,   // the answer on the board was revealed, not found
  clock: new Clock(), typing: false,
  version: 0,        // the board's changes so far: an answer about an older one is dropped
  previous: null,    // the game in progress a new board replaced: Undo brings it back
  next: null,        // the board Undo left for that one: Redo goes back to it
  helped: false,     // Hint filled a cell in: the time is no best time
  recorded: false,   // the solve is in the records (a board counts once)
};

// -- API: the game's calls mark the page busy until they answer --------------
const call = (name, body) => body === undefined ? api.get(name, { busy: true }) : api.post(name, body, { busy: true });

// The static site's engine (engine.js) is still starting: the board is
// playable, and Hint and Check wait for it, saying so.
const engineStarting = () => document.body.dataset.engine === "starting";
const STARTING = "The engine is starting in this page: the answer comes as soon as it is ready…";

// -- marks as text rows (the API's format) -----------------------------------
function rowsOf(marks) {
  const p = game.puzzle, out = [];
  for (let r = 0; r < p.rows; r++)
    out.push(marks.slice(r * p.cols, (r + 1) * p.cols).map(t => t ?? "?").join(" "));
  return out;
}
const cellOf = ([r, c]) => r * game.puzzle.cols + c;

// -- the puzzle's descriptor: its tokens, input and look ---------------------------
const look = () => game.kinds[game.puzzle.type].frontend;
const numbers = () => look().input === "numbers";
function inRange(n) {
  const [low, high] = numberRange(look().numbers, game.puzzle);
  return n >= low && n <= high;
}

// -- saving ------------------------------------------------------------------------
function save() {
  if (!game.puzzle) return;
  write(KEYS.board(game.puzzle.url), { marks: game.marks, elapsed: game.clock.ms(), solved: game.solved,
                                       revealed: game.revealed, message: game.solvedMessage,
                                       history: game.history, cursor: game.cursor,
                                       helped: game.helped, recorded: game.recorded });
  write(KEYS.last, { puzzle: game.puzzle, level: $("level").value, hintLevel: $("hint-level").value,
                     previous: game.previous, next: game.next });
}

// A game in progress: the player has made a mark, and not finished it.
const inProgress = () => game.puzzle && !game.solved &&
  game.marks.some((t, i) => t !== null && game.puzzle.given[i] === null);

// Another board is about to replace the one on screen: keep a game in
// progress one Undo away.
function leaving(next) {
  if (!game.puzzle || next.url === game.puzzle.url) return;
  save();
  game.next = null;
  game.previous = inProgress() ? game.puzzle : null;
}

// -- loading a puzzle ---------------------------------------------------------------
// The studio and the engine learn of each board shown from this event.
function tellShown(puzzle) {
  document.dispatchEvent(new CustomEvent("puzzle-shown", { detail: { puzzle, kind: game.kinds[puzzle.type] } }));
}

// keepChoice: the player chose a size or difficulty while the board was on
// its way, so the deal controls keep it.
function load(puzzle, note = "", { keepChoice = false } = {}) {
  game.puzzle = puzzle;
  game.version += 1;
  const saved = read(KEYS.board(puzzle.url));
  game.marks = puzzle.given.map((g, i) => g ?? (saved?.marks?.[i] ?? null));
  game.history = History.from(saved?.history);
  game.clock = new Clock(saved?.elapsed || 0);
  game.solved = !!saved?.solved;
  game.revealed = !!saved?.revealed;
  game.solvedMessage = saved?.message;
  game.helped = !!saved?.helped;
  game.recorded = !!saved?.recorded;
  if (!game.solved && !document.hidden) game.clock.start();
  game.cursor = Number.isInteger(saved?.cursor) ? saved.cursor : 0; game.hint = null; game.premises = []; game.errors = []; game.pending = null;
  steps.clear();
  $("puzzle-type").value = puzzle.type;
  levels.show(puzzle.type, $("level").value, $("hint-level").value);
  markSizes(puzzle.type, keepChoice ? undefined : puzzle);
  deal.showPending(puzzle, levels.gradeName);
  $("title").textContent = `${puzzle.title} ${puzzle.rows}×${puzzle.cols}`;
  showGrade(puzzle.grade);
  const fe = look();
  share.update(game, fe); share.loaded(puzzle);
  $("rules").textContent = game.kinds[puzzle.type]?.summary || "";
  rulesCard.loaded(game.kinds[puzzle.type], explain());
  pad.loaded(fe); pencil.loaded(puzzle, fe); print.loaded(puzzle, levels.gradeName);
  answer.loaded(game, puzzle); pause.showPaused(game); layout.shown(puzzle);
  records.show(puzzle, levels.gradeName);
  tick();
  history.replaceState(null, "", "/?p=" + encodeURIComponent(puzzle.url));
  tellShown(puzzle);
  const back = game.previous ? "Undo brings back the game you were playing." : "";
  say(game.solved ? solvedText() : [note, back].filter(Boolean).join(" "), game.solved ? solvedKind() : "");
  save(); draw();
}

// The grade beside the title, by its player's name ("Hard").
function showGrade(grade) {
  const p = game.puzzle;
  const name = grade === "beyond" ? "beyond Fiendish" : levels.gradeName(p.type, grade);
  $("grade").textContent = grade ? `· ${name}` : "";
  $("source").textContent = !grade ? "" : p.source === "generated" ? ", generated" : p.source === "bank" ? ", from the bank" : "";
}

// The help that depends on the puzzle: pointer, keys, theory; returns how
// its cells are filled in, for the rules.
function explain() {
  const fe = look();
  const keys = ks => ks.flatMap((k, j) => {
    const e = document.createElement("kbd");
    e.textContent = k.length === 1 ? k.toUpperCase() : k;
    return j ? ["/", e] : [e];
  });
  const how = numbers()
    ? "Tap a cell, then type its number (or use the pad); drag from a number to write the next ones."
    : `Tap a cell to make it ${fe.tokens.map(t => t.name).join(", then ")}; a long press or right click ` +
      "goes back; drag to paint several.";
  $("pointer-help").textContent = how;
  $("keys-help").replaceChildren(...(numbers()
    ? ["type a number; ", ...keys(["Backspace"]), " deletes a digit."]
    : ["Space cycles; ", ...fe.tokens.flatMap(t => [...keys(t.keys), ` ${t.name}, `]),
       ...keys(CLEAR_KEYS.slice(0, 2)), " clear."]));
  $("theory-help").textContent = fe.theory?.help || "";
  $("theory-help").hidden = !fe.theory;
  $("show-theory").closest("label").hidden = !fe.theory;
  $("theory-name").textContent = fe.theory ? `Show the theory (the ${fe.theory.name})` : "";
  return how;
}

const REVEALED = "The answer is revealed: this board was shown, not solved. Undo brings your marks back.";
function solvedText() { return game.solvedMessage || (game.revealed ? REVEALED : "Solved!"); }
function solvedKind() { return game.revealed ? "revealed" : "solved"; }

function markSizes(type, shown) {   // the rows × columns on offer; say which the bank holds
  deal.showSizes(game.kinds[type], shown);
}

let asked = 0;   // boards asked for (dealt or opened): only the latest may load
let chosen = 0;  // sizes and difficulties the player chose: one chosen since a deal was asked is kept

async function newPuzzle() {
  say("Dealing a board…");
  // the board asked for is the one the controls showed at the press: a size chosen since is the next's
  const mine = ++asked, choice = chosen, typed = $("url").value, query = "puzzle?" + deal.dealQuery();
  try {
    let p = await call(query);
    // the board on screen dealt again (a small shelf): another, where the shelf has one
    for (let k = 0; k < 2 && mine === asked && p.url === game.puzzle?.url; k++) p = await call(query);
    if (mine !== asked) return;   // the player has asked for another board since
    if (p.url === game.puzzle?.url && inProgress()) {   // still the same: it starts afresh, one Undo away
      if (setMarks(game.marks.map((_, i) => [i, null]), pencil.clearNotes())) changed();
      layout.fold();
      say("The bank dealt this board again: it starts afresh. Undo brings your marks back.");
      return;
    }
    leaving(p);
    remove(KEYS.board(p.url)); remove(KEYS.notes(p.url));
    // the Open box held the last board's URL; what was typed there since is the player's
    if ($("url").value === typed) { $("url").value = ""; openBox.fold(); }
    layout.fold();
    load(p, deal.dealtNote(p, levels.gradeName), { keepChoice: chosen !== choice });
  } catch (e) { if (mine === asked) say(e.message, "error"); }
}

// Open a puzzle in any format the API reads: a URL, or the text of a file
// (a puzz.link file, Janko text, a text grid). Text that does not say its
// type is read as the type on screen. A saved game brings the player's marks.
async function openUrl(url) {
  const mine = ++asked, choice = chosen;
  try {
    const p = await call("parse", { puzzle: openBox.unwrap(url), fallback_type: $("puzzle-type").value });
    if (mine !== asked) return;
    const marks = p.marks;
    delete p.marks; delete p.answer;   // the puzzle is kept; the marks go on the board
    leaving(p);
    openBox.fold(); layout.fold();
    load(p, p.note, { keepChoice: chosen !== choice });
    if (marks) takeMarks(marks.flatMap(r => r.trim().split(/\s+/)).map(t => t === "?" ? null : t), p.note);
    return true;
  } catch (e) { if (mine === asked) say(`Could not open that puzzle: ${e.message}`, "error"); }
  return false;
}

// The marks a saved game or a shared link carries (a token per cell, null
// where empty), put on the board as one undo step over whatever the player
// had on it.
function takeMarks(tokens, note) {
  if (!tokens || tokens.length !== game.marks.length) return;
  const n = tokens.filter((t, i) => t !== null && game.puzzle.given[i] === null).length;
  if (setMarks(tokens.map((t, i) => [i, t]))) changed();
  if (!game.solved) say([note, `Opened with the ${counted(n, "mark")} it was saved with.`].filter(Boolean).join(" "));
}

// -- changing marks -----------------------------------------------------------------
function setMarks(changes, also = []) {   // [[cell, token]] -> one undo step, with changes already made
  const step = [...also];
  for (const [i, t] of changes) {
    if (game.puzzle.given[i] !== null || game.marks[i] === t) continue;
    step.push([i, game.marks[i], t]);
    game.marks[i] = t;
  }
  if (step.length) game.history.push(step);
  return step.length > 0;
}
// After every change of marks. revealed: the change put the answer on the
// board (Reveal); a board left with empty cells is no longer a revealed one.
function changed({ revealed = false } = {}) {
  game.version += 1;
  game.hint = null; game.premises = []; game.errors = []; game.pending = null;
  const full = game.marks.every(t => t !== null);
  if (revealed) game.revealed = true;
  else if (!full) game.revealed = false;
  if (game.solved) {
    game.solved = false; game.solvedMessage = undefined;
    if (!game.clock.paused && !document.hidden) game.clock.start();
  }
  say("");   // whatever was said (a hint, a check) was about the board before
  pencil.saveNotes();
  answer.changed(game);
  steps.clear();
  share.update(game, look());
  save(); draw();
  if (full) check(true);
}
// Undo and Redo step through the board's moves, and past its first one to
// the game in progress it replaced (and back).
function undo() {
  if (game.history.undo(markPut(game.marks, pencil.noteCells()))) { changed(); return; }
  if (!game.previous) return;
  const back = game.previous, left = game.puzzle;
  save();
  game.previous = null;
  load(back, "Back to the game you were playing. Redo returns to the new board.");
  game.next = left; save(); draw();
}
function redo() {
  if (game.history.redo(markPut(game.marks, pencil.noteCells()))) { changed(); return; }
  if (!game.next) return;
  const ahead = game.next, left = game.puzzle;
  save();
  game.next = null; game.previous = left;
  load(ahead);
}

function cycled(t, dir) {   // empty, then each token in the descriptor's order
  const cycle = [null, ...look().tokens.map(k => k.token)], k = cycle.indexOf(t);
  return cycle[(k + dir + cycle.length) % cycle.length];
}

// -- pointer: click, right click, long press, drag -------------------------------------
let stroke = null;
function cellAt(ev) { return cellFromPoint($("board"), game.puzzle, ev.clientX, ev.clientY); }
// A stroke that starts on a clue paints the cells it crosses and skips the
// clues (as puzz.link's do): the first free cell it reaches sets its token.
function begin(i, dir) {
  game.cursor = i;
  if (numbers()) {
    game.typing = false;
    stroke = walkFrom(game, i);
    draw(); return;
  }
  if (game.puzzle.given[i] !== null) { stroke = { token: undefined, dir, cells: new Set(), last: i }; draw(); return; }
  const t = cycled(game.marks[i], dir);
  stroke = { token: t, cells: new Set([i]), last: i };
  paint(i);
}
function paint(i) {
  if (!stroke) return;
  if (stroke.walk) { walkTo(game, stroke, i, inRange); draw(); return; }
  for (const j of cellsBetween(game.puzzle.cols, stroke.last ?? i, i)) {
    if (game.puzzle.given[j] !== null) continue;
    if (stroke.token === undefined) stroke.token = cycled(stroke.before?.get(j) ?? game.marks[j], stroke.dir);
    stroke.cells.add(j);
  }
  stroke.last = i;
  for (const j of stroke.cells) game.marks[j] = stroke.token;
  draw();
}
function finish() {
  if (!stroke) return;
  if (stroke.walk) {
    const changes = walkChanges(game, stroke); stroke = null;
    if (setMarks(changes)) changed(); else draw();
    return;
  }
  if (stroke.token === undefined) { stroke = null; return; }   // a press on a clue, never dragged off it
  const cells = [...stroke.cells], token = stroke.token;
  // draw() above showed the stroke; record it as one undo step from the state before
  for (const j of cells) if (game.puzzle.given[j] === null) game.marks[j] = stroke.before.get(j);
  stroke = null;
  if (setMarks(cells.map(j => [j, token]))) changed(); else draw();
}
function onDown(ev) {
  if (!game.puzzle || game.clock.paused) return;   // a paused board is hidden: no blind marks
  const i = cellAt(ev);
  if (i === null) return;
  ev.preventDefault();
  releaseCapture(ev);
  $("board").focus({ preventScroll: true });
  const before = new Map(game.marks.map((t, j) => [j, t]));
  if (ev.pointerType === "touch" && !numbers()) {   // a long press cycles backwards
    touch = { press: new Press(i, ev.pointerId, () => { begin(i, -1); if (stroke) stroke.before = before; }), before };
    return;
  }
  begin(i, ev.button === 2 ? -1 : 1);
  if (stroke) stroke.before = before;
}
let touch = null;
function onMove(ev) {
  if (!game.puzzle) return;
  const i = cellAt(ev);
  if (i === null) return;
  if (touch && i !== touch.press.cell && touch.press.end()) {   // a short press that drags
    begin(touch.press.cell, 1); if (stroke) stroke.before = touch.before;
  }
  if (stroke && i !== stroke.last) paint(i);
}
function onUp() {
  if (touch?.press.end()) { begin(touch.press.cell, 1); if (stroke) stroke.before = touch.before; }
  touch = null;
  finish();
}
// The browser took the touch over (a zoomed board pans under one finger): a
// press not yet a mark is dropped, a stroke already painting is kept.
function onCancel() {
  touch?.press.end();
  touch = null;
  finish();
}

// -- keyboard ---------------------------------------------------------------------------
function keyToken(key) {   // the token a key sets: undefined if none, null to clear
  if (CLEAR_KEYS.includes(key)) return null;
  return look().tokens.find(t => t.keys.includes(key))?.token;
}
function onBoardKey(ev) {
  const p = game.puzzle; if (!p || game.clock.paused) return;
  const moved = arrowMove(p, game.cursor, ev.key);
  if (moved !== null) {
    game.cursor = moved; game.typing = false;
    if (stroke) paint(game.cursor);
    ev.preventDefault(); draw(); announce(); return;
  }
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const i = game.cursor;
  if (numbers()) {
    if (typeDigit(ev.key === " " ? "Enter" : ev.key)) ev.preventDefault();
    return;
  }
  if (ev.key === " " || ev.key === "Enter") {
    if (setMarks([[i, cycled(game.marks[i], ev.shiftKey ? -1 : 1)]])) changed();
    ev.preventDefault(); return;
  }
  const t = keyToken(ev.key.length === 1 ? ev.key.toLowerCase() : ev.key);
  if (t !== undefined) { if (setMarks([[i, t]])) changed(); ev.preventDefault(); }
}
// A digit or Backspace/Delete typed at the cursor of a numbers puzzle (keyboard
// or on-screen pad). Digits typed in a row build one number, one undo step; a
// digit that would leave the range starts a new number, so typing overwrites.
function typeDigit(key) {
  const i = game.cursor;
  if (game.puzzle.given[i] !== null) return false;
  if (pencil.pencilKey(game, key, inRange, tooFar)) return true;
  const before = game.marks[i];
  let next, past = null;
  if (/^[0-9]$/.test(key)) {
    const joined = String(Number((game.typing ? (before ?? "") : "") + key));
    if (!inRange(Number(joined))) {   // a digit the number cannot take starts a new one, and says so
      if (!inRange(Number(key))) { tooFar(Number(joined), null); return true; }
      game.typing = false; next = key;
      if (joined !== key) past = Number(joined);
    } else next = joined;
  } else if (key === "Backspace" || key === "Delete") {
    const cur = before ?? "";
    next = key === "Backspace" && game.typing && cur.length > 1 ? cur.slice(0, -1) : null;
  } else return false;
  if (next === before) {   // "99" on a board of 36: the cell keeps its 9, and a new number starts
    game.typing = true;
    if (past !== null) tooFar(past, key);
    return true;
  }
  game.marks[i] = next;
  if (game.typing) game.history.amend(i, before, next); else game.history.push([[i, before, next]]);
  game.typing = next !== null;
  changed();
  if (past !== null) tooFar(past, key);
  return true;
}

// A number typed past the board's range: say so, and what was kept (digit:
// the digit the cell starts again at; null: nothing was written).
function tooFar(n, digit) {
  const [low, high] = numberRange(look().numbers, game.puzzle);
  say(`No ${n} on this board: its numbers run from ${low} to ${high}` +
      (digit === null ? "." : `, so ${where(game.cursor)} starts again at ${digit}.`), "error");
}
function onGlobalKey(ev) {
  if (inField(ev) || steps.onKey(ev)) return;
  const command = commandKey(ev);
  if (command !== null) {
    if (command) { (command === "undo" ? undo : redo)(); ev.preventDefault(); }
    return;
  }
  if (ev.altKey || ev.ctrlKey || ev.metaKey || !game.puzzle) return;
  const key = ev.key.toLowerCase();
  if (key === "h") { hint(); ev.preventDefault(); }
  else if (key === "c" && !look().tokens.some(t => t.keys.includes("c"))) { check(false); ev.preventDefault(); }
}

// The cell under the cursor, said aloud after an arrow move (the board's
// aria-activedescendant points at it too).
function announce() {
  const c = game.puzzle.cols, cell = $("board").querySelector(
    `.cell[data-r="${Math.floor(game.cursor / c)}"][data-c="${game.cursor % c}"]`);
  $("cell-live").textContent = cell?.getAttribute("aria-label") ?? "";
}

// -- hint and check ------------------------------------------------------------------------
async function hint() {
  const p = game.puzzle; if (!p) return;
  if (game.clock.paused) { say("The game is paused: resume it to ask for a hint."); return; }
  if (game.pending) {                       // second press: apply the shown hint
    const { cell, value } = game.pending;
    game.pending = null;
    if (setMarks([[cell, value]])) {
      game.helped = true;
      changed();
      if (!game.solved) say(`Applied: ${where(cell)} is ${word(value)}.`, "hint");
    }
    return;
  }
  const level = $("hint-level").value, rung = l => levels.gradeName(p.type, l), version = game.version;
  if (engineStarting()) say(STARTING);   // at once: the answer waits for the engine
  const slow = setTimeout(() => engineStarting() || say(`Thinking at ${rung(level)}…`), 250);
  const stale = () => game.version !== version || game.puzzle !== p;   // the board changed meanwhile
  try {
    const h = await call("hint", { puzzle: p.url, marks: rowsOf(game.marks), level });
    clearTimeout(slow);
    if (stale()) return;
    game.hint = null; game.premises = []; game.errors = [];
    steps.show(h.case);
    if (h.status === "hint") {
      const i = cellOf(h.cell);
      game.hint = i; game.premises = h.case ? [] : h.premises.map(cellOf); game.cursor = i;
      game.pending = { cell: i, value: h.value };
      const branches = h.case?.branches.length ?? 0;
      // the difficulty of the rule that proved it (a rule off the ladder: the hint's own)
      const step = levels.rung(p.type, levels.hasRung(p.type, h.rule) ? h.rule : h.level);
      say(`${sentence(h.reason)}. (${/^[aeiou]/i.test(step.name) ? "An" : "A"} ${step.name} step.)` +
          " Press Hint again to fill it in." +
          (branches > 1 ? " Step through the branches with [ and ]." : ""), "hint", `${where(i)} is ${word(h.value)}.`);
      draw();
      layout.reveal($("board"), p, i);   // a zoomed board scrolls to the cell
      return;
    } else if (h.status === "contradiction") {
      game.errors = h.wrong.length ? h.wrong.map(cellOf) : h.premises.map(cellOf);
      const n = h.wrong.length;
      say(n ? `Your marks already contradict the puzzle: ${counted(n, "mark")} ${n > 1 ? "are" : "is"} wrong (hatched in red). Undo or clear them.`
            : `Your marks already contradict the puzzle: ${h.reason}.`, "error");
    } else if (h.status === "stalled") {
      say(h.suggest ? `The rules up to ${rung(h.level)} prove nothing more from here; ${rung(h.suggest)} can: ` +
                      `choose it under "Hints reason at" and press Hint.`
                    : `No rule proves anything more from here; ${answersText(h.answers)}`, "hint");
    } else {
      check(false);
      return;
    }
    draw();
  } catch (e) { clearTimeout(slow); if (!stale()) say(e.message, "error"); }
}

async function check(auto) {
  const p = game.puzzle; if (!p) return;
  if (game.clock.paused && !auto) { say("The game is paused: resume it to check the board."); return; }
  if (!auto && engineStarting()) say(STARTING);
  const version = game.version;
  try {
    const j = await call("check", { puzzle: p.url, marks: rowsOf(game.marks) });
    if (game.version !== version || game.puzzle !== p) return;   // the board changed meanwhile
    if (j.solved) {
      game.solved = true; game.solvedMessage = game.revealed ? REVEALED : j.message;
      game.clock.stop(); tick(); game.errors = [];
      say(solvedText(), solvedKind());
      if (!game.revealed && !game.recorded) record(p);
    } else if (!auto || j.complete) {
      const bad = j.violations.filter(v => v.code !== "empty");
      game.errors = [...new Set(bad.flatMap(v => v.cells.map(cellOf)))];
      say(bad.length ? `${counted(bad.length, "problem")}: ${j.message}` : j.message,
          bad.length ? "error" : "");
    }
    save(); draw();
  } catch (e) { if (game.version === version && game.puzzle === p) say(e.message, "error"); }
}

// A board solved (not revealed) for the first time: into the records, and
// the time said beside "Solved!".
function record(p) {
  game.recorded = true;
  const r = records.solved(p, game.clock.ms(), game.helped);
  records.show(p, levels.gradeName);
  const time = game.clock.text();
  $("status").append(" ", r.newBest ? `Your time, ${time}, is your best on this size and difficulty.`
    : `Your time: ${time}` + (game.helped ? " (with hints filled in: no best time)." : "."));
}

// What a stalled hint adds about the board: whether it has one answer at all.
function answersText(count) {
  if (count === "several") return "this board is not unique: it has more than one answer, so no rule can decide it.";
  if (count === "none") return "this board has no answer at all.";
  if (count === "one") return "the board has one answer, but reaching it needs a guess.";
  return "this board needs a guess (the solver could not tell within its budget whether it is unique).";
}

function where(i) { const c = game.puzzle.cols; return cellName([Math.floor(i / c), i % c]); }
// A reason as a sentence: its first letter capital, one full stop at its end.
const sentence = t => capital(t).replace(/\.$/, "");
function word(t) { return look().tokens.find(k => k.token === t)?.phrase ?? t; }

// -- drawing and the timer ---------------------------------------------------------------------
// A board being printed is the clean sheet: the clues alone, never the
// player's marks, pencil marks, hints or a revealed answer.
function draw() {
  if (!game.puzzle) return;
  const sheet = print.printing.matches || print.sheet();
  render($("board"), { puzzle: game.puzzle, frontend: look(), marks: sheet ? game.puzzle.given : game.marks,
                       cursor: game.cursor, focused: game.focused && !sheet,
                       hint: sheet ? null : game.hint, premises: sheet ? [] : game.premises,
                       errors: sheet ? [] : game.errors, solved: game.solved && !sheet,
                       sheet, theory: settings.theory && !sheet });
  pause.showPaused(game);
  if (sheet) return;
  if (numbers()) pencil.drawNotes(game);
  steps.draw($("board"));
  $("undo").disabled = !game.history.canUndo() && !game.previous;
  $("redo").disabled = !game.history.canRedo() && !game.next;
}
function tick() { $("timer").textContent = game.clock.text(); }

// -- start -------------------------------------------------------------------------------------
async function main() {
  const kinds = (await call("puzzles")).filter(k => k.frontend);
  for (const k of kinds) game.kinds[k.type] = k;
  levels.known(game.kinds);
  await loadModules(kinds);
  $("puzzle-type").replaceChildren(...kinds.map(k => new Option(k.title, k.type)));
  markSizes(kinds[0].type);
  const examples = [...new Set([kinds[0], kinds[kinds.length - 1]].map(k => k.url_example))];
  if (examples.every(Boolean)) $("url").placeholder = examples.join(" or ");
  const board = $("board");
  board.addEventListener("pointerdown", onDown);
  board.addEventListener("pointermove", onMove);
  window.addEventListener("pointerup", onUp);
  window.addEventListener("pointercancel", onCancel);
  board.addEventListener("contextmenu", ev => ev.preventDefault());
  board.addEventListener("keydown", onBoardKey);
  board.addEventListener("focus", () => { game.focused = true; draw(); });
  board.addEventListener("blur", () => { game.focused = false; draw(); });
  document.addEventListener("keydown", onGlobalKey);
  // Another puzzle: a board of it at once (the game on screen stays one Undo
  // away), at the same difficulty by its name.
  $("puzzle-type").addEventListener("change", () => {
    const from = game.puzzle?.type ?? kinds[0].type, to = $("puzzle-type").value, k = game.kinds[to];
    const same = (sel, list) => levels.sameDifficulty(from, sel.value, to, list) ?? "";
    levels.show(to, same($("level"), k.deal_levels || k.levels), same($("hint-level"), k.hint_levels || k.levels));
    markSizes(to); newPuzzle();
  });
  $("new").addEventListener("click", newPuzzle);
  $("hint").addEventListener("click", hint);
  $("check").addEventListener("click", () => check(false));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("clear").addEventListener("click", () => {
    if (setMarks(game.marks.map((_, i) => [i, null]), pencil.clearNotes())) changed();
  });
  openBox.wire({ open: openUrl, say });
  $("copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("share").href); say("Link copied."); }
    catch { say("Copy the link: " + $("share").href); }
  });
  const chose = () => { chosen += 1; deal.showPending(game.puzzle, levels.gradeName); };
  $("level").addEventListener("change", () => { levels.rules($("puzzle-type").value); chose(); save(); });
  $("hint-level").addEventListener("change", () => {   // a hint shown was proved at the old rung: drop it
    levels.rules($("puzzle-type").value);
    if (game.pending || game.hint !== null) {
      game.pending = null; game.hint = null; game.premises = []; steps.clear();
      if ($("status").dataset.kind === "hint") say("");
      draw();
    }
    save();
  });
  $("show-theory").checked = settings.theory;
  $("show-theory").addEventListener("change", () => {
    settings.theory = $("show-theory").checked; saveSettings(); draw();
  });
  document.addEventListener("puzzle-graded", ev => {   // the verdict graded a board opened from elsewhere
    const { url, grade } = ev.detail;
    if (game.puzzle?.url !== url || game.puzzle.grade) return;
    game.puzzle.grade = grade; showGrade(grade); print.loaded(game.puzzle, levels.gradeName); save();
  });
  answer.wire(game, { say, draw, setMarks, changed, rows: rowsOf });
  pencil.wire(game, { draw, changed });
  pad.wire(game, { typeDigit });
  pause.wire(game, { save });
  print.wire({ draw });
  layout.wire();
  deal.wire(game, { chose });
  rulesCard.wire();
  share.wire(game, { say, rows: rowsOf, look });
  document.addEventListener("puzzle-play", ev => { leaving(ev.detail); load(ev.detail, ev.detail.note || ""); });
  // The studio's module loads apart, later on a slow network: one that
  // starts after the first board was shown is told of it again.
  document.addEventListener("studio-ready", () => {
    if (game.puzzle) tellShown(game.puzzle);
  });
  window.addEventListener("beforeunload", save);
  setInterval(tick, 1000);
  const query = new URLSearchParams(location.search), shared = query.get("p"), marks = query.get("m");
  const last = read(KEYS.last);
  const known = p => p && game.kinds[p.type];
  if (known(last?.puzzle)) {
    levels.show(last.puzzle.type, last.level, last.hintLevel);
    game.previous = known(last.previous) ? last.previous : null;
    game.next = known(last.next) ? last.next : null;
  } else levels.show(kinds[0].type, "", "");   // a first visit: the easiest grade
  if (shared && marks === null && last?.puzzle?.url === shared && known(last.puzzle)) load(last.puzzle);   // a reload
  else if (shared) {
    if (await openUrl(shared) && marks !== null)   // a link with the player's marks
      takeMarks(share.decodeMarks(look(), marks, game.marks.length), "");
  } else if (known(last?.puzzle)) load(last.puzzle);
  else await newPuzzle();
  document.body.dataset.ready = "1";
}

main().catch(e => say("Could not reach the pencilbox API: " + e.message, "error"));
