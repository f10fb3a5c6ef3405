// /employee/api-reference (every staff member) and /api-reference (anyone the server lets read the
// document: everyone in demo mode): the API's OpenAPI description as a page (issue 24 part 4, ADR 0084).
import { PageHeader } from '../../../components/layouts/page-header';
import { ApiReference } from '../../../features/api-reference/components/api-reference';

const TITLE = 'API reference';
const DESCRIPTION = 'Every route of the product\u2019s API, generated from the routes themselves. Download the document to generate a client for a DMS or CRM.';

export function ApiReferenceRoute() {
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <ApiReference />
    </>
  );
}

/** The same page outside the staff area, for a visitor of a demo install (the server decides who may read the document). */
export function PublicApiReferenceRoute() {
  return (
    <div className="api-ref-public">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <ApiReference />
    </div>
  );
}
