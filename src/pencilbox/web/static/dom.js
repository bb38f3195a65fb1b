// The page's elements: one by its id, and the status lines messages go to.

export const $ = id => document.getElementById(id);

// n and its noun in the form that agrees with it: "1 cell", "3 cells"
// (plural: when adding "s" is wrong). The server's reasons follow the same rule.
export const counted = (n, noun, plural = noun + "s") => `${n} ${n === 1 ? noun : plural}`;
// A text as a sentence's start: its first letter capital, unless it starts
// with a cell's name, which is always written small ("r1c2, r1c3 are black").
export const capital = t => /^r\d+c\d+/.test(t) ? t : t.charAt(0).toUpperCase() + t.slice(1);

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
