/**
 * The result table: one row per figure, ours, the baseline's and ours ÷ baseline, plus a target
 * column when some row has one (`check`, like the Lighthouse scores' `≥ 90 pass`).
 */
const HEADERS = ['scenario', 'metric', 'ours', 'baseline', 'ratio'];

function formatNumber(value) {
  if (value === null || value === undefined) return '—';
  if (Number.isNaN(value)) return 'n/a';
  if (Math.abs(value) >= 100 || Number.isInteger(value))
    return Math.round(value).toLocaleString('en-US');
  return value.toFixed(value >= 10 ? 1 : 2);
}

function ratio(ours, baseline) {
  if (typeof ours !== 'number' || typeof baseline !== 'number') return '—';
  if (baseline === 0) return ours === 0 ? '—' : '∞';
  return `${(ours / baseline).toFixed(2)}×`;
}

export function formatTable(rows) {
  const headers = rows.some((row) => row.check) ? [...HEADERS, 'target'] : HEADERS;
  let previous = '';
  const cells = rows.map((row) => {
    const scenario = row.scenario === previous ? '' : row.scenario;
    previous = row.scenario;
    return [
      scenario,
      row.metric,
      formatNumber(row.ours),
      formatNumber(row.baseline),
      ratio(row.ours, row.baseline),
      row.check ?? '',
    ].slice(0, headers.length);
  });
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...cells.map((line) => line[i].length)),
  );
  const align = (line) =>
    line
      .map((cell, i) => (i < 2 || i > 4 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [align(headers), rule, ...cells.map(align)].join('\n');
}
