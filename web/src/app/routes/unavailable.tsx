// A page of the route table whose screen arrives with a later issue: says so plainly and offers a way on.
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/layouts/page-header';

interface UnavailableProps {
  title: string;
  /** Where the button leads; omitted for no button. */
  back?: { to: string; label: string };
}

export function UnavailableRoute({ title, back }: UnavailableProps) {
  return (
    <>
      <PageHeader title={title} />
      <section className="panel empty-state" aria-label={title}>
        <p>
          <strong>{title}</strong> is not available yet.
        </p>
        <p>This part of Dealer Coupons is still being built. Please check back soon.</p>
        {back && (
          <Link to={back.to} className="btn">
            {back.label}
          </Link>
        )}
      </section>
    </>
  );
}
