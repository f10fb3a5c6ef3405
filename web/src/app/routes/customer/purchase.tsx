// /customer/purchase -> /customer/purchase/checkout -> /customer/purchase/confirm (SPEC 2.1, issue 13 "Buying a pack"):
// the chosen pack and its location with the tax before paying, the demo provider's checkout, the confirmation.
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../../../components/layouts/page-header';
import { checkoutStateOf, confirmStateOf } from '../../../features/purchase/components/checkout-flow';
import { CheckoutEnded, CheckoutForm } from '../../../features/purchase/components/checkout-form';
import { PurchaseChoice } from '../../../features/purchase/components/purchase-choice';
import { OrderStatus } from '../../../features/purchase/components/order-status';
import { PurchaseConfirmation } from '../../../features/purchase/components/purchase-confirmation';
import { CHECKOUT_TEXTS as T } from '../../../features/purchase/components/purchase-texts';
import { useCurrentUser } from '../../../lib/auth/use-session';

const NoProfile = () => <p className="alert alert-danger">Your account has no customer profile.</p>;

export function CustomerPurchaseRoute() {
  const customerId = useCurrentUser()?.customerId ?? null;
  return (
    <>
      <PageHeader title={T.chooseTitle} description={T.chooseIntro} />
      {customerId ? <PurchaseChoice customerId={customerId} /> : <NoProfile />}
    </>
  );
}

export function CustomerCheckoutRoute() {
  const customerId = useCurrentUser()?.customerId ?? null;
  const checkout = checkoutStateOf(useLocation().state);
  return (
    <>
      <PageHeader title={`${T.chooseTitle}: ${T.checkoutTitle}`} description={T.checkoutIntro} />
      {!customerId ? <NoProfile /> : checkout ? <CheckoutForm checkout={checkout} customerId={customerId} /> : <CheckoutEnded />}
    </>
  );
}

export function CustomerPurchaseConfirmRoute() {
  const location = useLocation();
  const confirmed = confirmStateOf(location.state);
  // ?orderId= keeps the order across a reload or a 3-D Secure step: its state is read from the server.
  const orderId = new URLSearchParams(location.search).get('orderId');
  return (
    <>
      <PageHeader title={`${T.chooseTitle}: ${T.confirmTitle}`} />
      {orderId ? <OrderStatus orderId={orderId} confirmed={confirmed} /> : confirmed ? <PurchaseConfirmation confirmed={confirmed} /> : <CheckoutEnded />}
    </>
  );
}
