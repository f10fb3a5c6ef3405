// /terms-of-service (SPEC 2.4): the terms of the website, last updated February 26, 2025.
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PRODUCT_NAME, useDocumentTitle } from '../../hooks/use-document-title';

export const TERMS_LAST_UPDATED = 'February 26, 2025';
export const SUPPORT_EMAIL = 'support@dealer-coupons.example';

export function TermsOfServiceRoute() {
  useDocumentTitle('Terms of Service');
  return (
    <article className="auth-document">
      <h1>Terms of Service</h1>
      <p className="muted">Last updated: {TERMS_LAST_UPDATED}</p>
      <p>Please read these terms carefully before using our Service.</p>

      <h2>Interpretation and Definitions</h2>
      <h3>Interpretation</h3>
      <p>Words with an initial capital letter have the meanings defined below, whether they appear in singular or in plural.</p>
      <h3>Definitions</h3>
      <ul>
        <li>
          <strong>Company</strong> (referred to as &quot;the Company&quot;, &quot;We&quot;, &quot;Us&quot; or &quot;Our&quot;)
          means the dealership group that operates {PRODUCT_NAME}.
        </li>
        <li>
          <strong>Affiliate</strong> means an entity that controls, is controlled by or is under common control with the Company.
        </li>
        <li>
          <strong>Country</strong> refers to the State of Colorado, United States.
        </li>
        <li>
          <strong>Device</strong> means any device that can access the Service, such as a computer, a phone or a tablet.
        </li>
        <li>
          <strong>Service</strong> refers to the {PRODUCT_NAME} website, including the coupons, coupon packs and service history
          it offers.
        </li>
        <li>
          <strong>Terms</strong> means these Terms of Service, the entire agreement between You and the Company on the use of the
          Service.
        </li>
        <li>
          <strong>You</strong> means the person using the Service, or the company or other legal entity on whose behalf that
          person uses it.
        </li>
      </ul>

      <h2>Acknowledgment</h2>
      <p>
        These Terms govern the use of the Service and set out the rights and obligations of all users. By using the Service You
        agree to be bound by them; if You disagree with any part of them, You may not use the Service.
      </p>
      <p>
        You represent that You are over the age of 18. The Company does not permit anyone under 18 to use the Service.
      </p>
      <p>
        Your use of the Service is also subject to our <Link to={paths.privacy}>Privacy Policy</Link>, which describes how we
        collect, use and disclose Your personal information.
      </p>

      <h2>Links to Other Websites</h2>
      <p>
        The Service may contain links to websites or services that are not owned or controlled by the Company. The Company has no
        control over, and assumes no responsibility for, their content, privacy policies or practices, and shall not be liable for
        any damage or loss caused by Your use of them. We advise You to read their terms and privacy policies.
      </p>

      <h2>Termination</h2>
      <p>
        We may suspend or terminate Your access immediately, without prior notice or liability, for any reason, including a breach
        of these Terms. Upon termination, Your right to use the Service ceases immediately.
      </p>

      <h2>Limitation of Liability</h2>
      <p>
        Notwithstanding any damages You might incur, the entire liability of the Company and its suppliers under these Terms, and
        Your exclusive remedy, is limited to the amount You actually paid through the Service, or 100 USD if You have not
        purchased anything through the Service.
      </p>
      <p>
        To the maximum extent permitted by law, the Company and its suppliers are not liable for any special, incidental, indirect
        or consequential damages, including loss of profits, loss of data, business interruption or personal injury, arising out
        of or in any way related to the use of or inability to use the Service. Some states do not allow the exclusion of implied
        warranties or the limitation of liability for incidental or consequential damages, so some of these limitations may not
        apply to You; in those states each party&apos;s liability is limited to the greatest extent permitted by law.
      </p>

      <h2>&quot;As Is&quot; and &quot;As Available&quot; Disclaimer</h2>
      <p>
        The Service is provided &quot;as is&quot; and &quot;as available&quot;, with all faults and defects and without warranty of
        any kind. To the maximum extent permitted by law, the Company disclaims all warranties, whether express, implied or
        statutory, including warranties of merchantability, fitness for a particular purpose, title and non-infringement. The
        Company does not warrant that the Service will meet Your requirements, run without interruption, or be free of errors,
        viruses or other harmful components.
      </p>

      <h2>Governing Law</h2>
      <p>
        The laws of the Country, the State of Colorado, United States, excluding its conflict-of-law rules, govern these Terms and
        Your use of the Service. Your use of the Service may also be subject to other local, state, national or international laws.
      </p>

      <h2>Disputes Resolution</h2>
      <p>
        If You have any concern or dispute about the Service, You agree to first try to resolve it informally by contacting the
        Company.
      </p>

      <h2>For European Union (EU) Users</h2>
      <p>If You are a European Union consumer, You benefit from any mandatory provisions of the law of the country in which You reside.</p>

      <h2>United States Legal Compliance</h2>
      <p>
        You represent and warrant that You are not located in a country subject to a United States government embargo or
        designated as a &quot;terrorist supporting&quot; country, and that You are not listed on any United States government list
        of prohibited or restricted parties.
      </p>

      <h2>Severability and Waiver</h2>
      <h3>Severability</h3>
      <p>
        If any provision of these Terms is held unenforceable or invalid, it will be changed and interpreted to accomplish its
        objectives to the greatest extent possible under applicable law, and the remaining provisions continue in full force.
      </p>
      <h3>Waiver</h3>
      <p>
        A failure to exercise a right or to require performance of an obligation under these Terms does not affect a party&apos;s
        ability to exercise that right or require that performance later, and the waiver of a breach does not waive any later
        breach.
      </p>

      <h2>Translation Interpretation</h2>
      <p>
        These Terms may have been translated if We made them available to You on our Service. You agree that the original English
        text prevails in the case of a dispute.
      </p>

      <h2>Changes to These Terms</h2>
      <p>
        We may modify or replace these Terms at any time. If a revision is material, We will make reasonable efforts to give at
        least 30 days&apos; notice before the new terms take effect. What constitutes a material change is determined at our sole
        discretion. By continuing to use the Service after revisions take effect, You agree to be bound by the revised terms.
      </p>

      <h2>Contact Us</h2>
      <p>If You have any questions about these Terms, You can contact us:</p>
      <ul>
        <li>
          By e-mail: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </li>
        <li>
          By visiting our <Link to={paths.contact}>contact page</Link>
        </li>
      </ul>
    </article>
  );
}
