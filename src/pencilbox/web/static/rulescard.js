// The rules of the puzzle on screen, in a few plain sentences (the
// descriptor's `rules`) beside a small solved example drawn by the board's
// own code (board.js). A player's first game of each puzzle opens with them;
// Got it folds them away (remembered per puzzle), Rules brings them back.
// The page comes with the card open and the first board's rules written in
// (or folded, firstpaint.js): a board showing the same keeps them as they
// are, so what was painted first is not painted again.
import { render } from "./board.js";
import { $ } from "./dom.js";
import { saveSettings, settings } from "./settings.js";

let type = null;   // the puzzle whose rules the card holds

function open(on) {
  $("rules-card").hidden = !on;
  delete document.documentElement.dataset.rules;   // firstpaint.js's fold: this says now
  $("rules-show").setAttribute("aria-expanded", String(on));
}

// A board of `kind` is shown; `how` says how its cells are filled in.
export function loaded(kind, how) {
  const fe = kind.frontend, again = type === kind.type;
  type = kind.type;
  const title = `How to play ${kind.title}`, sentences = fe.rules?.length ? fe.rules : [kind.summary];
  const list = $("rules-list"), written = [...list.children].map(li => li.textContent);
  if ($("rules-title").textContent !== title) $("rules-title").textContent = title;
  if (written.length !== sentences.length || sentences.some((t, i) => t !== written[i]))
    list.replaceChildren(...sentences.map(t => {
      const li = document.createElement("li");
      li.textContent = t;
      return li;
    }));
  if ($("rules-how").textContent !== how) $("rules-how").textContent = how;
  const ex = fe.example, figure = $("rules-board").closest("figure");
  figure.hidden = !ex;
  if (ex) {
    render($("rules-board"), { puzzle: ex, frontend: fe, marks: ex.answer, cursor: null,
                               sheet: true, solved: true, theory: true });
    $("rules-board").setAttribute("aria-label", `A small ${kind.title} solved: ${sentences.join(" ")}`);
    // a picture, read by its label: not a grid of rows and cells as the board is
    $("rules-board").removeAttribute("aria-rowcount");
    $("rules-board").removeAttribute("aria-colcount");
    for (const part of $("rules-board").querySelectorAll("[role], [aria-label]")) {
      part.removeAttribute("role");
      part.removeAttribute("aria-label");
    }
  }
  const seen = settings.rulesSeen?.[kind.type];
  if (!seen) open(true);
  else if (!again) open(false);
}

export function wire() {
  $("rules-done").addEventListener("click", () => {
    settings.rulesSeen = { ...settings.rulesSeen, [type]: true };
    saveSettings();
    open(false);
    $("rules-show").focus({ preventScroll: true });
    // read below the board (a phone), the rules gave way to the game: back to the board
    if ($("board").getBoundingClientRect().top < 0) window.scrollTo({ top: 0 });
  });
  $("rules-show").addEventListener("click", () => {
    const on = $("rules-card").hidden;
    open(on);
    if (on) $("rules-card").scrollIntoView({ block: "nearest" });
  });
}
