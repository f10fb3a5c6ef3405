# syntax=docker/dockerfile:1
# One image for every Node service (command-api, query-api, projector, workers, launcher):
# each container runs `npx tsx <part>/src/server.ts` (see docker-compose.yml), plus a `web`
# target: the built SPA behind nginx, which routes the APIs. No secret is built in: settings
# come from the environment at run time (deploy.env.example; .dockerignore keeps deploy.env out).

FROM node:20-slim AS deps
WORKDIR /app
# Manifests first, so dependency layers are rebuilt only when a manifest changes.
# Add a line here when a workspace is added.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY dms/package.json dms/
COPY read-models/package.json read-models/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY projector/package.json projector/
COPY workers/package.json workers/
COPY web/package.json web/
COPY launcher/package.json launcher/
# No install scripts (the root package.json's allowScripts allows none): native pieces come
# as prebuilt optional packages for linux-x64 glibc.
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS source
COPY . .

FROM source AS web-build
RUN npm run build -w @dealer/web

FROM nginx:1.27-alpine AS web
COPY docker/nginx/default.conf /etc/nginx/conf.d/default.conf
COPY --from=web-build /app/web/dist /usr/share/nginx/html
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD wget -q -O /dev/null http://127.0.0.1/ || exit 1

# Last stage = the default target.
FROM source AS app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
USER node
EXPOSE 3000
# Every Node service answers /healthz on PORT (status only; 503 when a part it needs is down):
# the APIs check their database, the projector its projections, the workers queue and reactor.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Every service takes SIGTERM and closes gracefully; run with an init (compose: init: true).
CMD ["npx", "tsx", "launcher/src/server.ts"]
