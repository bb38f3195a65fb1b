// ESLint for the browser front end: plain ES modules served as they are (no
// build step), in src/pencilbox/web/static and each puzzle's static/ folder.
// `make lint` runs it (`npm ci` first when node_modules/ is missing).
import js from "@eslint/js";
import globals from "globals";

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
    rules: {
      eqeqeq: "error",
      "no-var": "error",
      "prefer-const": "error",
      "no-shadow": "error",
    },
  },
];
