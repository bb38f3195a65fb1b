// The pencilbox game: choose, play, hint, check. The solver runs behind /api/.
import { numberRange, render } from "./board.js";
import { History } from "./history.js";
import { cellFromPoint, cellsBetween, releaseCapture } from "./input.js";
import { loadModules } from "./theory.js";
import { Clock } from "./timer.js";
import * as extras from "./extras.js";
import { CaseSteps } from "./cases.js";

const $ = id => document.getElementById(id);
const CLEAR_KEYS = ["0", "Backspace", "Delete"];
const store = window.localStorage;
const printing = window.matchMedia("print");   // the board is drawn as a sheet for print
const steps = new CaseSteps(document.getElementById("status"), () => draw(), t => word(t));

const game = {
  kinds: {}, puzzle: null, marks: [], history: new History(), cursor: 0, focused: false,
  hint: null, premises: [], errors: [], pending: null, solved: false,
  clock: new Clock(), typing: false,
};

// -- API ------------------------------------------------------------------
async function call(path, body) {
  document.body.dataset.busy = "1";
  try {
    const r = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const j = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    if (!r.ok) throw Object.assign(new Error(j.error || `HTTP ${r.status}`), { status: r.status });
    return j;
  } finally { delete document.body.dataset.busy; }
}

function say(text, kind = "", lead = "") {
  const s = $("status");
  s.replaceChildren();
  if (lead) { const b = document.createElement("strong"); b.textContent = lead; s.append(b, " "); }
  s.append(text);
  s.dataset.kind = kind;
}

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
const savedKey = () => "pencilbox:board:" + game.puzzle.url;
function save() {
  if (!game.puzzle) return;
  store.setItem(savedKey(), JSON.stringify({ marks: game.marks, elapsed: game.clock.ms(), solved: game.solved,
                                       message: game.solvedMessage, history: game.history, cursor: game.cursor }));
  store.setItem("pencilbox:last", JSON.stringify({ puzzle: game.puzzle, level: $("level").value }));
}

// -- loading a puzzle ---------------------------------------------------------------
function load(puzzle, note = "") {
  game.puzzle = puzzle;
  const saved = JSON.parse(store.getItem("pencilbox:board:" + puzzle.url) || "null");
  game.marks = puzzle.given.map((g, i) => g ?? (saved?.marks?.[i] ?? null));
  game.history = History.from(saved?.history);
  game.clock = new Clock(saved?.elapsed || 0);
  game.solved = !!saved?.solved;
  game.solvedMessage = saved?.message;
  if (!game.solved && !document.hidden) game.clock.start();
  game.cursor = Number.isInteger(saved?.cursor) ? saved.cursor : 0; game.hint = null; game.premises = []; game.errors = []; game.pending = null;
  steps.clear();
  $("puzzle-type").value = puzzle.type;
  fillLevels(puzzle.type, puzzle.grade || $("level").value);
  markSizes(puzzle.type, puzzle);
  $("title").textContent = `${puzzle.title} ${puzzle.rows}×${puzzle.cols}`;
  $("grade").textContent = puzzle.grade ? `· grade ${puzzle.grade}` +
    (puzzle.source === "generated" ? " (generated)" : puzzle.source === "bank" ? " (bank)" : "") : "";
  const share = new URL(puzzle.share, location.href).href;
  $("share").href = share;
  $("number-entry").hidden = !numbers();
  $("rules").textContent = game.kinds[puzzle.type]?.summary || "";
  explain();
  extras.loaded(game, puzzle);
  history.replaceState(null, "", "/?p=" + encodeURIComponent(puzzle.url));
  document.dispatchEvent(new CustomEvent("puzzle-shown", { detail: { puzzle, kind: game.kinds[puzzle.type] } }));
  say(game.solved ? solvedText() : note, game.solved ? "solved" : "");
  save(); draw();
}

function explain() {   // the help that depends on the puzzle: pointer, keys, theory
  const fe = look();
  const keys = ks => ks.flatMap((k, j) => {
    const e = document.createElement("kbd");
    e.textContent = k.length === 1 ? k.toUpperCase() : k;
    return j ? ["/", e] : [e];
  });
  $("pointer-help").textContent = numbers() ? "Click or tap a cell, then type its number."
    : "Click or tap a cell to cycle it; right click or long press cycles backwards; drag to paint.";
  $("keys-help").replaceChildren(...(numbers()
    ? ["type a number; ", ...keys(["Backspace"]), " deletes a digit."]
    : ["Space cycles; ", ...fe.tokens.flatMap(t => [...keys(t.keys), ` ${t.name}, `]),
       ...keys(CLEAR_KEYS.slice(0, 2)), " clear."]));
  $("theory-help").textContent = fe.theory?.help || "";
  $("theory-help").hidden = !fe.theory;
}

function solvedText() { return game.solvedMessage || "Solved!"; }

function fillLevels(type, want) {
  const sel = $("level"), levels = game.kinds[type]?.hint_levels || game.kinds[type]?.levels || [];
  if ([...sel.options].map(o => o.value).join() !== levels.join())
    sel.replaceChildren(...levels.map(l => new Option(l, l)));
  sel.value = levels.includes(want) ? want : levels[Math.max(0, levels.length - 2)];
}

function markSizes(type, shown) {   // the rows × columns on offer; say which the bank holds
  extras.sizes($("size"), $("size-cols"), game.kinds[type]?.bank_sizes || [], shown);
}

let asked = 0;   // boards asked for (dealt or opened): only the latest may load

async function newPuzzle() {
  say("Dealing a board…");
  const mine = ++asked;
  try {
    const q = new URLSearchParams({ type: $("puzzle-type").value, size: $("size").value,
                                    cols: $("size-cols").value || $("size").value, grade: $("level").value });
    const p = await call("/api/puzzle?" + q);
    if (mine !== asked) return;   // the player has asked for another board since
    store.removeItem("pencilbox:board:" + p.url); store.removeItem("pencilbox:notes:" + p.url);
    load(p, p.note || (p.source === "bank" ? `${extras.article(p.grade)} ${p.grade} board from the bank.` : ""));
  } catch (e) { if (mine === asked) say(e.message, "error"); }
}

// The app's own share link (…/?p=URL) opens the puzzle it carries.
function unwrap(text) {
  try {
    const u = new URL(text, location.href);
    if (u.pathname.endsWith("/") && u.searchParams.get("p")) return u.searchParams.get("p");
  } catch { /* not a URL: a text grid or a bare puzzle URL */ }
  return text;
}

async function openUrl(url) {
  const mine = ++asked;
  try {
    const p = await call("/api/parse", { puzzle: unwrap(url) });
    if (mine === asked) load(p, p.note);
  } catch (e) { if (mine === asked) say(`Could not open that puzzle: ${e.message}`, "error"); }
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
function changed() {
  game.hint = null; game.premises = []; game.errors = []; game.pending = null;
  if (game.solved) {
    game.solved = false; game.solvedMessage = undefined;
    if (!game.clock.paused && !document.hidden) game.clock.start();
    say("");
  }
  extras.changed(game);
  steps.clear();
  save(); draw();
  if (game.marks.every(t => t !== null)) check(true);
}
function undo() { if (game.history.undo(game.marks, extras.noteCells())) changed(); }
function redo() { if (game.history.redo(game.marks, extras.noteCells())) changed(); }

function cycled(t, dir) {   // empty, then each token in the descriptor's order
  const cycle = [null, ...look().tokens.map(k => k.token)], k = cycle.indexOf(t);
  return cycle[(k + dir + cycle.length) % cycle.length];
}

// -- pointer: click, right click, long press, drag -------------------------------------
let stroke = null;
function cellAt(ev) { return cellFromPoint($("board"), game.puzzle, ev.clientX, ev.clientY); }
function begin(i, dir) {
  game.cursor = i;
  if (numbers()) {
    game.typing = false; $("number").value = game.marks[i] ?? "";
    stroke = extras.walkFrom(game, i);
    draw(); return;
  }
  if (game.puzzle.given[i] !== null) { stroke = null; draw(); return; }
  const t = cycled(game.marks[i], dir);
  stroke = { token: t, cells: new Set([i]), last: i };
  paint(i);
}
function paint(i) {
  if (!stroke) return;
  if (stroke.walk) { extras.walkTo(game, stroke, i, cellsBetween, inRange); draw(); return; }
  for (const j of cellsBetween(game.puzzle.cols, stroke.last ?? i, i)) stroke.cells.add(j);
  stroke.last = i;
  for (const j of stroke.cells) if (game.puzzle.given[j] === null) game.marks[j] = stroke.token;
  draw();
}
function finish() {
  if (!stroke) return;
  if (stroke.walk) {
    const changes = extras.walkChanges(game, stroke); stroke = null;
    if (setMarks(changes)) changed(); else draw();
    return;
  }
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
  if (ev.pointerType === "touch" && !numbers()) {
    const start = { i, timer: 0, done: false };
    start.timer = setTimeout(() => { start.done = true; begin(i, -1); if (stroke) stroke.before = before; }, 500);
    touch = { start, before };
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
  if (touch && !touch.start.done && i !== touch.start.i) {
    clearTimeout(touch.start.timer); touch.start.done = true;
    begin(touch.start.i, 1); if (stroke) stroke.before = touch.before;
  }
  if (stroke && i !== stroke.last) paint(i);
}
function onUp() {
  if (touch && !touch.start.done) {
    clearTimeout(touch.start.timer);
    begin(touch.start.i, 1); if (stroke) stroke.before = touch.before;
  }
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
  const r = Math.floor(game.cursor / p.cols), c = game.cursor % p.cols;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[ev.key]) {
    const [dr, dc] = moves[ev.key];
    const rr = Math.min(p.rows - 1, Math.max(0, r + dr)), cc = Math.min(p.cols - 1, Math.max(0, c + dc));
    game.cursor = rr * p.cols + cc; game.typing = false;
    if (stroke) paint(game.cursor);
    ev.preventDefault(); draw(); return;
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
  if (extras.pencilKey(game, key, inRange)) return true;
  const before = game.marks[i];
  let next;
  if (/^[0-9]$/.test(key)) {
    const joined = String(Number((game.typing ? (before ?? "") : "") + key));
    if (!inRange(Number(joined))) {   // a digit the number cannot take starts a new one
      if (!inRange(Number(key))) return true;
      game.typing = false; next = key;
    } else next = joined;
  } else if (key === "Backspace" || key === "Delete") {
    const cur = before ?? "";
    next = key === "Backspace" && game.typing && cur.length > 1 ? cur.slice(0, -1) : null;
  } else return false;
  if (next === before) { game.typing = true; return true; }
  game.marks[i] = next;
  if (game.typing) game.history.amend(i, before, next); else game.history.push([[i, before, next]]);
  game.typing = next !== null;
  changed();
  return true;
}
function onGlobalKey(ev) {
  const tag = ev.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (steps.onKey(ev)) return;
  if ((ev.ctrlKey || ev.metaKey) && !ev.altKey) {
    const k = ev.key.toLowerCase();
    if (k === "z" && !ev.shiftKey) { undo(); ev.preventDefault(); }
    else if (k === "y" || (k === "z" && ev.shiftKey)) { redo(); ev.preventDefault(); }
    return;
  }
  if (ev.target.id !== "board" && ev.key.toLowerCase() === "h" && !ev.altKey) hint();
  else if (ev.target.id === "board" && ev.key.toLowerCase() === "h") { hint(); ev.preventDefault(); }
}

// -- hint and check ------------------------------------------------------------------------
async function hint() {
  const p = game.puzzle; if (!p) return;
  if (game.clock.paused) { say("The game is paused: resume it to ask for a hint."); return; }
  if (game.pending) {                       // second press: apply the shown hint
    const { cell, value } = game.pending;
    game.pending = null;
    if (setMarks([[cell, value]])) { changed(); if (!game.solved) say(`Applied: ${where(cell)} is ${word(value)}.`, "hint"); }
    return;
  }
  const level = $("level").value;
  const slow = setTimeout(() => say(`Thinking at level ${level}…`), 250);
  try {
    const h = await call("/api/hint", { puzzle: p.url, marks: rowsOf(game.marks), level });
    clearTimeout(slow);
    game.hint = null; game.premises = []; game.errors = [];
    steps.show(h.case);
    if (h.status === "hint") {
      const i = cellOf(h.cell);
      game.hint = i; game.premises = h.case ? [] : h.premises.map(cellOf); game.cursor = i;
      game.pending = { cell: i, value: h.value };
      say(`Rule "${h.rule}" (level ${h.level}): ${h.reason}. Press Hint again to fill it in.` +
          (h.case ? " Step through the branches with [ and ]." : ""), "hint", `${where(i)} is ${word(h.value)}.`);
    } else if (h.status === "contradiction") {
      game.errors = h.wrong.length ? h.wrong.map(cellOf) : h.premises.map(cellOf);
      const n = h.wrong.length;
      say(n ? `Your marks already contradict the puzzle: ${n} mark${n > 1 ? "s are" : " is"} wrong (hatched in red). Undo or clear them.`
            : `Your marks already contradict the puzzle: ${h.reason}.`, "error");
    } else if (h.status === "stalled") {
      say(h.suggest ? `Level ${h.level} proves nothing more from here. Level ${h.suggest} can: choose it and press Hint.`
                    : `No level of the ladder proves anything more from here; ${extras.answersText(h.answers)}`, "hint");
    } else {
      check(false);
      return;
    }
    draw();
  } catch (e) { clearTimeout(slow); say(e.message, "error"); }
}

async function check(auto) {
  const p = game.puzzle; if (!p) return;
  if (game.clock.paused && !auto) { say("The game is paused: resume it to check the board."); return; }
  try {
    const j = await call("/api/check", { puzzle: p.url, marks: rowsOf(game.marks) });
    if (j.solved) {
      game.solved = true; game.solvedMessage = j.message;
      game.clock.stop(); game.errors = [];
      say(j.message, "solved");
    } else if (!auto || j.complete) {
      const bad = j.violations.filter(v => v.code !== "empty");
      game.errors = [...new Set(bad.flatMap(v => v.cells.map(cellOf)))];
      say(bad.length ? `${bad.length} problem${bad.length > 1 ? "s" : ""}: ${j.message}` : j.message,
          bad.length ? "error" : "");
    }
    save(); draw();
  } catch (e) { say(e.message, "error"); }
}

function where(i) { const c = game.puzzle.cols; return `r${Math.floor(i / c) + 1}c${(i % c) + 1}`; }
function word(t) { return look().tokens.find(k => k.token === t)?.phrase ?? t; }

// -- drawing and the timer ---------------------------------------------------------------------
function draw() {
  if (!game.puzzle) return;
  render($("board"), { puzzle: game.puzzle, frontend: look(), marks: game.marks, cursor: game.cursor, focused: game.focused,
                       hint: game.hint, premises: game.premises, errors: game.errors, solved: game.solved,
                       sheet: printing.matches });
  extras.drawn(game);
  steps.draw($("board"));
  $("undo").disabled = !game.history.canUndo();
  $("redo").disabled = !game.history.canRedo();
}
function tick() { $("timer").textContent = game.clock.text(); }

// -- start -------------------------------------------------------------------------------------
async function main() {
  const kinds = (await call("/api/puzzles")).filter(k => k.frontend);
  for (const k of kinds) game.kinds[k.type] = k;
  await loadModules(kinds);
  $("puzzle-type").replaceChildren(...kinds.map(k => new Option(k.title, k.type)));
  const examples = [...new Set([kinds[0], kinds[kinds.length - 1]].map(k => k.url_example))];
  if (examples.every(Boolean)) $("url").placeholder = examples.join(" or ");
  const board = $("board");
  board.addEventListener("pointerdown", onDown);
  board.addEventListener("pointermove", onMove);
  window.addEventListener("pointerup", onUp);
  window.addEventListener("pointercancel", onUp);
  board.addEventListener("contextmenu", ev => ev.preventDefault());
  board.addEventListener("keydown", onBoardKey);
  board.addEventListener("focus", () => { game.focused = true; draw(); });
  board.addEventListener("blur", () => { game.focused = false; draw(); });
  document.addEventListener("keydown", onGlobalKey);
  $("puzzle-type").addEventListener("change", () => {
    fillLevels($("puzzle-type").value, ""); markSizes($("puzzle-type").value); newPuzzle();
  });
  $("new").addEventListener("click", newPuzzle);
  $("hint").addEventListener("click", hint);
  $("check").addEventListener("click", () => check(false));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("clear").addEventListener("click", () => {
    if (setMarks(game.marks.map((_, i) => [i, null]), extras.clearNotes())) changed();
  });
  $("open-form").addEventListener("submit", ev => { ev.preventDefault(); openUrl($("url").value.trim()); });
  $("copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("share").href); say("Link copied."); }
    catch { say("Copy the link: " + $("share").href); }
  });
  $("number").addEventListener("change", () => {
    const v = $("number").value.trim();
    const t = v === "" ? null : (inRange(Number(v)) ? String(Number(v)) : undefined);
    if (t === undefined) {
      const [low, high] = numberRange(look().numbers, game.puzzle);
      say(`${v} is not a number this board can hold: its numbers run from ${low} to ${high}.`, "error");
    } else if (setMarks([[game.cursor, t]])) changed();
  });
  $("level").addEventListener("change", save);
  extras.wire(game, { say, draw, save, changed, setMarks, typeDigit, call, rowsOf, cellOf, numbers, look });
  document.addEventListener("puzzle-play", ev => load(ev.detail, ev.detail.note || ""));
  window.addEventListener("beforeunload", save);
  printing.addEventListener("change", draw);
  setInterval(tick, 1000);
  const shared = new URLSearchParams(location.search).get("p");
  const last = JSON.parse(store.getItem("pencilbox:last") || "null");
  if (shared && last?.puzzle?.url === shared && game.kinds[last.puzzle.type]) {
    load(last.puzzle); $("level").value = last.level || $("level").value; save();   // a reload
  } else if (shared) await openUrl(shared);
  else if (last?.puzzle && game.kinds[last.puzzle.type]) { fillLevels(last.puzzle.type, last.level); load(last.puzzle); $("level").value = last.level || $("level").value; }
  else { fillLevels(kinds[0].type, ""); await newPuzzle(); }
  document.body.dataset.ready = "1";
}

main().catch(e => say("Could not reach the pencilbox API: " + e.message, "error"));
