// /customer/service (SPEC 2.1). Being built (issue 13).
import { paths } from '../../../config/paths';
import { UnavailableRoute } from '../unavailable';

export function CustomerServiceRoute() {
  return <UnavailableRoute title="Service History" back={{ to: paths.customer.coupons, label: 'Go to My coupons' }} />;
}
