// Undo/redo: each step is a list of [cell, before, after] changes.
export class History {
  constructor() { this.done = []; this.undone = []; }
  push(step) { this.done.push(step); this.undone = []; }
  canUndo() { return this.done.length > 0; }
  canRedo() { return this.undone.length > 0; }
  undo(marks) {
    const step = this.done.pop();
    if (!step) return false;
    for (const [i, before] of step) marks[i] = before;
    this.undone.push(step);
    return true;
  }
  redo(marks) {
    const step = this.undone.pop();
    if (!step) return false;
    for (const [i, , after] of step) marks[i] = after;
    this.done.push(step);
    return true;
  }
}
