// /employee/reports and the eight reports (SPEC 2.2, issue 14). Being built.
import type { ComponentType } from 'react';
import type { ReportName } from '@dealer/contracts';
import { REPORT_NAMES } from '@dealer/contracts';
import { UnavailableRoute } from '../unavailable';

export function ReportsIndexRoute() {
  return <UnavailableRoute title="Reports" />;
}

export const REPORT_ROUTES = Object.fromEntries(
  REPORT_NAMES.map((name) => [name, () => <UnavailableRoute title={name} />]),
) as unknown as Record<ReportName, ComponentType>;
