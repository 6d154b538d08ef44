/**
 * Lighthouse on the pages a visitor sees before signing in: /, /login and /register, served by
 * our app (the baseline has no pages), with two presets: Lighthouse's default, a mid-range phone
 * (150 ms RTT, 1.6 Mbit/s, 4× CPU slowdown, all simulated), and desktop
 * (lighthouse/core/config/desktop-config.js: 40 ms RTT, 10 Mbit/s, no CPU slowdown). Debian's
 * Chromium through chrome-launcher: nothing downloads a browser. Each page runs `spec.runs`
 * times per preset (one Chromium for all) and every category's median is reported against its
 * target; the scores are performance / accessibility / best practices / SEO, plus the phone's
 * median LCP. Lighthouse 12 dropped its PWA category, so the installability check is Chromium's
 * own (Page.getInstallabilityErrors: manifest, icons, a service worker that controls the page).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForIdleLogged } from '../lib/cpu.mjs';

const CATEGORIES = [
  { id: 'performance', label: 'performance' },
  { id: 'accessibility', label: 'accessibility' },
  { id: 'best-practices', label: 'best practices' },
  { id: 'seo', label: 'SEO' },
];

// --disable-background-networking and friends (chrome-launcher's defaults) keep Chromium off
// Google's hosts, which this machine cannot reach.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];

// The phone preset's goals (issue 14): a first visit on a phone as fast as on a desktop.
const MOBILE_TARGETS = { performance: 95, accessibility: 95, 'best-practices': 100 };
const MOBILE_LCP_TARGET_MS = 2000;
// The app replaces the prerendered page with the same screen: nothing may move (0.1 is "good").
const MOBILE_CLS_TARGET = 0.1;

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

/** One page under one preset: `spec.runs` runs, the medians as rows, the median run's report. */
async function scorePage({ lighthouse, port, origin, path, preset, runsPerPage, reportDir, pids }) {
  const runs = [];
  for (let i = 0; i < runsPerPage; i++) {
    // As before every socket pass (lib/rounds.mjs): a page's score is the CPU left to the
    // browser, and a server still busy with an earlier scenario's leavings would take some.
    await waitForIdleLogged(pids);
    const startedAt = Date.now();
    const result = await lighthouse(
      origin + path,
      {
        port,
        logLevel: 'error',
        output: 'html',
        onlyCategories: CATEGORIES.map((category) => category.id),
      },
      preset.config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
    runs.push(result);
    const scores = CATEGORIES.map(({ id }) => Math.round(lhr.categories[id].score * 100));
    // Performance depends on the CPU left over: the load average tells a busy machine.
    // FCP beside LCP tells whether the largest paint was the first one (the prerendered page);
    // CLS says whether the app's take-over of that page moved anything.
    console.log(
      `  ${path} ${preset.name} run ${i + 1}/${runsPerPage}: ${scores.join(' / ')}, FCP ` +
        `${Math.round(lhr.audits['first-contentful-paint'].numericValue)} ms, LCP ` +
        `${Math.round(lcpMs(lhr))} ms, TBT ` +
        `${Math.round(lhr.audits['total-blocking-time'].numericValue)} ms, CLS ` +
        `${lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)}, in ` +
        `${Date.now() - startedAt} ms (load average ${(loadavg()[0] ?? 0).toFixed(2)})`,
    );
  }
  // The run with the median performance keeps its report, for the audits behind the figures.
  const byPerformance = [...runs].sort(
    (a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score,
  );
  const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
  const file = join(reportDir, `${path.replace(/\W+/g, '') || 'landing'}-${preset.name}.html`);
  writeFileSync(file, middle.report);
  console.log(`  ${path} ${preset.name}: report ${file}`);

  const scenario = `Lighthouse ${path} (${preset.name})`;
  const rows = [];
  for (const { id, label } of CATEGORIES) {
    const score = median(runs.map((run) => Math.round(run.lhr.categories[id].score * 100)));
    const goal = preset.targets[id];
    const pass = goal === undefined ? undefined : score >= goal;
    if (pass === false) {
      console.log(`  ${path} ${label} ${score} < ${goal}: ${failingAudits(middle.lhr, id)}`);
    }
    rows.push({
      scenario,
      metric: `${label} score`,
      ours: score,
      baseline: null,
      check: goal === undefined ? '' : `≥ ${goal} ${pass ? 'pass' : 'FAIL'}`,
      pass,
    });
  }
  const lcp = median(runs.map((run) => lcpMs(run.lhr)));
  const pass = preset.lcpTargetMs === undefined ? undefined : lcp < preset.lcpTargetMs;
  rows.push({
    scenario,
    metric: 'largest contentful paint ms',
    ours: lcp,
    baseline: null,
    check: pass === undefined ? '' : `< ${preset.lcpTargetMs} ${pass ? 'pass' : 'FAIL'}`,
    pass,
  });
  if (preset.clsTarget !== undefined) {
    const cls = median(runs.map((run) => run.lhr.audits['cumulative-layout-shift'].numericValue));
    const clsPass = cls < preset.clsTarget;
    rows.push({
      scenario,
      metric: 'cumulative layout shift',
      ours: Math.round(cls * 1000) / 1000,
      baseline: null,
      check: `< ${preset.clsTarget} ${clsPass ? 'pass' : 'FAIL'}`,
      pass: clsPass,
    });
  }
  return rows;
}

const lcpMs = (lhr) => lhr.audits['largest-contentful-paint'].numericValue;

/**
 * Chromium's own verdict on installing the app (what its install button checks): the manifest
 * and its icons, and a service worker that controls the page. Through Lighthouse's own
 * `puppeteer-core`, in the default profile (a private context is never installable), cleared
 * afterwards: runs after the scored first visits, which Lighthouse starts from empty storage.
 */
async function installability(port, origin) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  try {
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, {
      timeout: 30_000,
    });
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const errors = installabilityErrors.map((error) => error.errorId);
    if (errors.length > 0) console.log(`  installability errors: ${errors.join(', ')}`);
    return {
      scenario: 'Lighthouse / (PWA)',
      metric: 'installability errors (manifest, icons, SW)',
      ours: errors.length,
      baseline: null,
      check: `= 0 ${errors.length === 0 ? 'pass' : 'FAIL'}`,
      pass: errors.length === 0,
    };
  } finally {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await page.close();
    await browser.disconnect();
  }
}

export async function lighthouseScores(spec, { targets }) {
  // Loaded here, not at start-up: the other scenarios do without its second of imports.
  const [{ launch }, { default: lighthouse }, { default: desktopConfig }] = await Promise.all([
    import('chrome-launcher'),
    import('lighthouse'),
    import('lighthouse/core/config/desktop-config.js'),
  ]);
  const presets = [
    // No config: Lighthouse's default is the phone.
    {
      name: 'mobile',
      config: undefined,
      targets: MOBILE_TARGETS,
      lcpTargetMs: MOBILE_LCP_TARGET_MS,
      clsTarget: MOBILE_CLS_TARGET,
    },
    { name: 'desktop', config: desktopConfig, targets: spec.targets },
  ];
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
  const pids = targets.map((target) => target.pid);
  try {
    for (const preset of presets) {
      for (const path of spec.pages) {
        rows.push(
          ...(await scorePage({
            lighthouse,
            port: chrome.port,
            origin,
            path,
            preset,
            runsPerPage: spec.runs,
            reportDir,
            pids,
          })),
        );
      }
    }
    rows.push(await installability(chrome.port, origin));
  } finally {
    chrome.kill();
  }
  return rows;
}
