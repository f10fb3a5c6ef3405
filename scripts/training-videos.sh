#!/usr/bin/env bash
# npm run training:videos: the same set-up as npm test (PostgreSQL, Redis, Chromium, the web build),
# plus espeak-ng and ffmpeg, then the script that records both training videos (tools/training-videos).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh
ensure_node_modules
ensure_postgres
ensure_redis
ensure_chromium
ensure_media_tools
build_web
npx tsx tools/training-videos/make-videos.ts
