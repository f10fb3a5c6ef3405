// /customer/service (SPEC 2.1): the signed-in customer's service history (customer-area).
import { PageHeader } from '../../../components/layouts/page-header';
import { CUSTOMER_AREA_TEXTS } from '../../../features/customer-area/components/customer-area-texts';
import { ServiceHistory } from '../../../features/customer-area/components/service-history';
import { useCurrentUser } from '../../../lib/auth/use-session';

export function CustomerServiceRoute() {
  const customerId = useCurrentUser()?.customerId ?? null;
  return (
    <>
      <PageHeader title={CUSTOMER_AREA_TEXTS.serviceTitle} description={CUSTOMER_AREA_TEXTS.serviceIntro} />
      {customerId ? <ServiceHistory customerId={customerId} /> : <p className="alert alert-danger">Your account has no customer profile.</p>}
    </>
  );
}
