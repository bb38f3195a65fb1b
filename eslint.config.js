// ESLint for the browser front end: plain ES modules served as they are (no
// build step), in src/pencilbox/web/static and each puzzle's static/ folder,
// and the static site's own scripts in src/pencilbox/site: the Web Worker
// that runs the engine, the service worker, and the build's Node.js runner.
// `make lint` runs it (`npm ci` first when node_modules/ is missing).
import js from "@eslint/js";
import globals from "globals";

const RULES = {
  eqeqeq: "error",
  "no-var": "error",
  "prefer-const": "error",
  "no-shadow": "error",
};

export default [
  js.configs.recommended,
  {
    files: ["src/pencilbox/web/static/**/*.js", "src/pencilbox/puzzles/*/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.browser,
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: RULES,
  },
  {
    // the one plain script of the page, run in <head> before the first paint
    files: ["src/pencilbox/web/static/firstpaint.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: globals.browser },
  },
  {
    files: ["src/pencilbox/site/files/worker.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.worker },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: RULES,
  },
  {
    files: ["src/pencilbox/site/files/sw.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: globals.serviceworker },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: RULES,
  },
  {
    files: ["src/pencilbox/site/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: RULES,
  },
];
