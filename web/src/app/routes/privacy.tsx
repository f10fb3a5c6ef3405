// /privacy (SPEC 2.1, 1): the privacy policy in the login-style layout.
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PRODUCT_NAME, useDocumentTitle } from '../../hooks/use-document-title';

export function PrivacyRoute() {
  useDocumentTitle('Privacy Policy');
  return (
    <article className="auth-document">
      <h1>Privacy Policy</h1>
      <p className="muted">
        This policy explains how {PRODUCT_NAME}, the coupon and service website of our dealership group, handles the personal
        information you give us.
      </p>

      <h2>Use of Information</h2>
      <p>We use your information only to:</p>
      <ul>
        <li>communicate with you about your account and the status of your purchases;</li>
        <li>offer you discounts and coupons from our family of dealerships;</li>
        <li>administer our business, such as keeping records of coupons you bought and redeemed.</li>
      </ul>

      <h2>What We Collect</h2>
      <p>
        We collect your first name, last name, e-mail address and phone numbers. We ask for them when you register, when our
        staff create your profile at the service desk, or when you buy a coupon pack.
      </p>

      <h2>Disclosure</h2>
      <p>
        We do not sell, trade or share your personal information with unaffiliated third parties without your consent, unless
        the law requires us to.
      </p>

      <h2>What We Do With the Information We Gather</h2>
      <p>
        We keep your information to run your account, to send you the messages you asked for (such as registration and
        verification e-mails or texts) and to improve our service. Every page and every message between your browser and our
        servers uses a secure, encrypted connection.
      </p>
      <p>
        Questions? Read our <Link to={paths.termsOfService}>Terms of Service</Link> or <Link to={paths.contact}>contact us</Link>.
      </p>
    </article>
  );
}
