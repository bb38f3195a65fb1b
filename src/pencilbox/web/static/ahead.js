// A Hint before the static site's engine has started (engine.js asks):
// the build wrote, for each bank board, the hints a player gets from the
// empty board at the top rung, each filled in before the next, with the
// marks each one needs (pencilbox/site/ahead.py, engine/hints.py's chain):
// the clues and those marks alone decide its cell. On the player's board
// the hint is the first of them whose cell is still empty, whose rung the
// player's level allows, and whose needed marks the board holds; it is
// answered as the engine answers one (the API's JSON). Marks that differ
// from the answer are named instead, as the engine names them. Anything
// else (a board with no such hint, marks the engine would refuse) is left
// to the engine: null.

const EMPTY = new Set(["?", "."]);
const NAMED = 8;   // wrong cells named in the words, as the engine names them

// The 64-bit FNV-1a hash of the URL's UTF-8 bytes, in hex: the name of its
// chain's file (ahead.py's url_key).
export function urlKey(url) {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(url)) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, "0");
}

const cellJson = (chain, i) => [Math.floor(i / chain.cols), i % chain.cols];
const cellName = (chain, i) => `r${Math.floor(i / chain.cols) + 1}c${(i % chain.cols) + 1}`;

// The answer to the /api/hint body {puzzle, marks, level} from the board's
// chain, or null.
export function hintFrom(chain, { puzzle, marks, level }) {
  if (puzzle !== chain.url) return null;
  const top = chain.levels.indexOf(chain.level);
  const asked = level === undefined || level === null ? chain.levels[top] : level;
  const allowed = asked === "case" ? top : chain.levels.indexOf(asked);
  if (allowed < 0) return null;
  const cells = chain.answer.length, rows = cells / chain.cols;
  const split = (marks ?? []).map(row => String(row).trim().split(/\s+/));
  if (marks && (split.length !== rows || split.some(r => r.length !== chain.cols))) return null;
  const board = marks ? split.flat().map(t => (EMPTY.has(t) ? null : t)) : new Array(cells).fill(null);
  const known = new Set(chain.answer);
  if (board.some(t => t !== null && !known.has(t))) return null;
  const base = { level: asked, rule: null, premises: [], wrong: [], suggest: null };
  const wrong = board.flatMap((t, i) => (t !== null && t !== chain.answer[i] ? [i] : []));
  if (wrong.length) {
    const more = wrong.length > NAMED ? ` and ${wrong.length - NAMED} more` : "";
    const names = wrong.slice(0, NAMED).map(i => cellName(chain, i)).join(", ");
    return { ...base, status: "contradiction", reason: `these marks cannot be right: ${names}${more}`,
             wrong: wrong.map(i => cellJson(chain, i)) };
  }
  for (const [cell, value, rule, rung, reason, premises, needs] of chain.links) {
    if (board[cell] !== null || rung > allowed || needs.some(i => board[i] === null)) continue;
    return { ...base, status: "hint", reason, rule, premises, cell: cellJson(chain, cell), value };
  }
  if (board.every(t => t !== null)) return { ...base, status: "solved", reason: "every cell is already decided" };
  return null;
}
