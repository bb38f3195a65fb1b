// The two level controls and the players' names for the rungs. Difficulty
// (#level) is the grade of new boards (a type's deal_levels) and the rung
// the editor's fixpoint and Thin keep to; "Hints reason at" (#hint-level)
// is the rung Hint uses (hint_levels: the ladder, any rungs above probe,
// the case rung on top). Each rung shows as its player's name and its own
// ("Easy · window"), its rule beside the control; the names come from
// /api/puzzles (each type's grades).
import { $ } from "./dom.js";

let kinds = {};   // type -> its /api/puzzles entry

export function known(all) { kinds = all; }

// The rung of a type's ladder: {level, name, rule} (a level the server did not list stays as it is).
export function rung(type, level) {
  return kinds[type]?.grades?.find(g => g.level === level) ?? { level, name: level, rule: "" };
}

// A grade as the game names it: "Hard (bridge)".
export function gradeName(type, level) {
  const g = rung(type, level);
  return g.name === level ? level : `${g.name} (${level})`;
}

function fill(sel, type, levels, want, fallback) {
  const options = levels.map(l => { const g = rung(type, l); return new Option(`${g.name} · ${l}`, l); });
  if ([...sel.options].map(o => o.text).join() !== options.map(o => o.text).join()) sel.replaceChildren(...options);
  sel.value = levels.includes(want) ? want : fallback;
}

function showRule(sel, note, type) {
  const g = rung(type, sel.value);
  note.textContent = g.rule ? `${g.name}, ${g.level}: ${g.rule}` : "";
}

// Fill both controls for a type: the deal's grade (want, else the easiest)
// and the hint's rung (wantHint, else the one below the case rung: the
// strongest without a case split).
export function show(type, want, wantHint) {
  const k = kinds[type];
  if (!k) return;
  const deal = k.deal_levels || k.levels, hints = k.hint_levels || k.levels;
  fill($("level"), type, deal, want, deal[0]);
  fill($("hint-level"), type, hints, wantHint, hints[Math.max(0, hints.length - 2)]);
  rules(type);
}

export function rules(type) {
  showRule($("level"), $("level-rule"), type);
  showRule($("hint-level"), $("hint-rule"), type);
}
