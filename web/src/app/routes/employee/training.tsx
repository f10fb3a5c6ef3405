// /employee/training: the training videos with the employee's own progress; managers and admins
// also see completion by employee at the locations they manage.
import { permissionsFor } from '@dealer/contracts';
import { PageHeader } from '../../../components/layouts/page-header';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useTraining } from '../../../features/training/api/get-training';
import { useTrainingCompletion } from '../../../features/training/api/get-training-completion';
import { CompletionTable } from '../../../features/training/components/completion-table';
import { TrainingList } from '../../../features/training/components/training-list';
import '../../../features/training/components/training.css';
import { useSession } from '../../../lib/auth/use-session';

export function TrainingRoute() {
  const own = useTraining();
  const canSeeCompletion = permissionsFor(useSession()?.payload.access.list, 'training-completion').canGet;
  const completion = useTrainingCompletion(canSeeCompletion);
  return (
    <>
      <PageHeader title="Training" description="Short videos of the jobs you do every day, made from the product itself. Your progress is saved as you watch." />
      {own.isPending ? <Spinner label="Loading training..." /> : own.isError ? <p role="alert">Training could not be loaded. Please try again.</p> : <TrainingList videos={own.data} />}
      {canSeeCompletion && (
        <section className="panel" aria-labelledby="training-completion-title">
          <h2 id="training-completion-title">Completion by employee</h2>
          <p className="panel-intro muted">Everyone holding a role at the locations you manage. Completed means watched to the end, not skipped to it.</p>
          {completion.isPending ? <Spinner label="Loading completion..." /> : completion.isError ? <p role="alert">Completion could not be loaded.</p> : <CompletionTable rows={completion.data} />}
        </section>
      )}
    </>
  );
}
