// Opens each puzz.link file named on the command line with pzprjs and prints
// one JSON line: its genre, size, the URL pzprjs writes for it, and whether
// its own answer check calls the board complete.
"use strict";
const fs = require("fs");
const pzpr = require("pzpr");

for (const path of process.argv.slice(2)) {
  const puzzle = new pzpr.Puzzle();
  puzzle.open(fs.readFileSync(path, "utf8"));
  const result = puzzle.check(true);
  console.log(JSON.stringify({
    file: path,
    pid: puzzle.pid,
    rows: puzzle.board.rows,
    cols: puzzle.board.cols,
    url: puzzle.getURL(),
    complete: result.complete,
    message: String(result.text),
  }));
}
