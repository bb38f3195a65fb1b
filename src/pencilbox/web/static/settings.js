// The player's toggles, kept across reloads: "show my errors" (and whether
// by the rules or by the answer), pencil marks, the theory overlay, the zoom
// of big boards (null: as the screen suits) and the puzzles whose rules the
// player has folded away.
import { KEYS, read, write } from "./storage.js";

export const settings = Object.assign({ showErrors: false, errorsFrom: "rules", pencil: false, theory: true,
                                        zoom: null, rulesSeen: {} }, read(KEYS.settings, {}));

export function saveSettings() { write(KEYS.settings, settings); }
