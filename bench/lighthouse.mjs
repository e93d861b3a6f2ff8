// One Lighthouse 12 run (mobile, its default preset) of a URL, on the Chromium named by
// CHROME_PATH (Debian's /usr/bin/chromium here); prints its scores and metrics as JSON.
// bench/lighthouse.py serves the sites and calls this once per run:
//     node bench/lighthouse.mjs URL '["--flag", ...]'
// Lighthouse lives in bench/package.json (installed by `make bench`, not `make test`).
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const [url, flags = "[]"] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", ...JSON.parse(flags)],
});
try {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
    // Its gatherer reads every response body over the devtools protocol to gzip it,
    // which timed out on an uncompressed 9.6 MB wasm on this loaded machine (a fatal
    // PROTOCOL_TIMEOUT, no scores); the audit has no weight in the performance score.
    skipAudits: ["uses-text-compression"],
  });
  const metric = (id) => lhr.audits[id] && lhr.audits[id].numericValue;
  const failed = (category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id);
  console.log(
    JSON.stringify({
      lighthouse: lhr.lighthouseVersion,
      userAgent: lhr.environment.hostUserAgent,
      formFactor: lhr.configSettings.formFactor,
      scores: Object.fromEntries(
        Object.entries(lhr.categories).map(([id, category]) => [id, category.score]),
      ),
      metrics: {
        fcp: metric("first-contentful-paint"),
        lcp: metric("largest-contentful-paint"),
        tbt: metric("total-blocking-time"),
        si: metric("speed-index"),
        tti: metric("interactive"),
      },
      below: {
        accessibility: failed("accessibility"),
        "best-practices": failed("best-practices"),
      },
      runtimeError: lhr.runtimeError || null,
    }),
  );
} finally {
  await chrome.kill();
}
