// ESLint (`make lint`) for the project's own JavaScript: the page's scripts in web/, the
// end-to-end tests' page clock, the service worker and the node tools; eslint's
// recommended rules, with each file's globals.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", ".cache/", "e2e/artifacts/"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js", "e2e/**/*.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    files: ["pwa/sw.js"],
    languageOptions: {
      sourceType: "script",
      // The build writes the precache list in place of __PRECACHE__.
      globals: { ...globals.serviceworker, __PRECACHE__: "readonly" },
    },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
