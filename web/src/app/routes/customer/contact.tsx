// /customer/contact (SPEC 2.1). Being built (issue 13).
import { paths } from '../../../config/paths';
import { UnavailableRoute } from '../unavailable';

export function CustomerContactRoute() {
  return <UnavailableRoute title="Contact" back={{ to: paths.customer.coupons, label: 'Go to My coupons' }} />;
}
