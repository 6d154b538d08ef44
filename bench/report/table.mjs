/**
 * The result table: one row per figure. Without `--floor`: ours, the Node baseline's and
 * ours ÷ baseline. With it, the floor judges: ours, the workerd floor's, the peer's (the chat
 * demo's way) and Node's figures, then ours ÷ floor (the part of a figure that is the app's,
 * not the runtime's), ours ÷ peer and ours ÷ Node. A target column appears when some row has
 * one (`check`, like the Lighthouse scores' `≥ 90 pass`).
 */
const PLAIN = [
  { header: 'ours', value: (row) => formatNumber(row.ours) },
  { header: 'baseline', value: (row) => formatNumber(row.baseline) },
  { header: 'ratio', value: (row) => ratio(row.ours, row.baseline) },
];
const WITH_FLOOR = [
  { header: 'ours', value: (row) => formatNumber(row.ours) },
  { header: 'floor', value: (row) => formatNumber(row.floor) },
  { header: 'peer', value: (row) => formatNumber(row.peer) },
  { header: 'Node', value: (row) => formatNumber(row.baseline) },
  { header: 'ours÷floor', value: (row) => ratio(row.ours, row.floor) },
  { header: 'ours÷peer', value: (row) => ratio(row.ours, row.peer) },
  { header: 'ours÷Node', value: (row) => ratio(row.ours, row.baseline) },
];

function formatNumber(value) {
  if (value === null || value === undefined) return '—';
  if (Number.isNaN(value)) return 'n/a';
  if (Math.abs(value) >= 100 || Number.isInteger(value))
    return Math.round(value).toLocaleString('en-US');
  return value.toFixed(value >= 10 ? 1 : 2);
}

function ratio(ours, other) {
  if (typeof ours !== 'number' || typeof other !== 'number') return '—';
  if (other === 0) return ours === 0 ? '—' : '∞';
  return `${(ours / other).toFixed(2)}×`;
}

export function formatTable(rows) {
  const columns = rows.some((row) => row.floor !== undefined) ? WITH_FLOOR : PLAIN;
  const withTarget = rows.some((row) => row.check);
  const headers = ['scenario', 'metric', ...columns.map((c) => c.header)];
  if (withTarget) headers.push('target');
  const numeric = (i) => i >= 2 && i < 2 + columns.length;
  let previous = '';
  const cells = rows.map((row) => {
    const scenario = row.scenario === previous ? '' : row.scenario;
    previous = row.scenario;
    const line = [scenario, row.metric, ...columns.map((column) => column.value(row))];
    return withTarget ? [...line, row.check ?? ''] : line;
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
