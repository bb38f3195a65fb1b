// The player's toggles, kept across reloads: "show my errors" and pencil marks.
import { KEYS, read, write } from "./storage.js";

export const settings = Object.assign({ showErrors: false, pencil: false }, read(KEYS.settings, {}));

export function saveSettings() { write(KEYS.settings, settings); }
