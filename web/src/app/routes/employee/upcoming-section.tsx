// Staff areas in the navigation whose screens arrive with later issues (RO Search, Reports, Help, Users).
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/layouts/page-header';
import { paths } from '../../../config/paths';

export function UpcomingSectionRoute({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <section className="panel empty-state">
        <p>{title} is not available in this release yet.</p>
        <Link to={paths.employee.sales} className="btn">
          Go to Sales
        </Link>
      </section>
    </>
  );
}
