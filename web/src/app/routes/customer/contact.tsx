// /customer/contact (SPEC 2.1, issue 13): the signed-in customer's contact form to a location.
import { PageHeader } from '../../../components/layouts/page-header';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { ContactForm, CONTACT_FORM_TEXTS } from '../../../features/customer-contact/components/contact-form';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { useCurrentUser } from '../../../lib/auth/use-session';

export function CustomerContactRoute() {
  const customerId = useCurrentUser()?.customerId ?? null;
  const customer = useCustomer(customerId);
  return (
    <>
      <PageHeader title={CONTACT_FORM_TEXTS.title} description={CONTACT_FORM_TEXTS.intro} />
      {!customerId ? (
        <p className="alert alert-danger">Your account has no customer profile.</p>
      ) : customer.isPending ? (
        <Spinner />
      ) : customer.isError ? (
        <p className="alert alert-danger" role="alert">
          {customer.error.message}
        </p>
      ) : (
        <ContactForm customer={{ customerId, emailAddress: customer.data.emailAddress, phoneMobile: customer.data.phoneMobile, phoneOther: customer.data.phoneOther }} />
      )}
    </>
  );
}
