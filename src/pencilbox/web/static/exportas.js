// The editor's Export as: the puzzle being edited written in each format
// /api/formats lists for its type (save the URL and text grid the editor
// shows itself), by POST /api/export, with its answer when asked; the box
// follows every edit, and its text can be copied or downloaded.
import { get, post } from "./api.js";
import { $ } from "./dom.js";
import { Latest } from "./verdict.js";

const SHOWN_ABOVE = ["url", "text"];   // the editor keeps these up to date itself
const writing = new Latest();
const ex = {
  formats: null,                 // the promise of /api/formats, asked once
  doc: null,                     // {type, text} of the puzzle being edited
  type: null, answer: false,     // what the buttons were made for
  shown: null,                   // the export in the box: {format, answer}
  filename: "",                  // the name /api/export gives its download
};
let app = null;                  // the editor's callbacks, set by wire(): {say, copy}

function formats() {
  ex.formats ??= get("formats").catch(e => { ex.formats = null; throw e; });
  return ex.formats;
}

// The puzzle was edited (or first shown): the buttons for its type, and the
// export in the box written again after `delay` ms.
export function edited(doc, delay = 0) {
  ex.doc = doc;
  choices();
  if (ex.shown?.format.types.includes(doc.type)) write(ex.shown.format, ex.shown.answer, delay);
  else if (ex.shown) close();
}

// One button per format the type can be written in; with "with its answer",
// those that hold no answer are off.
async function choices() {
  const type = ex.doc.type, answer = $("export-answer").checked;
  if (ex.type === type && ex.answer === answer) return;
  let all;
  try { all = await formats(); } catch (e) { app.say(`The export formats did not load: ${e.message}.`, "error"); return; }
  if (ex.doc.type !== type) return;   // edited again meanwhile: that call makes the buttons
  ex.type = type; ex.answer = answer;
  $("export-buttons").replaceChildren(...all.filter(f => !SHOWN_ABOVE.includes(f.name) && f.types.includes(type)).map(f => {
    const b = document.createElement("button");
    b.type = "button"; b.id = `export-${f.name}`; b.textContent = f.title;
    b.setAttribute("aria-pressed", String(ex.shown?.format.name === f.name));
    b.disabled = answer && !f.holds_answer;
    b.title = b.disabled ? `No answer can be written in ${f.title}` : `Write the puzzle in ${f.title}`;
    b.addEventListener("click", () => write(f, $("export-answer").checked));
    return b;
  }));
}

function close() {
  writing.cancel();
  ex.shown = null;
  $("export-out").hidden = true;
  for (const b of $("export-buttons").children) b.setAttribute("aria-pressed", "false");
}

function write(f, answer, delay = 0) {
  const doc = ex.doc, out = $("export-out"), box = $("export-format-text");
  if (answer && !f.holds_answer) { close(); return; }
  ex.shown = { format: f, answer };
  for (const b of $("export-buttons").children) b.setAttribute("aria-pressed", String(b.id === `export-${f.name}`));
  out.hidden = false;
  out.setAttribute("aria-busy", "true");
  $("export-title").textContent = f.title + (answer ? ", with its answer" : "");
  box.dataset.stale = "1";
  writing.run(async signal => {
    try {
      const j = await post("export", { puzzle: doc.text, type: doc.type, format: f.name, answer }, { signal });
      if (signal.aborted) return;
      box.value = j.text; ex.filename = j.filename;
      box.rows = Math.min(8, j.text.trimEnd().split("\n").reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 48)), 0));
      delete box.dataset.stale;
    } catch (e) {
      if (signal.aborted) return;
      box.value = ""; ex.filename = "";
      app.say(`Export as ${f.title} failed: ${e.message}.`, "error");
    }
    out.setAttribute("aria-busy", "false");
  }, delay);
}

function download() {
  const text = $("export-format-text").value;
  if (!text || !ex.filename) return;
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = ex.filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function wire(callbacks) {
  app = callbacks;
  $("export-answer").addEventListener("change", () => {
    if (ex.doc) choices();
    if (ex.shown) write(ex.shown.format, $("export-answer").checked);
  });
  $("copy-format").addEventListener("click", app.copy);
  $("download-format").addEventListener("click", download);
}
