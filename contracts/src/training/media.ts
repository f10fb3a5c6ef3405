// Written by tools/training-videos (npm run training:videos): the content hash of each video's files,
// added to their addresses so that a re-made video is fetched anew while the files are cached long.
export const TRAINING_MEDIA_VERSIONS = { coupons: '23d7e1b91b5f', paper: '715b3b7e0dbf' } as const;
