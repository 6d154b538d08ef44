/**
 * Lighthouse on the pages a visitor sees before signing in: /, /login and /register, served by
 * our app (the baseline has no pages). Desktop preset (lighthouse/core/config/desktop-config.js:
 * desktop screen, simulated throttling of 40 ms RTT and 10 Mbit/s, no CPU slowdown), in Debian's
 * Chromium through chrome-launcher: nothing downloads a browser. Each page runs `spec.runs`
 * times (one Chromium for all) and every category's median is reported against its target;
 * the scores are performance / accessibility / best practices / SEO.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const CATEGORIES = [
  { id: 'performance', label: 'performance' },
  { id: 'accessibility', label: 'accessibility' },
  { id: 'best-practices', label: 'best practices' },
  { id: 'seo', label: 'SEO' },
];

// --disable-background-networking and friends (chrome-launcher's defaults) keep Chromium off
// Google's hosts, which this machine cannot reach.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The audits that cost a category points, as `id (score)`, worst first. */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .sort((a, b) => a.score - b.score)
    .map((audit) => `${audit.id} (${audit.score.toFixed(2)})`);
}

export async function lighthouseScores(spec, { targets }) {
  // Loaded here, not at start-up: the other scenarios do without its second of imports.
  const [{ launch }, { default: lighthouse }, { default: desktopConfig }] = await Promise.all([
    import('chrome-launcher'),
    import('lighthouse'),
    import('lighthouse/core/config/desktop-config.js'),
  ]);
  const origin = targets.find((target) => target.name === 'ours').origin;
  if (!existsSync(spec.chromePath)) {
    throw new Error(`no Chromium at ${spec.chromePath} (apt-get install chromium, or CHROME_PATH)`);
  }
  // The first request of each asset is served slower (a cold cache): not a visitor's figure. A
  // page that is not there (say, dist/ emptied by a build) would be scored as an error page.
  for (const path of spec.pages) {
    const response = await fetch(origin + path);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}, not the page`);
  }

  const reportDir = join(tmpdir(), 'chat-bench-lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const chrome = await launch({ chromePath: spec.chromePath, chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const path of spec.pages) {
      const runs = [];
      for (let i = 0; i < spec.runs; i++) {
        const startedAt = Date.now();
        const result = await lighthouse(
          origin + path,
          {
            port: chrome.port,
            logLevel: 'error',
            output: 'html',
            onlyCategories: CATEGORIES.map((category) => category.id),
          },
          desktopConfig,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        runs.push(result);
        const scores = CATEGORIES.map(({ id }) => Math.round(lhr.categories[id].score * 100));
        // Performance depends on the CPU left over: the load average tells a busy machine.
        console.log(
          `  ${path} run ${i + 1}/${spec.runs}: ${scores.join(' / ')} in ${Date.now() - startedAt}` +
            ` ms (load average ${loadavg()[0].toFixed(2)})`,
        );
      }
      // The run with the median performance keeps its report, for the audits behind the figures.
      const byPerformance = [...runs].sort(
        (a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score,
      );
      const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
      const file = join(reportDir, `${path.replace(/\W+/g, '') || 'landing'}.report.html`);
      writeFileSync(file, middle.report);
      console.log(`  ${path}: report ${file}`);

      for (const { id, label } of CATEGORIES) {
        const score = median(runs.map((run) => Math.round(run.lhr.categories[id].score * 100)));
        const goal = spec.targets[id];
        const pass = goal === undefined ? undefined : score >= goal;
        if (pass === false) {
          console.log(`  ${path} ${label} ${score} < ${goal}: ${failingAudits(middle.lhr, id)}`);
        }
        rows.push({
          scenario: `Lighthouse ${path} (desktop)`,
          metric: `${label} score`,
          ours: score,
          baseline: null,
          check: goal === undefined ? '' : `≥ ${goal} ${pass ? 'pass' : 'FAIL'}`,
          pass,
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
