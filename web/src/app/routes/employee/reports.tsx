// /employee/reports and the reports (SPEC 2.2's eight, issue 14; Expiry Reminders, issue 24). The report page offers the locations the user reads
// reports at (its own GET /api/report-locations); the route lends the locations feature's list of every location to
// name a drill-down's location, so the two features meet only here.
import type { ComponentType } from 'react';
import { REPORT_NAMES, type ReportName } from '@dealer/contracts';
import { useLocations } from '../../../features/locations/api/get-locations';
import { ReportPage } from '../../../features/reports/components/report-page';
import { ReportsIndex } from '../../../features/reports/components/reports-index';

export function ReportsIndexRoute() {
  return <ReportsIndex />;
}

function reportRoute(name: ReportName): ComponentType {
  function ReportRoute() {
    const locations = useLocations();
    // key: a new report starts from its own saved filters.
    return <ReportPage key={name} name={name} locationNames={locations.data} />;
  }
  return ReportRoute;
}

export const REPORT_ROUTES = Object.fromEntries(REPORT_NAMES.map((name) => [name, reportRoute(name)])) as Record<ReportName, ComponentType>;
