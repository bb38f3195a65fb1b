// The player's records, kept in this browser: per puzzle type, size and
// grade, how many boards were solved and the best time. A board counts once
// (solving it again after Undo does not), a revealed one never, and a best
// time only comes from a board solved without Hint filling a cell in.
import { $ } from "./dom.js";
import { KEYS, read, write } from "./storage.js";
import { clockText as time } from "./timer.js";

const shelf = p => `${p.type} ${p.rows}x${p.cols} ${p.grade || ""}`;

// The board p was solved in ms, helped or not: its shelf's record, updated,
// and whether the time is a new best.
export function solved(p, ms, helped) {
  const all = read(KEYS.records, {}), key = shelf(p);
  const r = all[key] ?? { type: p.type, title: p.title, rows: p.rows, cols: p.cols, grade: p.grade || "", solved: 0, best: null };
  r.solved += 1;
  const best = !helped && (r.best === null || ms < r.best);
  if (best) r.best = ms;
  all[key] = r;
  write(KEYS.records, all);
  return { ...r, newBest: best };
}

// The record line of the board on screen, and the table of every record;
// gradeName(type, level) names a grade as the player knows it.
export function show(p, gradeName) {
  const all = read(KEYS.records, {}), r = p ? all[shelf(p)] : null;
  const name = x => `${x.title} ${x.rows}×${x.cols}` + (x.grade ? ` · ${gradeName(x.type, x.grade)}` : "");
  $("record").textContent = r ? `Solved ${r.solved}` + (r.best !== null ? ` · best ${time(r.best)}` : "") : "";
  const rows = Object.values(all).sort((a, b) => name(a).localeCompare(name(b))).map(x => {
    const tr = document.createElement("tr");
    for (const text of [name(x), String(x.solved), x.best === null ? "–" : time(x.best)]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  });
  $("records-table").tBodies[0].replaceChildren(...rows);
  $("records").hidden = rows.length === 0;
}
