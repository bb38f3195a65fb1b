// Undo/redo: each step is a list of [key, before, after] changes. A number key
// is a cell's mark; a key "n<cell>" is that cell's pencil marks (a sorted list
// of candidates, null for none).
export class History {
  constructor(done = [], undone = []) { this.done = done; this.undone = undone; }
  static from(saved) {   // a history saved as JSON, or a fresh one
    return new History(Array.isArray(saved?.done) ? saved.done : [],
                       Array.isArray(saved?.undone) ? saved.undone : []);
  }
  toJSON() { return { done: this.done, undone: this.undone }; }
  push(step) { this.done.push(step); this.undone = []; }
  // Fold a change to one cell into the last step when that step changed only
  // this cell (a number typed digit by digit is one step); else a new step.
  amend(i, before, after) {
    const last = this.done[this.done.length - 1];
    if (last && last.length === 1 && last[0][0] === i) {
      last[0][2] = after; this.undone = [];
      if (last[0][1] === after) this.done.pop();
    } else this.push([[i, before, after]]);
  }
  canUndo() { return this.done.length > 0; }
  canRedo() { return this.undone.length > 0; }
  undo(marks, notes = {}) {
    const step = this.done.pop();
    if (!step) return false;
    for (const [k, before] of step) put(marks, notes, k, before);
    this.undone.push(step);
    return true;
  }
  redo(marks, notes = {}) {
    const step = this.undone.pop();
    if (!step) return false;
    for (const [k, , after] of step) put(marks, notes, k, after);
    this.done.push(step);
    return true;
  }
}

export const noteKey = i => `n${i}`;

function put(marks, notes, k, value) {
  if (typeof k === "number") { marks[k] = value; return; }
  const i = Number(k.slice(1));
  if (value && value.length) notes[i] = [...value]; else delete notes[i];
}
