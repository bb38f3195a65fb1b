// The on-screen number pad, under the board, for a puzzle of numbers: its
// keys type as the keyboard does (digits, delete, clear, and ✓ for a pencil mark).
import { $ } from "./dom.js";

export function loaded(fe) {
  $("pad").hidden = fe.input !== "numbers";
}

// typeDigit(key): the game's typing at the cursor.
export function wire(game, { typeDigit }) {
  $("pad").addEventListener("click", ev => {
    const key = ev.target.closest?.("button")?.dataset.key;
    if (!key || !game.puzzle) return;
    typeDigit(key);
    $("board").focus({ preventScroll: true });
  });
}
