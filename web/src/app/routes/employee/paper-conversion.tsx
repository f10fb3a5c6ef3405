// /employee/paper-conversion and its wizard steps (SPEC 2.1). Being built (issue 12).
import type { ComponentType } from 'react';
import { paths, PAPER_CONVERSION_STEPS } from '../../../config/paths';
import { UnavailableRoute } from '../unavailable';

type Step = (typeof PAPER_CONVERSION_STEPS)[number][0];
const toSales = { to: paths.employee.sales, label: 'Go to Sales' };

export function PaperConversionIndexRoute() {
  return <UnavailableRoute title="Paper Conversion" back={toSales} />;
}

export const PAPER_CONVERSION_ROUTES = Object.fromEntries(
  PAPER_CONVERSION_STEPS.map(([step, title]) => [step, () => <UnavailableRoute title={`Paper Conversion: ${title}`} back={toSales} />]),
) as unknown as Record<Step, ComponentType>;
