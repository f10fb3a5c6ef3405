// /training/coupons and /training/paper: one training video with captions, resumed where the employee left off.
import { Link } from 'react-router-dom';
import { TRAINING_VIDEOS, type TrainingVideoId } from '@dealer/contracts';
import { PageHeader } from '../../../components/layouts/page-header';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { paths } from '../../../config/paths';
import { useTraining } from '../../../features/training/api/get-training';
import { TrainingPlayer } from '../../../features/training/components/training-player';
import '../../../features/training/components/training.css';

function TrainingVideoPage({ videoId }: { videoId: TrainingVideoId }) {
  const video = TRAINING_VIDEOS[videoId];
  const own = useTraining();
  return (
    <>
      <PageHeader title={`Training: ${video.title}`} description={video.summary} />
      {own.isPending ? <Spinner label="Loading your progress..." /> : <TrainingPlayer videoId={videoId} progress={own.data?.find((v) => v.videoId === videoId)} />}
      <p>
        <Link to={paths.employee.training}>All training videos</Link>
      </p>
    </>
  );
}

export const TrainingCouponsRoute = () => <TrainingVideoPage videoId="coupons" />;
export const TrainingPaperRoute = () => <TrainingVideoPage videoId="paper" />;
