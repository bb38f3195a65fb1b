// The page's elements: one by its id, and the status lines messages go to.

export const $ = id => document.getElementById(id);

// A function that writes a message into the status line with this id: an
// optional bold lead, the text, and its kind ("hint", "error", "solved", …)
// as data-kind for the styles. It returns the line, for a caller that adds a
// button to it. The game says things in #status, the editor in #studio-status.
export function statusLine(id) {
  return (text, kind = "", lead = "") => {
    const line = $(id);
    line.replaceChildren();
    if (lead) {
      const b = document.createElement("strong");
      b.textContent = lead;
      line.append(b, " ");
    }
    line.append(text);
    line.dataset.kind = kind;
    return line;
  };
}
