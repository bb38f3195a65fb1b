// "Show my errors" and Reveal. Errors are shown as the player plays, by the
// rules (the default: after each move the board is checked, and the cells
// of every rule it already breaks are marked, as Check would, without the
// solver's proofs that it can no longer be completed: nothing the rules do
// not say outright), or by the answer (each mark that differs from it: a
// spoiler, chosen as such). The answer is asked of the server once per
// board, for Reveal too.
import * as api from "./api.js";
import { $ } from "./dom.js";
import { saveSettings, settings } from "./settings.js";
import { Latest } from "./verdict.js";

let app = null;                       // the game's callbacks, set by wire()
const checking = new Latest();        // the live check of the rules, the latest move's
const byRules = () => settings.errorsFrom !== "answer";
const answer = { url: null, tokens: null, asking: null, error: null };   // error: why there is none

// A new board is shown: forget the last board's answer; mark errors if asked to.
export function loaded(game, p) {
  if (answer.url !== p.url) Object.assign(answer, { url: p.url, tokens: null, asking: null, error: null });
  if (settings.showErrors) markErrors(game);
}

// The cells of every rule the marks break (the check's violations, less
// an empty board's and the ladder's refutation), after a short pause.
function checkRules(game) {
  const p = game.puzzle, marks = game.marks.slice(), version = game.version;
  checking.run(async signal => {
    try {
      const j = await api.post("check", { puzzle: p.url, marks: app.rows(marks) }, { signal, busy: true });
      if (signal.aborted || game.version !== version || !settings.showErrors || !byRules()) return;
      const broken = j.violations.filter(v => v.code !== "empty" && v.code !== "refuted");
      game.errors = [...new Set(broken.flatMap(v => v.cells.map(([r, c]) => r * p.cols + c)))];
      app.draw();
    } catch (e) {
      if (!signal.aborted && e.status) app.say(`"Show my errors" cannot check the board now: ${e.message}.`, "error");
    }
  }, 150);
}

// The answer's tokens; throws, with the server's reason, when the puzzle has
// no unique answer (remembered: asked once per board) or the server is busy.
async function answerOf(game) {
  const url = game.puzzle.url;
  if (answer.url === url && answer.tokens) return answer.tokens;
  if (answer.url === url && answer.error) throw new Error(answer.error);
  if (answer.url !== url || !answer.asking) {
    Object.assign(answer, { url, tokens: null, error: null });
    answer.asking = api.post("answer", { puzzle: url }, { busy: true }).then(j => {
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
  if (byRules()) { checkRules(game); return; }
  try {
    const tokens = await answerOf(game);
    if (!settings.showErrors || byRules() || !game.puzzle || answer.url !== game.puzzle.url) return;
    game.errors = wrongCells(game, tokens);
    app.draw();
  } catch (e) {
    if (settings.showErrors && !byRules() && answer.url === game.puzzle?.url)
      app.say(`"Show my errors" cannot mark anything, because ${e.message}.`, "error");
  }
}

// After every change of marks: keep the errors shown when the toggle is on.
export function changed(game) {
  if (!settings.showErrors) return;
  if (byRules()) { checkRules(game); return; }
  if (answer.error) return;
  if (answer.tokens && answer.url === game.puzzle.url) game.errors = wrongCells(game, answer.tokens);
  else markErrors(game);
}

async function reveal(game) {   // asks the answer first: a board with none says so at once
  if (game.clock.paused) { app.say("The game is paused: resume it to reveal the answer."); return; }
  let tokens;
  try { tokens = await answerOf(game); }
  catch (e) {
    app.say(`${e.status === 400 ? "No answer to reveal" : "Cannot reveal now"}, because ${e.message}.`, "error");
    return;
  }
  if (!window.confirm("Reveal the whole answer? Your marks are replaced (Undo brings them back).")) return;
  // the game says it was revealed (not solved) once the board is checked
  if (app.setMarks(tokens.map((t, i) => [i, t]))) app.changed({ revealed: true });
  else app.say("Your marks already are the answer.", "solved");
}

// The choice of how errors are shown appears once they are.
function showChoice() { $("errors-from-label").hidden = !settings.showErrors; }

// game's callbacks: {say, draw, setMarks, changed, rows(marks)}
export function wire(game, callbacks) {
  app = callbacks;
  const box = $("show-errors"), from = $("errors-from");
  box.checked = settings.showErrors;
  from.value = byRules() ? "rules" : "answer";
  showChoice();
  const again = () => {
    saveSettings(); showChoice();
    checking.cancel();
    if (!game.puzzle) return;
    game.errors = []; app.draw();
    if (settings.showErrors) markErrors(game);
  };
  box.addEventListener("change", () => { settings.showErrors = box.checked; again(); });
  from.addEventListener("change", () => { settings.errorsFrom = from.value; again(); });
  $("reveal").addEventListener("click", () => game.puzzle && reveal(game));
}
