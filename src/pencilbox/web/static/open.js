// The Open box: a puzzle in any format the API reads, typed or pasted (a
// URL, or the lines of a puzz.link file, Janko text or a text grid), or a
// file chosen with File…. Enter opens, Shift+Enter starts a new line; the
// box grows to show a pasted file's lines and folds to one once it is open.
import { $ } from "./dom.js";

const MOST_LINES = 8;
const MAX_FILE = 80_000;   // bytes: past the API's limit on one puzzle, so no puzzle

// The app's own share link (…/?p=URL) opens the puzzle it carries; a
// penpa-edit URL (…/penpa-edit/?m=edit&p=…) is a puzzle itself.
export function unwrap(text) {
  if (/\s/.test(text.trim())) return text;   // lines of a file, not a link
  try {
    const u = new URL(text, location.href);
    const own = u.origin === location.origin || (u.pathname === "/" && !u.searchParams.has("m"));
    if (own && u.searchParams.get("p")) return u.searchParams.get("p");
  } catch { /* not a URL: a text grid or a bare puzzle URL */ }
  return text;
}

function fit() {
  const box = $("url");
  box.rows = Math.min(Math.max(box.value.split("\n").length, 1), MOST_LINES);
}

export function fold() {   // one line, the first: a file's name line, or the URL
  const box = $("url");
  box.rows = 1;
  box.scrollTop = 0; box.scrollLeft = 0;
}

// app: {open(text), say(text, kind)}, the game's.
export function wire(app) {
  $("open-form").addEventListener("submit", ev => {
    ev.preventDefault();
    const text = $("url").value.trim();
    if (text) { app.open(text); return; }
    app.say("Paste a puzzle's URL, or the text of a puzzle file, into the box first (or choose File…).", "error");
    $("url").focus();
  });
  $("url").addEventListener("keydown", ev => {
    if (ev.key === "Enter" && !ev.shiftKey && !ev.isComposing) { ev.preventDefault(); $("open-form").requestSubmit(); }
  });
  $("url").addEventListener("input", fit);
  $("open-file").addEventListener("change", async ev => {
    const file = ev.target.files?.[0];
    ev.target.value = "";
    if (!file) return;
    if (file.size > MAX_FILE) { app.say(`That file is too large to be a puzzle (${file.size} bytes).`, "error"); return; }
    const text = (await file.text()).trim();
    $("url").value = text; fit();
    app.open(text);
  });
}
