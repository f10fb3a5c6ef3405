// /employee/dev-outbox: messages the product sent while running in demo mode.
import { PageHeader } from '../../../components/layouts/page-header';
import { DevOutbox } from '../../../features/dev-outbox/components/dev-outbox';

export function DevOutboxRoute() {
  return (
    <>
      <PageHeader title="Dev Outbox" description="E-mails and text messages sent while the product runs in demo mode." />
      <DevOutbox />
    </>
  );
}
