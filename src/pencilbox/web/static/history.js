// Undo/redo: each step is a list of [key, before, after] changes, undone and
// redone through the put(key, value) its owner gives. The game's keys (put
// by markPut): a number is a cell's mark, and noteKey(cell) that cell's
// pencil marks (a sorted list of candidates, null for none). The editor's:
// a number is a cell's clue, and another key the whole puzzle being edited.
export class History {
  constructor(done = [], undone = []) { this.done = done; this.undone = undone; }
  static from(saved) {   // a history saved as JSON, or a fresh one
    return new History(Array.isArray(saved?.done) ? saved.done : [],
                       Array.isArray(saved?.undone) ? saved.undone : []);
  }
  toJSON() { return { done: this.done, undone: this.undone }; }
  push(step) { this.done.push(step); this.undone = []; }
  // Fold a change to one key into the last step when that step changed only
  // this key (a number typed digit by digit is one step); else a new step.
  amend(key, before, after) {
    const last = this.done[this.done.length - 1];
    if (last && last.length === 1 && last[0][0] === key) {
      last[0][2] = after; this.undone = [];
      if (last[0][1] === after) this.done.pop();
    } else this.push([[key, before, after]]);
  }
  canUndo() { return this.done.length > 0; }
  canRedo() { return this.undone.length > 0; }
  undo(put) {
    const step = this.done.pop();
    if (!step) return false;
    for (const [k, before] of step) put(k, before);
    this.undone.push(step);
    return true;
  }
  redo(put) {
    const step = this.undone.pop();
    if (!step) return false;
    for (const [k, , after] of step) put(k, after);
    this.done.push(step);
    return true;
  }
}

export const noteKey = i => `n${i}`;

// The game's put: a mark into marks, a cell's pencil marks into notes ({cell: [numbers]}).
export function markPut(marks, notes) {
  return (k, value) => {
    if (typeof k === "number") { marks[k] = value; return; }
    const i = Number(k.slice(1));
    if (value && value.length) notes[i] = [...value]; else delete notes[i];
  };
}
