// Written by tools/training-videos (npm run training:videos): the content hash of each video's files,
// added to their addresses so that a re-made video is fetched anew while the files are cached long.
export const TRAINING_MEDIA_VERSIONS = { coupons: 'e2fb8c349f7d', paper: '380c739dc15b' } as const;
