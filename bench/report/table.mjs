/** The result table: one row per figure, ours, the baseline's and ours ÷ baseline. */
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
    ];
  });
  const widths = HEADERS.map((header, i) =>
    Math.max(header.length, ...cells.map((line) => line[i].length)),
  );
  const align = (line) =>
    line.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [align(HEADERS), rule, ...cells.map(align)].join('\n');
}
