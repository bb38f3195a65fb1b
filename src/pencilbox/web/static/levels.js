// The two level controls and the players' names for the rungs. Difficulty
// (#level) is the grade of new boards (a type's deal_levels); "Hints reason
// at" (#hint-level) is the rung Hint uses (hint_levels, the case rung on
// top). A player meets every rung by its difficulty name alone ("Hard"),
// with what one reasons about at it, in the puzzle's own words, beside the
// control (the descriptor's `levels`); the rungs' own names and the
// setters' statements of their rules (each type's `grades` in
// /api/puzzles) are the studio's.
import { $ } from "./dom.js";

let kinds = {};   // type -> its /api/puzzles entry

export function known(all) { kinds = all; }

// The rung of a type's ladder: {level, name, rule} (a level the server did not list stays as it is).
export function rung(type, level) {
  return kinds[type]?.grades?.find(g => g.level === level) ?? { level, name: level, rule: "" };
}

// Whether a type's ladder has a rung of this name (a rule off the ladder has none).
export function hasRung(type, level) {
  return !!kinds[type]?.grades?.some(g => g.level === level);
}

// A grade as the game names it: its difficulty name ("Hard").
export function gradeName(type, level) {
  return rung(type, level).name;
}

// What a player reasons about at a rung, in the puzzle's words (the rung's rule when it has none).
export function plainWords(type, level) {
  return kinds[type]?.frontend?.levels?.[level] ?? rung(type, level).rule;
}

function fill(sel, type, levels, want, fallback) {
  const options = levels.map(l => new Option(gradeName(type, l), l));
  if ([...sel.options].map(o => o.value + o.text).join() !== options.map(o => o.value + o.text).join())
    sel.replaceChildren(...options);
  sel.value = levels.includes(want) ? want : fallback;
}

function showRule(sel, note, type) {
  const words = plainWords(type, sel.value);
  note.textContent = words ? `${gradeName(type, sel.value)}: ${words}` : "";
}

// The same difficulty on another puzzle: the level with the same player's
// name among `levels` (the names go by position, so Hard is Hard everywhere).
export function sameDifficulty(fromType, level, toType, levels) {
  const name = gradeName(fromType, level);
  return levels.find(l => gradeName(toType, l) === name);
}

// Fill both controls for a type: the deal's grade (want, else the easiest)
// and the hint's rung (wantHint, else probe, the strongest without a case split).
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
