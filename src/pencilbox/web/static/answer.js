// The puzzle's answer, asked of the server once per board: Reveal, and
// "show my errors" (each mark that differs from the answer is marked as it
// is made).
import * as api from "./api.js";
import { $ } from "./dom.js";
import { saveSettings, settings } from "./settings.js";

let app = null;                       // the game's callbacks, set by wire()
const answer = { url: null, tokens: null, asking: null, error: null };   // error: why there is none

// A new board is shown: forget the last board's answer; mark errors if asked to.
export function loaded(game, p) {
  if (answer.url !== p.url) Object.assign(answer, { url: p.url, tokens: null, asking: null, error: null });
  if (settings.showErrors) markErrors(game);
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
  try {
    const tokens = await answerOf(game);
    if (!settings.showErrors || !game.puzzle || answer.url !== game.puzzle.url) return;
    game.errors = wrongCells(game, tokens);
    app.draw();
  } catch (e) {
    if (settings.showErrors && answer.url === game.puzzle?.url)
      app.say(`"Show my errors" cannot mark anything, because ${e.message}.`, "error");
  }
}

// After every change of marks: keep the errors shown when the toggle is on.
export function changed(game) {
  if (!settings.showErrors || answer.error) return;
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

// game's callbacks: {say, draw, setMarks, changed}
export function wire(game, callbacks) {
  app = callbacks;
  const box = $("show-errors");
  box.checked = settings.showErrors;
  box.addEventListener("change", () => {
    settings.showErrors = box.checked;
    saveSettings();
    if (!game.puzzle) return;
    if (box.checked) markErrors(game); else { game.errors = []; app.draw(); }
  });
  $("reveal").addEventListener("click", () => game.puzzle && reveal(game));
}
