// Run before the first paint (a plain script in <head>, not a module): the
// rules card comes open, so a first visit paints it at once and nothing
// below it moves when the first board arrives. A player who folded the
// rules of the puzzle about to show finds them folded from the first paint
// instead. rulescard.js takes over once a board is shown.
//
// The puzzle about to show is the last one played (storage.js's "last"),
// unless the address opens another; for another, the rules come folded when
// the player has folded any. The keys are storage.js's KEYS.
{
  const read = key => {
    try {
      return JSON.parse(window.localStorage.getItem("pencilbox:" + key));
    } catch {
      return null;
    }
  };
  const seen = read("settings")?.rulesSeen ?? {};
  const last = read("last")?.puzzle;
  const shared = new URLSearchParams(window.location.search).get("p");
  const type = shared !== null && shared !== last?.url ? null : last?.type;
  if (type ? seen[type] : Object.keys(seen).length > 0)
    document.documentElement.dataset.rules = "folded";
}
