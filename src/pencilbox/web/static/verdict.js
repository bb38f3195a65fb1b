// The verdict on a board, as POST /api/analyze gives it: unique (with its
// grade), several (two answers and where they differ), none (the
// contradiction and its cells) or unknown (the budget ran out first). In the
// editor its first line is the server's own words for it (`summary`), the
// words every surface uses: the command line, printed sheets and this page
// say the same. A player (a puzzle opened to play) reads it in a player's
// words instead: the difficulty by its name, never a rung's or the solver's
// terms. Requests run one at a time per purpose: a newer one aborts the older.
import { cellName } from "./board.js";
import { capital, counted } from "./dom.js";

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

// A grade in the verdict's words: "bridge", "case" (the case rung), "beyond the ladder".
export function gradeText(grade) {
  return grade === "beyond" ? "beyond the ladder" : grade;
}

const sentence = capital;

// A unique board graded by a rung of the ladder (not the case rung, not beyond it).
const onTheLadder = a => a.verdict === "unique" && a.grade !== null && a.grade !== "case" && a.grade !== "beyond";

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

// Fill the verdict box. o: {budget, maxBudget, editing, view, refining, onView(v), onMore(budget), gradeName(g)}
// (budget: the work units asked for; maxBudget: the most the server grants
// one request; refining: the full grade is on its way; gradeName: the
// player's name for a grade, "Hard", shown beside the server's words).
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
      again.append(button("again", "Ask again", () => o.onMore(o.budget)));
      box.append(again);
    }
    return;
  }
  box.dataset.verdict = a.verdict;
  box.dataset.grade = a.grade ?? "";
  box.dataset.upto = a.upto;
  const open = a.undecided.length;
  // Cut short: a unique answer not yet graded, or a second answer not yet shown.
  const short = a.verdict === "unknown" || (a.verdict === "unique" && a.grade === null) ||
    (a.verdict === "several" && a.solutions.length < 2);
  if (!o.editing) {
    box.append(playersLine(a, o));
    if (short && !o.refining) box.append(further(o));
    return;
  }
  // The server's words; a grade among them is marked up as such.
  const words = sentence(a.summary), at = a.verdict === "unique" && a.grade !== null
    ? words.indexOf("grade ") : -1;
  const summary = node("strong", undefined, { class: "summary" });
  const name = at >= 0 ? o.gradeName?.(a.grade) : undefined, named = name && name !== a.grade;
  if (at >= 0) summary.append(words.slice(0, at + 6), node("b", words.slice(at + 6), { class: "grade" }),
                              named ? ` (${name}).` : ".");
  else summary.append(words + ".");
  line.append(summary, " ");
  if (a.verdict === "several") {
    line.append(a.differ.length
      ? `Two of them differ in ${counted(a.differ.length, "cell")}` +
        (o.editing ? " (marked)." : `: ${cellList(a.differ)}.`)
      : sentence(a.reason) + ".");
  } else if (onTheLadder(a)) {   // in a player's words, not the solver's ("the bridge fixpoint finishes it")
    line.append(`The rules up to ${a.grade} finish it without a guess.`);
  } else {
    line.append(sentence(a.reason) + ".");
    if (a.verdict === "none" && a.cells.length) line.append(` Cells: ${cellList(a.cells, 12)}.`);
  }
  if (o.refining) line.append(node("span", " Refining the grade with the case rung…", { class: "refining" }));
  box.append(line);
  const actions = node("p", undefined, { class: "verdict-actions" });
  if (o.editing && a.solutions.length) {
    const views = [["clues", "Clues"], ...a.solutions.map((_, k) =>
      [k, a.solutions.length > 1 ? `Answer ${k + 1}` : "Answer"])];
    for (const [v, text] of views)
      actions.append(button(v === "clues" ? "show-clues" : `show-answer-${v + 1}`, text,
                            () => o.onView(v), o.view === v));
  }
  if (short && !o.refining) actions.append(...further(o).childNodes);
  if (actions.childNodes.length) box.append(actions);
  if (o.editing && open && a.verdict !== "none")
    box.append(node("p", `${counted(open, "cell")} the rules up to ${a.level} leave open ` +
                         `${open > 1 ? "are" : "is"} shaded.`, { class: "verdict-note" }));
}

// Look further: twice the work, up to the most one request may spend.
function further(o) {
  const actions = node("p", undefined, { class: "verdict-actions" });
  const more = Math.min(o.maxBudget, 2 * o.budget);
  if (more > o.budget) actions.append(button("more", "Look further", () => o.onMore(more)));
  else actions.append(node("span", "That is the most work one request may spend."));
  return actions;
}

// The verdict as a player reads it: how many answers, and how hard by its
// difficulty name (o.gradeName), in plain words.
function playersLine(a, o) {
  const line = node("p", undefined, { class: "verdict-line" });
  const say = (lead, text) => line.append(node("strong", lead, { class: "summary" }), " ", text);
  const name = a.grade === null ? "" : a.grade === "beyond" ? "beyond Fiendish" : o.gradeName?.(a.grade) ?? a.grade;
  if (a.verdict === "unique" && a.grade === null) {
    say("One answer.", "How hard it is was not settled within the work allowed.");
  } else if (a.verdict === "unique" && a.grade === "beyond") {
    say("One answer, beyond Fiendish.", "No chain of the rules here finishes it: somewhere a value has to be " +
        "tried and, when it fails, taken back.");
  } else if (a.verdict === "unique") {
    const lead = node("strong", undefined, { class: "summary" });
    lead.append("One answer, ", node("b", name, { class: "grade" }), ".");
    line.append(lead, " ", a.grade === "case"
      ? "Its hardest steps try a value in a cell and follow every way it can go."
      : `The rules up to ${name} finish it without a guess.`);
  } else if (a.verdict === "several") {
    say("More than one answer.", "This is not a proper puzzle" + (a.differ.length
      ? `: two of its answers differ in ${counted(a.differ.length, "cell")} (${cellList(a.differ)}).`
      : "."));
  } else if (a.verdict === "none") {
    say("No answer.", "Its clues contradict each other" +
        (a.cells.length ? `: look at ${cellList(a.cells, 12)}.` : "."));
  } else {
    say("Not settled yet.", "The solver stopped before it could tell whether this puzzle has one answer.");
  }
  if (o.refining) line.append(node("span", " Working out how hard it is…", { class: "refining" }));
  return line;
}
