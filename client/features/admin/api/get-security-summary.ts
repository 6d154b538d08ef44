import type { SecuritySummary } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';

/** Spec point 9: the '24h Violations' tile summarises a 24-hour window. */
const SUMMARY_WINDOW_HOURS = 24;

export async function getSecuritySummary(): Promise<SecuritySummary> {
  const { summary } = await api.get<{ summary: SecuritySummary }>(
    `/admin/security/summary?hours=${SUMMARY_WINDOW_HOURS}`,
  );
  return summary;
}
