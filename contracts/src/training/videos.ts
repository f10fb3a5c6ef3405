/**
 * The training videos (SPEC 1, 2.2): two videos made from the product itself
 * (tools/training-videos/), each with its page, its files and its captions. Staff watch them;
 * progress is tracked per employee and video (events in ./events.ts).
 */
export const TRAINING_VIDEO_IDS = ['coupons', 'paper'] as const;
export type TrainingVideoId = (typeof TRAINING_VIDEO_IDS)[number];

export interface TrainingVideo {
  videoId: TrainingVideoId;
  title: string;
  summary: string;
  /** The page that plays it (SPEC 2.2). */
  page: string;
  /** H.264/AAC MP4 at SPEC's path. */
  mp4: string;
  /** The same video in open codecs (VP9/Opus WebM), for browsers without H.264. */
  webm: string;
  /** WebVTT captions of the narration. */
  captions: string;
}

export const TRAINING_VIDEOS: Readonly<Record<TrainingVideoId, TrainingVideo>> = {
  coupons: {
    videoId: 'coupons',
    title: 'Selling and redeeming coupons',
    summary: 'Find a customer, sell a coupon pack, redeem a coupon on a repair order and void a redemption.',
    page: '/training/coupons',
    mp4: '/coupon_training.mp4',
    webm: '/coupon_training.webm',
    captions: '/coupon_training.vtt',
  },
  paper: {
    videoId: 'paper',
    title: 'Converting a paper coupon book',
    summary: 'Find a paper book by its number, redeem a paper coupon and convert the book to digital coupons.',
    page: '/training/paper',
    mp4: '/paper_coupon_conversion.mp4',
    webm: '/paper_coupon_conversion.webm',
    captions: '/paper_coupon_conversion.vtt',
  },
};

export const isTrainingVideoId = (value: unknown): value is TrainingVideoId => typeof value === 'string' && (TRAINING_VIDEO_IDS as readonly string[]).includes(value);

/** Longest video a report may describe (seconds): the inputs' maximum. */
export const TRAINING_MAX_SECONDS = 4 * 60 * 60;
/** Most watched ranges one progress report may carry. */
export const TRAINING_MAX_RANGES = 200;

export const TRAINING_MESSAGES = {
  videoUnknown: 'There is no training video with this name.',
  rangeInvalid: 'A watched range must start before it ends and lie within the video.',
  positionInvalid: 'The position must lie within the video.',
} as const;
