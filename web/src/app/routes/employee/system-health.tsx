// /employee/system-health (admins): events a read model could not apply and messages that could not be sent, with Retry.
import { PageHeader } from '../../../components/layouts/page-header';
import { SystemHealth } from '../../../features/system-health/components/system-health';

export function SystemHealthRoute() {
  return (
    <>
      <PageHeader title="System health" description="Work the product could not finish on its own. Retry an item once its cause is fixed." />
      <SystemHealth />
    </>
  );
}
