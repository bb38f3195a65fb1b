// The verdict on a board, as POST /api/analyze gives it: unique (with its
// grade), several (two answers and where they differ), none (the
// contradiction and its cells) or unknown (the budget ran out first).
// Requests run one at a time per purpose: a newer one aborts the older.
import { cellName } from "./board.js";

// The latest of a stream of requests: run() cancels the one before it
// (its timer, and its fetch through the AbortController its work was given).
export class Latest {
  constructor() { this.timer = 0; this.ctl = null; }
  get running() { return this.ctl !== null; }
  cancel() {
    clearTimeout(this.timer);
    this.ctl?.abort();
    this.ctl = null;
  }
  // work(signal) is async and handles its own errors; it runs after `delay` ms.
  run(work, delay = 0) {
    this.cancel();
    const ctl = new AbortController();
    this.ctl = ctl;
    this.timer = setTimeout(async () => {
      try { await work(ctl.signal); }
      finally { if (this.ctl === ctl) this.ctl = null; }
    }, delay);
  }
}

export function cellList(cells, most = 8) {
  const names = cells.slice(0, most).map(cellName).join(", ");
  return cells.length > most ? `${names} and ${cells.length - most} more` : names;
}

// "bridge", or for a puzzle no fixpoint finishes: "beyond probe, unique by search".
export function gradeText(grade, levels) {
  return grade === "beyond" ? `beyond ${levels[levels.length - 1]}, unique by search` : grade;
}

function node(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function button(id, text, onClick, pressed) {
  const b = node("button", text, { id, type: "button" });
  if (pressed !== undefined) b.setAttribute("aria-pressed", String(pressed));
  b.addEventListener("click", onClick);
  return b;
}

// Fill the verdict box. o: {levels, seconds, maxSeconds, editing, view, onView(v), onMore(seconds)}
// (maxSeconds: the most the server grants one request).
// An error (a board the API refuses) shows as data-verdict="invalid" with its message.
export function showVerdict(box, a, o) {
  box.hidden = false;
  box.replaceChildren();
  const line = node("p", undefined, { class: "verdict-line" });
  const lead = text => line.append(node("strong", text), " ");
  if (o.error) {
    box.dataset.verdict = o.error.status && o.error.status < 500 ? "invalid" : "error";
    lead(box.dataset.verdict === "invalid" ? "Not a puzzle yet:" : "No verdict:");
    line.append(o.error.message);
    box.append(line);
    if (box.dataset.verdict === "error") {   // busy or unreachable: worth asking again
      const again = node("p", undefined, { class: "verdict-actions" });
      again.append(button("again", "Ask again", () => o.onMore(o.seconds)));
      box.append(again);
    }
    return;
  }
  box.dataset.verdict = a.verdict;
  const open = a.undecided.length;
  // Cut short: a unique answer not yet graded, or a second answer not yet shown.
  const short = a.verdict === "unknown" || (a.verdict === "unique" && a.grade === null) ||
    (a.verdict === "several" && a.solutions.length < 2);
  if (a.verdict === "unique" && a.grade === null) {
    lead("Unique.");
    line.append(a.reason.charAt(0).toUpperCase() + a.reason.slice(1) + ".");
  } else if (a.verdict === "unique") {
    lead("Unique.");
    line.append("Grade ", node("b", gradeText(a.grade, o.levels), { class: "grade" }),
                a.grade === "beyond" ? "." : ": the lowest level whose fixpoint finishes it.");
  } else if (a.verdict === "several") {
    lead("Several answers.");
    line.append(a.differ.length
      ? `Two of them differ in ${a.differ.length} cell${a.differ.length > 1 ? "s" : ""}` +
        (o.editing ? " (marked)." : `: ${cellList(a.differ)}.`)
      : a.reason + ".");
  } else if (a.verdict === "none") {
    lead("No answer.");
    line.append(a.reason.charAt(0).toUpperCase() + a.reason.slice(1) + ".");
    if (a.cells.length) line.append(` Cells: ${cellList(a.cells, 12)}.`);
  } else {
    lead("Unknown.");
    line.append(a.reason.charAt(0).toUpperCase() + a.reason.slice(1) + ".");
  }
  box.append(line);
  const actions = node("p", undefined, { class: "verdict-actions" });
  if (o.editing && a.solutions.length) {
    const views = [["clues", "Clues"], ...a.solutions.map((_, k) =>
      [k, a.solutions.length > 1 ? `Answer ${k + 1}` : "Answer"])];
    for (const [v, text] of views)
      actions.append(button(v === "clues" ? "show-clues" : `show-answer-${v + 1}`, text,
                            () => o.onView(v), o.view === v));
  }
  if (short) {
    const more = Math.min(o.maxSeconds, 2 * o.seconds);
    if (more > o.seconds) actions.append(button("more", `Spend ${more} s`, () => o.onMore(more)));
    else actions.append(node("span", `${o.maxSeconds} s is the most one request may spend.`));
  }
  if (actions.childNodes.length) box.append(actions);
  if (o.editing && open && a.verdict !== "none")
    box.append(node("p", `${open} cell${open > 1 ? "s" : ""} the ${a.level} fixpoint leaves open ` +
                         `${open > 1 ? "are" : "is"} shaded.`, { class: "verdict-note" }));
}
