/**
 * The result table: one row per figure, ours, the baseline's and ours ÷ baseline, plus a target
 * column when some row has one (`check`, like the Lighthouse scores' `≥ 90 pass`), and with
 * `--floor` the workerd floor's figure and floor ÷ baseline: the part of a ratio that is the
 * runtime's, not the app's.
 */
const HEADERS = ['scenario', 'metric', 'ours', 'baseline', 'ratio'];
const FLOOR_HEADERS = ['floor', 'floor ratio'];

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
  const withFloor = rows.some((row) => row.floor !== undefined);
  const headers = [
    ...HEADERS,
    ...(withFloor ? FLOOR_HEADERS : []),
    ...(rows.some((row) => row.check) ? ['target'] : []),
  ];
  const numeric = (i) => i >= 2 && i < HEADERS.length + (withFloor ? FLOOR_HEADERS.length : 0);
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
      ...(withFloor ? [formatNumber(row.floor), ratio(row.floor, row.baseline)] : []),
      row.check ?? '',
    ].slice(0, headers.length);
  });
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...cells.map((line) => line[i].length)),
  );
  const align = (line) =>
    line
      .map((cell, i) => (numeric(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [align(headers), rule, ...cells.map(align)].join('\n');
}
