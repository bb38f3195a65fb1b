// What the page keeps in localStorage, every key named here once. Values are
// JSON. Reading and writing never throw: with storage off (a private window)
// or full, nothing is kept and the page goes on without it.

const PREFIX = "pencilbox:";

export const KEYS = {
  last: PREFIX + "last",                    // the puzzle on screen, the levels, the game it replaced:
                                            // {puzzle, level, hintLevel, previous, next}
  settings: PREFIX + "settings",            // the player's toggles: {showErrors, errorsFrom, pencil, theory,
                                            // zoom, rulesSeen}
  records: PREFIX + "records",              // best times and solved counts: {"type RxC grade": record}
  studio: PREFIX + "studio",                // the editor's document: {doc, from, editing, history}
  board: url => PREFIX + "board:" + url,    // a board's marks, clock, undo history, cursor, help taken
  notes: url => PREFIX + "notes:" + url,    // a board's pencil marks: {cell: [numbers]}
};

// The value kept under key, or fallback when there is none (or it cannot be read).
export function read(key, fallback = null) {
  try {
    const text = window.localStorage.getItem(key);
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

// Keep value under key; false when it could not be kept.
export function write(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  try {
    window.localStorage.removeItem(key);
  } catch { /* storage off: nothing was kept */ }
}
