// /employee/sales: the employee's default page and customer workspace.
import { PageHeader } from '../../../components/layouts/page-header';
import { CustomerWorkspace } from '../../../features/customers/components/customer-workspace';

export function SalesRoute() {
  return (
    <>
      <PageHeader title="Sales" description="Find a customer by phone, e-mail or RO number, or create a new one." />
      <CustomerWorkspace />
    </>
  );
}
