// Pausing: the Pause button, or hiding the tab, stops the clock; a paused
// board is covered so it cannot be played blind.
import { $ } from "./dom.js";

export function showPaused(game) {
  $("board").classList.toggle("paused", game.clock.paused);
  $("pause").textContent = game.clock.paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(game.clock.paused));
}

function resume(game) {
  if (!game.solved && !game.clock.paused && !document.hidden) game.clock.start();
}

function togglePause(game, save) {
  game.clock.paused = !game.clock.paused;
  if (game.clock.paused) game.clock.stop(); else resume(game);
  showPaused(game); save();
}

// save(): keeps the game (its clock) across a reload.
export function wire(game, { save }) {
  $("pause").addEventListener("click", () => game.puzzle && togglePause(game, save));
  document.addEventListener("visibilitychange", () => {
    if (!game.puzzle) return;
    if (document.hidden) { game.clock.stop(); save(); } else resume(game);
  });
}
