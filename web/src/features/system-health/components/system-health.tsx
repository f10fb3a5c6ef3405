// System health (admins): the work the product could not do on its own, to retry after a fix.
import { FailedJobs } from './failed-jobs';
import { ParkedEvents } from './parked-events';
import './system-health.css';

export function SystemHealth() {
  return (
    <div className="system-health">
      <ParkedEvents />
      <FailedJobs />
    </div>
  );
}
