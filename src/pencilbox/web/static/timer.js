// The play clock: runs while the player plays; pauses on request, when the
// tab is hidden, and once the board is solved.
export class Clock {
  constructor(ms = 0) { this.base = ms; this.since = 0; this.paused = false; }
  get running() { return this.since !== 0; }
  ms() { return this.base + (this.since ? Date.now() - this.since : 0); }
  start() { if (!this.since) this.since = Date.now(); }
  stop() { this.base = this.ms(); this.since = 0; }
  text() { return clockText(this.ms()); }
}

// A time as the clock shows it: "3:07".
export function clockText(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
