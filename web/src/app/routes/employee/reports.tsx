// /employee/reports and the eight reports (SPEC 2.2, issue 14). The route lends the locations feature's list to
// the report page's Locations filter, so the two features meet only here.
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
    return <ReportPage key={name} name={name} locations={locations.data} locationsError={locations.error} />;
  }
  return ReportRoute;
}

export const REPORT_ROUTES = Object.fromEntries(REPORT_NAMES.map((name) => [name, reportRoute(name)])) as Record<ReportName, ComponentType>;
