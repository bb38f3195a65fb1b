// The player's toggles, kept across reloads: "show my errors", pencil marks,
// the theory overlay and the zoom of big boards (null: as the screen suits).
import { KEYS, read, write } from "./storage.js";

export const settings = Object.assign({ showErrors: false, pencil: false, theory: true, zoom: null },
                                      read(KEYS.settings, {}));

export function saveSettings() { write(KEYS.settings, settings); }
