// The rules of the puzzle on screen, in a few plain sentences (the
// descriptor's `rules`) beside a small solved example drawn by the board's
// own code (board.js). A player's first game of each puzzle opens with them;
// Got it folds them away (remembered per puzzle), Rules brings them back.
import { render } from "./board.js";
import { $ } from "./dom.js";
import { saveSettings, settings } from "./settings.js";

let type = null;   // the puzzle whose rules the card holds

function open(on) {
  $("rules-card").hidden = !on;
  $("rules-show").setAttribute("aria-expanded", String(on));
}

// A board of `kind` is shown; `how` says how its cells are filled in.
export function loaded(kind, how) {
  const fe = kind.frontend, again = type === kind.type;
  type = kind.type;
  $("rules-title").textContent = `How to play ${kind.title}`;
  const sentences = fe.rules?.length ? fe.rules : [kind.summary];
  $("rules-list").replaceChildren(...sentences.map(t => {
    const li = document.createElement("li");
    li.textContent = t;
    return li;
  }));
  $("rules-how").textContent = how;
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
