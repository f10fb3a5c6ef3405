// /employee/customers/:customerId/history: the auditor's timeline of one customer (managers, controllers, admins).
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/layouts/page-header';
import { paths } from '../../../config/paths';
import { CustomerHistoryView } from '../../../features/customer-history/components/customer-history';

export function CustomerHistoryRoute() {
  const { customerId = '' } = useParams();
  return (
    <>
      <PageHeader title="Customer History" description="Every recorded event of this customer: when, who, what changed and the request behind it." />
      <p>
        <Link to={paths.employee.sales}>Back to Sales</Link>
      </p>
      <CustomerHistoryView key={customerId} customerId={customerId} />
    </>
  );
}
