// The setter's studio: edit a puzzle's clues on a board of any size the app
// plays, see the verdict after every edit, ask the helpers, export and play
// it. Everything about a puzzle comes from its descriptor (/api/puzzles):
// which clues a cell takes (cycled or numbers in a range, a clue without a
// number), how they are written in the text grid, and the limits (board
// sides, time budgets). The game (app.js) tells this module which puzzle it
// shows ("puzzle-shown") and plays the edited one when asked ("puzzle-play");
// a puzzle from elsewhere comes in through the game's Open box (open.js),
// and Export as writes the document in every other format (exportas.js).
// Pointer and keys work as in the game (input.js), and so does undo (history.js).
import { post } from "./api.js";
import { cellName, cellRect, numberRange, render } from "./board.js";
import { $, counted, statusLine } from "./dom.js";
import * as exportAs from "./exportas.js";
import { History } from "./history.js";
import { arrowMove, cellFromPoint, commandKey, inField, Press } from "./input.js";
import { rung } from "./levels.js";
import { KEYS, read, write } from "./storage.js";
import { Latest, gradeText, showVerdict } from "./verdict.js";

const DELAY = 250;            // ms of quiet after an edit before the verdict is asked
const DOC = "doc";            // the history's key of a change of the whole document
const KEPT_STEPS = 200;       // undo steps kept across a reload
const say = statusLine("studio-status");

const st = {
  editing: false,
  kinds: {},           // type -> its /api/puzzles entry, as the game showed them
  shown: null,         // the puzzle on the game's board
  doc: null,           // the puzzle being edited: {type, rows, cols, clues}
  from: null,          // URL of the shown puzzle the document stands for
  history: new History(),   // steps of clue changes [cell, before, after] and of documents [DOC, before, after]
  cursor: 0, focused: false, entering: false, typing: null,   // entering: the clue box has focus
  analysis: null, error: null, view: "clues", budget: 0, refining: false,
  redundant: [], suggestion: null, helper: null,
  parsed: null,        // /api/parse of the document: {text, puzzle}
  play: null,          // the verdict shown in play mode: {url, analysis, error, budget}
};
const asked = new Latest(), helping = new Latest(), playing = new Latest();

// -- the descriptor -----------------------------------------------------------------
const kind = () => st.kinds[st.doc.type];
const fe = () => kind().frontend;
const clue = () => fe().clue;
const limits = () => kind().limits;

function allowed(v, doc = st.doc) {   // may a setter place clue v on this board?
  if (v === null) return true;
  const c = clue();
  if (c.blank && v === c.blank.value) return true;
  if (c.input === "cycle") return c.cycle.includes(v);
  const [low, high] = numberRange(c.numbers, doc);
  return Number.isInteger(v) && v >= low && v <= high;
}

function cycled(v, dir) {   // no clue, each clue value, the clue without a number
  const c = clue(), order = [null, ...c.cycle, ...(c.blank && c.input === "cycle" ? [c.blank.value] : [])];
  return order[(order.indexOf(v) + dir + order.length) % order.length];
}

function clueWord(v) {   // how a message names a clue value
  const c = clue();
  if (c.blank && v === c.blank.value) return c.blank.text ? `"${c.blank.text}"` : "a clue without a number";
  if (c.input === "cycle") return fe().tokens.find(t => t.value === v)?.phrase ?? String(v);
  return String(v);
}

function givenToken(v) {   // the token a clue shows as, on a board drawn by board.js
  if (v === null) return null;
  const c = clue();
  if (c.look !== "token") return "";   // drawn as its own glyph from the clues
  if (c.input === "cycle") return fe().tokens.find(t => t.value === v)?.token ?? String(v);
  return String(v);
}

// -- the text grid: what the API reads and what the setter copies ---------------------
function textOf(doc) {
  const t = st.kinds[doc.type].frontend.clue_tokens;
  const word = v => v === null ? t.empty : (t.values[String(v)] ?? String(v));
  const rows = [];
  for (let r = 0; r < doc.rows; r++)
    rows.push(doc.clues.slice(r * doc.cols, (r + 1) * doc.cols).map(word).join(" "));
  return `${doc.type} ${doc.rows}x${doc.cols}\n${rows.join("\n")}\n`;
}

function valueOf(token) {   // a clue token of the text grid as its value
  const t = fe().clue_tokens;
  if (token === t.empty) return null;
  const hit = Object.entries(t.values).find(([, w]) => w === token);
  return hit ? Number(hit[0]) : Number(token);
}

// -- the document and its history -------------------------------------------------------
const docOf = p => ({ type: p.type, rows: p.rows, cols: p.cols, clues: [...p.clues] });
const same = (a, b) => a.type === b.type && a.rows === b.rows && a.cols === b.cols &&
  a.clues.every((v, i) => v === b.clues[i]);

function put(key, value) {   // the history's put: a clue, or the whole document
  if (key === DOC) { st.doc = value; return; }
  const clues = [...st.doc.clues];
  clues[key] = value;
  st.doc = { ...st.doc, clues };
}

function commit(next) {   // a new document (size, type, thinned clues) as one undo step
  if (same(next, st.doc)) return false;
  st.history.push([[DOC, st.doc, next]]);
  st.doc = next;
  edited();
  return true;
}

function setClue(i, v, merge = false) {   // one undo step (merge: part of the last one, on this cell)
  const before = st.doc.clues[i];
  if (before === v) return false;
  if (merge) st.history.amend(i, before, v); else st.history.push([[i, before, v]]);
  put(i, v);
  edited();
  return true;
}

function undo() { if (st.history.undo(put)) { st.typing = null; edited(); } }
function redo() { if (st.history.redo(put)) { st.typing = null; edited(); } }

function resize(rows, cols) {   // keep the clues that still fit, and still make sense
  const next = { type: st.doc.type, rows, cols, clues: new Array(rows * cols).fill(null) };
  for (let r = 0; r < Math.min(rows, st.doc.rows); r++)
    for (let c = 0; c < Math.min(cols, st.doc.cols); c++) {
      const v = st.doc.clues[r * st.doc.cols + c];
      if (allowed(v, next)) next.clues[r * cols + c] = v;
    }
  commit(next);
}

function side(input) {
  const n = Number(input.value), [low, high] = limits().sides;
  if (Number.isInteger(n) && n >= low && n <= high) return n;
  say(`A board has ${low} to ${high} rows and columns.`, "error");
  return null;
}

function take(puzzle) {   // edit the puzzle on screen (an undo step when already editing)
  const next = docOf(puzzle);
  st.from = puzzle.url;
  if (st.doc && st.editing) { commit(next); return; }
  st.doc = next; st.history = new History(); st.cursor = 0; st.typing = null;
  st.analysis = null; st.error = null;
  edited();
}

// After every edit: redraw, export, and ask for the verdict (debounced).
function edited() {
  const d = st.doc;
  st.cursor = Math.min(st.cursor, d.rows * d.cols - 1);
  st.budget = limits().analyze_budget;
  st.redundant = []; st.suggestion = null;
  stopHelper();
  say("");
  $("rows").value = d.rows; $("cols").value = d.cols;
  $("export-text").value = textOf(d);
  $("export-text").rows = Math.min(d.rows + 1, 8);
  $("studio-title").textContent = `${kind().title} ${d.rows}×${d.cols}`;
  $("edit-undo").disabled = !st.history.canUndo();
  $("edit-redo").disabled = !st.history.canRedo();
  syncEntry();
  draw();
  keep();
  document.dispatchEvent(new CustomEvent("board-size", { detail: { rows: d.rows, cols: d.cols } }));
  ask(DELAY);
  exportAs.edited({ type: d.type, text: textOf(d) }, DELAY);
}

// The document survives a reload: edits are not lost, the editor reopens,
// and Undo goes on where it was (its last KEPT_STEPS steps).
function keep() {
  const history = new History(st.history.done.slice(-KEPT_STEPS), st.history.undone.slice(-KEPT_STEPS));
  write(KEYS.studio, { doc: st.doc, from: st.from, editing: st.editing, history });
}
function kept() { return read(KEYS.studio); }

// -- the verdict ------------------------------------------------------------------------
// The studio follows the puzzle's own grade, not the game's Difficulty: its
// shading is what the whole ladder leaves undecided (none on a puzzle unique
// at its grade), and Thin keeps the grade the puzzle has.
const top = () => kind().levels[kind().levels.length - 1];
const ownGrade = () => {
  const a = st.analysis;
  return a?.verdict === "unique" && kind().levels.includes(a.grade) ? a.grade : top();
};

// The verdict's word for a puzzle, in a sentence: "is unique", "has several answers".
const VERDICT_WORDS = { unique: "is unique", several: "still has several answers", none: "has no answer",
                        unknown: "is not settled within the budget" };

function ask(delay) {
  const doc = st.doc, text = textOf(doc), box = $("verdict");
  box.setAttribute("aria-busy", "true");
  if (box.hidden) {   // nothing to show yet: say that the verdict is on its way
    box.hidden = false; delete box.dataset.verdict;
    box.replaceChildren(document.body.dataset.engine === "starting"   // the static site's engine (engine.js)
      ? "The engine is starting in this page: the verdict comes as soon as it is ready…"
      : "Looking for the verdict…");
  }
  $("export-url").dataset.stale = "1";
  asked.run(async signal => {
    try {
      if (st.parsed?.text !== text) {
        const p = await post("parse", { puzzle: text, type: doc.type }, { signal });
        st.parsed = { text, puzzle: p };
      }
      $("export-url").value = st.parsed.puzzle.url;
      delete $("export-url").dataset.stale;
      const body = { puzzle: text, type: doc.type, level: top(), budget: st.budget };
      let a = await post("analyze", { ...body, upto: "probe" }, { signal });
      if (signal.aborted) return;
      if (a.verdict !== st.analysis?.verdict) st.view = a.verdict === "several" ? 0 : "clues";
      st.analysis = a; st.error = null;
      if (refinable(a)) {
        // The first answer at once; then, while the board stays as it is,
        // the full grade (the case rung), which a newer edit cancels.
        st.refining = true;
        verdict(); draw();
        a = await post("analyze", { ...body, upto: "case" }, { signal });
        if (signal.aborted) return;
        st.analysis = a;
      }
    } catch (e) {
      if (signal.aborted) return;
      st.analysis = null; st.error = e;
      if (e.status && e.status < 500) { $("export-url").value = ""; delete $("export-url").dataset.stale; }
    }
    st.refining = false;
    $("verdict").setAttribute("aria-busy", "false");
    verdict(); draw();
  }, delay);
}

// A first answer worth refining: unique, beyond probe, the case rung not tried.
const refinable = a => a.verdict === "unique" && a.grade === "beyond" && a.upto === "probe";

function verdict() {
  if (!st.analysis && !st.error) return;
  const a = st.analysis;
  if (a && st.view !== "clues" && !a.solutions[st.view]) st.view = "clues";
  showVerdict($("verdict"), a, {
    budget: st.budget, maxBudget: limits().analyze_max_budget, refining: st.refining,
    editing: true, view: st.view, error: st.error,
    onView: v => { st.view = v; verdict(); draw(); },
    onMore: b => { st.budget = b; ask(0); },
    gradeName: g => rung(st.doc.type, g).name,
  });
}

// -- drawing ----------------------------------------------------------------------------
function draw() {
  if (!st.doc || !st.editing) return;
  const d = st.doc, a = st.analysis, svg = $("edit-board");
  const given = d.clues.map(givenToken);
  let marks = given.map(g => g || null);
  const answer = a && st.view !== "clues" ? a.solutions[st.view] : null;
  if (answer) marks = answer.flatMap(row => row.split(/\s+/));
  const at = ([r, c]) => r * d.cols + c;
  render(svg, {
    puzzle: { type: d.type, rows: d.rows, cols: d.cols, clues: d.clues, given },
    frontend: fe(), marks, cursor: st.cursor, focused: st.focused || st.entering,
    hint: st.suggestion?.cell ? at(st.suggestion.cell) : null, premises: [],
    errors: a?.verdict === "none" ? a.cells.map(at) : [], solved: false,
  });
  svg.dataset.view = answer ? `answer-${st.view + 1}` : "clues";
  const cellEl = ([r, c]) => svg.querySelector(`.cell[data-r="${r}"][data-c="${c}"]`);
  d.clues.forEach((v, i) => {
    if (v !== null) cellEl([Math.floor(i / d.cols), i % d.cols]).dataset.clue = String(v);
  });
  for (const rc of a?.undecided || []) cellEl(rc)?.setAttribute("data-undecided", "1");
  for (const rc of a?.differ || []) { cellEl(rc)?.setAttribute("data-differ", "1"); outline(svg, rc, "hl-differ", 2); }
  for (const rc of st.redundant) { cellEl(rc)?.setAttribute("data-redundant", "1"); outline(svg, rc, "hl-redundant", 6); }
}

function outline(svg, [r, c], cls, inset) { svg.appendChild(cellRect(r, c, cls, inset, 4)); }

// -- entering clues: pointer, keyboard, the clue box -----------------------------------------
// A cycled clue steps forward on a click or tap, and back on a right click or
// a long press (input.js's LONG_PRESS): the step is taken when the press
// ends, or when it has been held long enough.
let pressed = null;   // the Press on a cycled clue while it is held

function onDown(ev) {
  const i = cellFromPoint($("edit-board"), st.doc, ev.clientX, ev.clientY);
  if (i === null) return;
  ev.preventDefault();
  $("edit-board").focus({ preventScroll: true });
  st.cursor = i; st.typing = null;
  if (clue().input === "cycle") {
    dropPress();
    if (ev.button === 2) {
      if (!setClue(i, cycled(st.doc.clues[i], -1))) draw();
      return;
    }
    pressed = new Press(i, ev.pointerId, () => { pressed = null; step(i, -1); });
    draw();
  } else {
    // the clue box follows the cursor; on a phone it is tapped next (focusing
    // it here would open the keyboard over the board and hide the cursor)
    draw(); syncEntry();
  }
}

function step(i, dir) {
  if (!setClue(i, cycled(st.doc.clues[i], dir))) draw();
}

function dropPress() {
  pressed?.end();
  pressed = null;
}

function onUp(ev) {   // a press let go before it was long: one step forward
  if (!pressed || ev.pointerId !== pressed.pointer) return;
  const i = pressed.cell;
  dropPress();
  if (st.editing && st.doc) step(i, 1);
}

function onKey(ev) {   // document, capture phase: while editing, the game's keys are off
  if (!st.editing || !st.doc) return;
  if (inField(ev)) return;
  ev.stopPropagation();
  const command = commandKey(ev);
  if (command !== null) {
    if (command) { (command === "undo" ? undo : redo)(); ev.preventDefault(); }
    return;
  }
  if (ev.target.id === "edit-board" && !ev.altKey && !ev.ctrlKey && !ev.metaKey) boardKey(ev);
}

function boardKey(ev) {
  const d = st.doc, c = clue(), i = st.cursor, v = d.clues[i];
  const moved = arrowMove(d, i, ev.key);
  if (moved !== null) {
    st.cursor = moved; st.typing = null;
    ev.preventDefault(); draw(); syncEntry(); return;
  }
  if (ev.key === "Delete" || ev.key === "Backspace") {
    st.typing = null; setClue(i, null); ev.preventDefault(); return;
  }
  if (ev.key === "?" && c.blank) {
    st.typing = null; setClue(i, c.blank.value); ev.preventDefault(); return;
  }
  if (c.input === "numbers" && /^[0-9]$/.test(ev.key)) {
    const digit = Number(ev.key), more = st.typing === i;
    const joined = more && v !== null && v >= 0 ? v * 10 + digit : null;
    const next = joined !== null && allowed(joined) ? joined : digit;
    if (allowed(next)) {
      setClue(i, next, more); st.typing = i;
      if (joined !== null && next !== joined)   // "99" where clues stop at 14: say so, not silently 9
        say(`No ${joined} here: clues are ${rangeWords()}, so ${cellName(cursorCell())} starts again at ${digit}.`, "error");
    } else say(`Clues here are ${rangeWords()}.`, "error");
    ev.preventDefault(); return;
  }
  if (c.input === "cycle") {
    if (ev.key === " " || ev.key === "Enter") {
      setClue(i, cycled(v, ev.shiftKey ? -1 : 1)); ev.preventDefault(); return;
    }
    const t = fe().tokens.find(k => k.keys.includes(ev.key.toLowerCase()));
    if (t && c.cycle.includes(t.value)) { setClue(i, t.value); ev.preventDefault(); }
  }
}

const cursorCell = () => [Math.floor(st.cursor / st.doc.cols), st.cursor % st.doc.cols];

function rangeWords() {
  const c = clue();
  const parts = [];
  if (c.input === "cycle") parts.push(c.cycle.map(clueWord).join(" or "));
  else { const [low, high] = numberRange(c.numbers, st.doc); parts.push(`numbers ${low}…${high}`); }
  if (c.blank) parts.push(`"?" for a clue without a number`);
  return parts.join(", ");
}

function syncEntry() {   // the clue box (for touch screens) follows the cursor
  const c = clue(), v = st.doc.clues[st.cursor];
  $("clue-entry").hidden = c.input !== "numbers";
  $("clue-number").value = v === null ? "" : (c.blank && v === c.blank.value ? "?" : String(v));
  $("clue-number").setAttribute("aria-label", `Clue at ${cellName([Math.floor(st.cursor / st.doc.cols), st.cursor % st.doc.cols])}`);
  $("clue-blank").hidden = !c.blank;
  $("clue-blank").textContent = c.blank ? (c.blank.text || "○") + " no number" : "";
  const keys = c.input === "cycle"
    ? `Click, or press ${fe().tokens.filter(t => c.cycle.includes(t.value)).map(t => `${t.keys[0].toUpperCase()} for ${t.phrase}`).join(", ")}` +
      "; Space cycles, right click or a long press cycles back."
    : `Type a number ${numberRange(c.numbers, st.doc).join("…")}` + (c.blank ? `, or ? for a clue without a number.` : ".");
  $("clue-help").textContent = keys;
}

function entryChanged() {
  const c = clue(), text = $("clue-number").value.trim();
  const v = text === "" ? null : (text === "?" && c.blank ? c.blank.value : Number(text));
  if (allowed(v)) setClue(st.cursor, v);
  else { say(`Clues here are ${rangeWords()}.`, "error"); syncEntry(); }
}

// -- the helpers: each bounded by its budget and cancellable -----------------------------------
const HELPERS = ["redundant", "suggest", "thin"];
const LABELS = { redundant: "Redundant clues", suggest: "Suggest a clue", thin: "Thin" };

function stopHelper() {
  helping.cancel();
  st.helper = null;
  for (const h of HELPERS) { $(h).textContent = LABELS[h]; $(h).removeAttribute("aria-busy"); }
}

function helper(name) {
  if (st.helper === name) { stopHelper(); say("Cancelled."); return; }
  stopHelper();
  st.helper = name;
  $(name).textContent = "Cancel"; $(name).setAttribute("aria-busy", "true");
  const budget = limits().helper_budget;
  say("Working…");
  const doc = st.doc;
  helping.run(async signal => {
    try {
      const level = name === "thin" ? ownGrade() : top();
      const j = await post(name, { puzzle: textOf(doc), type: doc.type, level, budget }, { signal });
      if (signal.aborted || doc !== st.doc) return;
      stopHelper();
      DONE[name](j, doc);
    } catch (e) {
      if (signal.aborted) return;
      stopHelper();
      say(e.message.charAt(0).toUpperCase() + e.message.slice(1) + ".", "error");
    }
  });
}

const DONE = {
  redundant(j) {
    const can = j.clues.filter(k => k.removable), open = j.clues.filter(k => k.removable === null);
    st.redundant = can.map(k => k.cell);
    const each = can.slice(0, 12).map(k => cellName(k.cell) +
      (k.changes ? ` (grade becomes ${gradeText(k.grade)})` : "")).join(", ");
    say(can.length
      ? `${can.length} of ${j.clues.length} clues can go, one at a time, with the answer still unique ` +
        `(marked): ${each}${can.length > 12 ? " …" : ""}.`
      : `Every clue is needed: without any one of them the answer is no longer unique.`, "helper");
    if (open.length) $("studio-status").append(` ${open.length} not settled within the budget.`);
    draw();
  },
  suggest(j) {
    if (!j.cell) {
      say(j.complete ? "No single clue tells the two answers apart."
                     : "No clue found within the budget; try again or add one by hand.", "helper");
      return;
    }
    const v = valueOf(j.clue), after = j.after;
    st.suggestion = { cell: j.cell, value: v };
    const s = say(`Add ${clueWord(v)} at ${cellName(j.cell)}: the rules up to ${j.analysis.level} then decide ` +
                  counted(j.decided, "cell") + (after ? `, and the puzzle ${VERDICT_WORDS[after.verdict] ?? after.verdict}` +
                  (after.grade ? ` (grade ${gradeText(after.grade)})` : "") : "") + ". ", "helper");
    const b = document.createElement("button");
    b.type = "button"; b.id = "apply-suggestion"; b.textContent = "Add it";
    b.addEventListener("click", () => {
      const [r, c] = j.cell;
      st.typing = null; st.cursor = r * st.doc.cols + c;
      setClue(st.cursor, v);
      say(`Added ${clueWord(v)} at ${cellName(j.cell)}.`);
    });
    s.append(b);
    draw();
  },
  thin(j, doc) {
    const gone = new Set(j.removed.map(([r, c]) => r * doc.cols + c));
    const clues = doc.clues.map((v, i) => gone.has(i) ? null : v);
    const a = j.analysis;
    commit({ ...doc, clues });
    say(`Removed ${j.removed.length} clue${j.removed.length === 1 ? "" : "s"} ` +
        `(${j.clues_before} → ${j.clues_after}); the puzzle ` +
        (a.verdict === "unique" ? "is still unique" : VERDICT_WORDS[a.verdict] ?? a.verdict) +
        (a.grade ? `, grade ${gradeText(a.grade)}` : "") + "." +
        (j.complete ? "" : " The budget ran out first: press Thin again to go on.") + " Undo brings them back.", "helper");
  },
};

// -- export and play --------------------------------------------------------------------------
async function copy(id, what) {
  const el = $(id);
  try { await navigator.clipboard.writeText(el.value); say(`${what} copied.`); }
  catch { el.focus(); el.select(); say(`Press Ctrl+C to copy the ${what.toLowerCase()}.`); }
}

async function play() {
  const doc = st.doc;
  try {
    const p = await post("parse", { puzzle: textOf(doc), type: doc.type });
    st.from = p.url;
    if (st.analysis && !st.error && $("verdict").getAttribute("aria-busy") !== "true")
      st.play = { url: p.url, analysis: st.analysis, budget: st.budget };
    setEditing(false, false);
    document.dispatchEvent(new CustomEvent("puzzle-play", { detail: p }));
  } catch (e) { say(`Not playable yet: ${e.message}.`, "error"); }
}

// -- play mode: an opened puzzle shows its verdict and grade too -------------------------------------
function playVerdict(p, budget = st.kinds[p.type].limits.analyze_budget) {
  const box = $("verdict");
  if (p.source !== "url") { playing.cancel(); box.hidden = true; delete box.dataset.verdict; return; }
  const show = () => showVerdict(box, st.play.analysis, {
    budget: st.play.budget, maxBudget: st.kinds[p.type].limits.analyze_max_budget,
    refining: st.play.refining, editing: false, error: st.play.error,
    onMore: b => playVerdict(p, b), gradeName: g => rung(p.type, g).name,
  });
  if (st.play?.url === p.url && st.play.budget >= budget && !st.play.refining &&
      (st.play.analysis || st.play.error)) {
    box.setAttribute("aria-busy", "false"); show(); return;
  }
  box.setAttribute("aria-busy", "true");
  playing.run(async signal => {
    try {
      const body = { puzzle: p.url, type: p.type, budget };
      let a = await post("analyze", { ...body, upto: "probe" }, { signal });
      if (refinable(a) && !signal.aborted && !st.editing && st.shown?.url === p.url) {
        st.play = { url: p.url, analysis: a, budget, refining: true };
        show();
        a = await post("analyze", { ...body, upto: "case" }, { signal });
      }
      st.play = { url: p.url, analysis: a, budget };
    } catch (e) {
      if (signal.aborted) return;
      st.play = { url: p.url, analysis: null, error: e, budget };
    }
    if (signal.aborted || st.editing || st.shown?.url !== p.url) return;
    box.setAttribute("aria-busy", "false");
    show();
    const a = st.play.analysis;   // the game's heading and print sheet show the grade too
    if (a?.verdict === "unique" && a.grade)
      document.dispatchEvent(new CustomEvent("puzzle-graded", { detail: { url: p.url, grade: a.grade } }));
  });
}

// -- the mode -------------------------------------------------------------------------------------
// The verdict box: under the board being edited; playing, where the game's
// status line is (an opened puzzle's verdict is what the game says of it
// before the first move, as a dealt board's note is).
function placeVerdict(on) {
  if (on) $("cell-live").after($("verdict"));
  else $("status").after($("verdict"));
}

function setEditing(on, back = true) {   // back: the game shows what it showed before
  if (on && !st.shown) return;
  st.editing = on;
  document.body.dataset.mode = on ? "edit" : "play";
  placeVerdict(on);
  $("edit").setAttribute("aria-pressed", String(on));
  $("board").inert = on;
  if (!on && st.doc) keep();
  if (on) {
    playing.cancel();
    $("verdict").hidden = true;
    if (!st.doc || st.from !== st.shown.url) { st.doc = null; take(st.shown); }
    else { edited(); ask(0); }
    verdict();
    $("edit-board").focus({ preventScroll: true });
  } else {
    asked.cancel(); stopHelper();
    document.dispatchEvent(new CustomEvent("board-size", { detail: st.shown }));
    if (back) playVerdict(st.shown);
  }
}

function shown(ev) {
  const { puzzle, kind: k } = ev.detail, first = !st.shown;
  st.shown = puzzle;
  if (k) st.kinds[puzzle.type] = k;
  const [low, high] = st.kinds[puzzle.type].limits.sides;   // the editor's size inputs
  for (const id of ["rows", "cols"]) { $(id).min = low; $(id).max = high; }
  const saved = first ? kept() : null;
  // A reload shows the puzzle the editor was opened on: reopen the editor as it was.
  if (saved?.editing && saved.from === puzzle.url && saved.doc?.type === puzzle.type) {
    st.doc = saved.doc; st.from = puzzle.url; st.history = History.from(saved.history);
    setEditing(true);
  } else if (st.editing) take(puzzle);
  else {
    // a page opened on another puzzle left the editor: the same board met again later plays
    if (saved?.editing) write(KEYS.studio, { ...saved, editing: false });
    playVerdict(puzzle);
  }
}

function setup() {
  document.addEventListener("puzzle-shown", shown);
  document.addEventListener("keydown", onKey, true);
  const svg = $("edit-board");
  svg.addEventListener("pointerdown", onDown);
  window.addEventListener("pointerup", onUp);
  window.addEventListener("pointercancel", dropPress);
  svg.addEventListener("contextmenu", ev => ev.preventDefault());
  svg.addEventListener("focus", () => { st.focused = true; draw(); });
  svg.addEventListener("blur", () => { st.focused = false; draw(); });
  $("edit").addEventListener("click", () => setEditing(!st.editing));
  $("edit-undo").addEventListener("click", undo);
  $("edit-redo").addEventListener("click", redo);
  $("play").addEventListener("click", play);
  for (const id of ["rows", "cols"])
    $(id).addEventListener("change", () => {
      const rows = side($("rows")), cols = side($("cols"));
      if (rows && cols) resize(rows, cols);
      else { $("rows").value = st.doc.rows; $("cols").value = st.doc.cols; }
    });
  $("blank").addEventListener("click", () => {
    const rows = side($("rows")), cols = side($("cols"));
    if (rows && cols) commit({ type: st.doc.type, rows, cols, clues: new Array(rows * cols).fill(null) });
  });
  $("clue-number").addEventListener("change", entryChanged);
  $("clue-number").addEventListener("focus", () => { st.entering = true; draw(); });
  $("clue-number").addEventListener("blur", () => { st.entering = false; draw(); });
  $("clue-blank").addEventListener("click", () => { setClue(st.cursor, clue().blank.value); });
  $("clue-clear").addEventListener("click", () => { setClue(st.cursor, null); });
  for (const h of HELPERS) $(h).addEventListener("click", () => helper(h));
  $("copy-url").addEventListener("click", () => copy("export-url", "URL"));
  $("copy-text").addEventListener("click", () => copy("export-text", "Text grid"));
  exportAs.wire({ say, copy: () => copy("export-format-text", "Export") });
  document.body.dataset.mode = "play";
  placeVerdict(false);
}

setup();
document.dispatchEvent(new CustomEvent("studio-ready"));   // the board shown before this module ran
