// The pencilbox game: choose, play, hint, check. The solver runs behind /api/.
import { render, S } from "./board.js";
import { History } from "./history.js";
import { CaseSteps } from "./cases.js";

const $ = id => document.getElementById(id);
const CYCLE = [null, "#", "o"];
const store = window.localStorage;
const steps = new CaseSteps(document.getElementById("status"), () => draw(), t => word(t));

const game = {
  kinds: {}, puzzle: null, marks: [], history: new History(), cursor: 0, focused: false,
  hint: null, premises: [], errors: [], pending: null, solved: false,
  elapsed: 0, started: 0, typing: false,
};

// -- API ------------------------------------------------------------------
async function call(path, body) {
  document.body.dataset.busy = "1";
  try {
    const r = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const j = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    if (!r.ok) throw new Error(j.error || `HTTP ${r.status}`);
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

// -- saving ------------------------------------------------------------------------
const key = () => "pencilbox:board:" + game.puzzle.url;
function save() {
  if (!game.puzzle) return;
  store.setItem(key(), JSON.stringify({ marks: game.marks, elapsed: elapsed(), solved: game.solved,
                                       message: game.solvedMessage }));
  store.setItem("pencilbox:last", JSON.stringify({ puzzle: game.puzzle, level: $("level").value }));
}
function elapsed() { return game.elapsed + (game.started ? Date.now() - game.started : 0); }

// -- loading a puzzle ---------------------------------------------------------------
function load(puzzle, note = "") {
  game.puzzle = puzzle;
  const saved = JSON.parse(store.getItem("pencilbox:board:" + puzzle.url) || "null");
  game.marks = puzzle.given.map((g, i) => g ?? (saved?.marks?.[i] ?? null));
  game.history = new History();
  game.elapsed = saved?.elapsed || 0;
  game.solved = !!saved?.solved;
  game.solvedMessage = saved?.message;
  game.started = game.solved ? 0 : Date.now();
  game.cursor = 0; game.hint = null; game.premises = []; game.errors = []; game.pending = null;
  steps.clear();
  $("puzzle-type").value = puzzle.type;
  fillLevels(puzzle.type, puzzle.grade || $("level").value);
  markSizes(puzzle.type);
  $("title").textContent = `${puzzle.title} ${puzzle.rows}×${puzzle.cols}`;
  $("grade").textContent = puzzle.grade ? `· grade ${puzzle.grade}` +
    (puzzle.source === "generated" ? " (generated)" : puzzle.source === "bank" ? " (bank)" : "") : "";
  const share = new URL(puzzle.share, location.href).href;
  $("share").href = share;
  $("number-entry").hidden = puzzle.type !== "numbrix";
  $("rules").textContent = game.kinds[puzzle.type]?.summary || "";
  history.replaceState(null, "", "/?p=" + encodeURIComponent(puzzle.url));
  say(game.solved ? solvedText() : note, game.solved ? "solved" : "");
  save(); draw();
}

function solvedText() { return game.solvedMessage || "Solved!"; }

function fillLevels(type, want) {
  const sel = $("level"), levels = game.kinds[type]?.hint_levels || game.kinds[type]?.levels || [];
  if ([...sel.options].map(o => o.value).join() !== levels.join())
    sel.replaceChildren(...levels.map(l => new Option(l, l)));
  sel.value = levels.includes(want) ? want : levels[Math.max(0, levels.length - 2)];
}

function markSizes(type) {   // say which sizes the bank holds; others are generated
  const bank = (game.kinds[type]?.bank_sizes || []).filter(([r, c]) => r === c).map(([r]) => r);
  for (const o of $("size").options)
    o.textContent = `${o.value}×${o.value}` + (bank.length && !bank.includes(Number(o.value)) ? "*" : "");
  $("size").title = bank.length ? "* not in the bank: a board is generated on request" : "";
}

async function newPuzzle() {
  say("Dealing a board…");
  try {
    const q = new URLSearchParams({ type: $("puzzle-type").value, size: $("size").value,
                                    grade: $("level").value });
    const p = await call("/api/puzzle?" + q);
    store.removeItem("pencilbox:board:" + p.url);
    load(p, p.note || (p.source === "bank" ? `A ${p.grade} board from the bank.` : ""));
  } catch (e) { say(e.message, "error"); }
}

async function openUrl(url) {
  try {
    const p = await call("/api/parse", { puzzle: url });
    load(p, p.note);
  } catch (e) { say(`Could not open that puzzle: ${e.message}`, "error"); }
}

// -- changing marks -----------------------------------------------------------------
function setMarks(changes) {   // [[cell, token]] -> one undo step
  const step = [];
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
  steps.clear();
  if (game.solved) { game.solved = false; game.started = Date.now(); }
  save(); draw();
  if (game.marks.every(t => t !== null)) check(true);
}
function undo() { if (game.history.undo(game.marks)) changed(); }
function redo() { if (game.history.redo(game.marks)) changed(); }

function cycled(t, dir) {
  const k = CYCLE.indexOf(t);
  return CYCLE[(k + dir + CYCLE.length) % CYCLE.length];
}

// -- pointer: click, right click, long press, drag -------------------------------------
let stroke = null;
function cellAt(ev) {
  const g = ev.target.closest?.(".cell");
  if (g) return Number(g.dataset.r) * game.puzzle.cols + Number(g.dataset.c);
  const svg = $("board"), pt = svg.createSVGPoint();
  pt.x = ev.clientX; pt.y = ev.clientY;
  const q = pt.matrixTransform(svg.getScreenCTM().inverse());
  const r = Math.floor(q.y / S), c = Math.floor(q.x / S);
  if (r < 0 || c < 0 || r >= game.puzzle.rows || c >= game.puzzle.cols) return null;
  return r * game.puzzle.cols + c;
}
function begin(i, dir) {
  game.cursor = i;
  if (game.puzzle.given[i] !== null) { stroke = null; draw(); return; }
  if (game.puzzle.type === "numbrix") { game.typing = false; draw(); $("number").value = game.marks[i] ?? ""; return; }
  const t = cycled(game.marks[i], dir);
  stroke = { token: t, cells: new Set([i]), changes: [[i, t]] };
  paint(i);
}
function paint(i) {
  if (!stroke) return;
  stroke.cells.add(i);
  for (const j of stroke.cells) if (game.puzzle.given[j] === null) game.marks[j] = stroke.token;
  draw();
}
function finish() {
  if (!stroke) return;
  const cells = [...stroke.cells], token = stroke.token;
  // draw() above showed the stroke; record it as one undo step from the state before
  for (const j of cells) if (game.puzzle.given[j] === null) game.marks[j] = stroke.before.get(j);
  stroke = null;
  if (setMarks(cells.map(j => [j, token]))) changed(); else draw();
}
function onDown(ev) {
  if (!game.puzzle) return;
  const i = cellAt(ev);
  if (i === null) return;
  ev.preventDefault();
  $("board").focus({ preventScroll: true });
  const before = new Map(game.marks.map((t, j) => [j, t]));
  if (ev.pointerType === "touch") {
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
  if (stroke && !stroke.cells.has(i)) paint(i);
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
const KEYS = { "1": "#", "b": "#", "x": "#", "2": "o", "w": "o", ".": "o", "0": null,
               "Backspace": null, "Delete": null };
function onBoardKey(ev) {
  const p = game.puzzle; if (!p) return;
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
  if (p.type === "numbrix") {
    if (/^[0-9]$/.test(ev.key)) {
      const cur = game.typing ? (game.marks[i] ?? "") : "";
      const next = String(Number(cur + ev.key));
      if (Number(next) >= 1 && Number(next) <= p.rows * p.cols) { if (setMarks([[i, next]])) changed(); }
      game.typing = true; ev.preventDefault(); return;
    }
    if (ev.key === "Backspace" || ev.key === "Delete") {
      const cur = game.marks[i] ?? "";
      const next = ev.key === "Backspace" && game.typing && cur.length > 1 ? cur.slice(0, -1) : null;
      if (setMarks([[i, next]])) changed();
      ev.preventDefault(); return;
    }
    return;
  }
  if (ev.key === " " || ev.key === "Enter") {
    if (setMarks([[i, cycled(game.marks[i], ev.shiftKey ? -1 : 1)]])) changed();
    ev.preventDefault(); return;
  }
  const k = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  if (k in KEYS) { if (setMarks([[i, KEYS[k]]])) changed(); ev.preventDefault(); }
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
  if (ev.target.id !== "board" && ev.key.toLowerCase() === "h" && tag !== "BUTTON") hint();
  else if (ev.target.id === "board" && ev.key.toLowerCase() === "h") { hint(); ev.preventDefault(); }
}

// -- hint and check ------------------------------------------------------------------------
async function hint() {
  const p = game.puzzle; if (!p) return;
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
                    : `No level of the ladder proves anything more from here; this board needs a guess.`, "hint");
    } else {
      check(false);
      return;
    }
    draw();
  } catch (e) { clearTimeout(slow); say(e.message, "error"); }
}

async function check(auto) {
  const p = game.puzzle; if (!p) return;
  try {
    const j = await call("/api/check", { puzzle: p.url, marks: rowsOf(game.marks) });
    if (j.solved) {
      game.solved = true; game.solvedMessage = j.message;
      game.elapsed = elapsed(); game.started = 0; game.errors = [];
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
function word(t) {
  const type = game.puzzle.type;
  if (type === "numbrix") return t;
  if (type === "yinyang") return t === "#" ? "black" : "white";
  return t === "#" ? (type === "cave" ? "a wall (shaded)" : "shaded") : (type === "cave" ? "cave (dot)" : "unshaded (dot)");
}

// -- drawing and the timer ---------------------------------------------------------------------
function draw() {
  if (!game.puzzle) return;
  render($("board"), { puzzle: game.puzzle, marks: game.marks, cursor: game.cursor, focused: game.focused,
                       hint: game.hint, premises: game.premises, errors: game.errors, solved: game.solved });
  steps.draw($("board"), game.puzzle);
  $("undo").disabled = !game.history.canUndo();
  $("redo").disabled = !game.history.canRedo();
}
function tick() {
  const s = Math.floor(elapsed() / 1000);
  $("timer").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// -- start -------------------------------------------------------------------------------------
async function main() {
  const kinds = await call("/api/puzzles");
  for (const k of kinds) game.kinds[k.type] = k;
  $("puzzle-type").replaceChildren(...kinds.map(k => new Option(k.title, k.type)));
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
    if (setMarks(game.marks.map((_, i) => [i, null]))) changed();
  });
  $("open-form").addEventListener("submit", ev => { ev.preventDefault(); openUrl($("url").value.trim()); });
  $("copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("share").href); say("Link copied."); }
    catch { say("Copy the link: " + $("share").href); }
  });
  $("number").addEventListener("change", () => {
    const v = $("number").value.trim(), n = game.puzzle.rows * game.puzzle.cols;
    const t = v === "" ? null : (Number(v) >= 1 && Number(v) <= n ? String(Number(v)) : undefined);
    if (t !== undefined && setMarks([[game.cursor, t]])) changed();
  });
  window.addEventListener("beforeunload", save);
  setInterval(tick, 1000);
  const shared = new URLSearchParams(location.search).get("p");
  const last = JSON.parse(store.getItem("pencilbox:last") || "null");
  if (shared) await openUrl(shared);
  else if (last?.puzzle) { fillLevels(last.puzzle.type, last.level); load(last.puzzle); $("level").value = last.level || $("level").value; }
  else { fillLevels(kinds[0].type, ""); await newPuzzle(); }
  document.body.dataset.ready = "1";
}

main().catch(e => say("Could not reach the pencilbox API: " + e.message, "error"));
