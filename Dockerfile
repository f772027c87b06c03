# syntax=docker/dockerfile:1
# Outpost's image (docs/decisions/049): the release folder of `scripts/release.sh` on Node 24 LTS.
#   docker build -t outpost:local .            (or: docker compose build)
#   docker run --env-file .env -p 3000:3000 outpost:local            the web (API and pages)
#   ... outpost:local node dist/server.js worker                     jobs and the outbox (HTTP: health, metrics)
#   ... outpost:local node dist/server.js migrate                    apply migrations, then exit
# Nothing secret is in the image: every setting comes from the environment at run time.

# Both stages on one image, so the native modules built by `npm ci` (argon2) fit the runtime's libc.
# Pinned by tag (Node 24.21.0, the version the root package's `node` dependency brings; Debian
# trixie, slim); pin the digest too where your registry shows it (node:24.21.0-trixie-slim@sha256:...).
ARG NODE_IMAGE=node:24.21.0-trixie-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The dependencies first, in their own layer: a change of code alone reuses it.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
RUN npm ci --no-audit --no-fund
COPY . .
# The same commands as CI's release step: the web app and the server bundle, then the
# self-contained folder (bundle, migrations, content, web dist, production node_modules).
RUN npm run build && bash scripts/release.sh /release

FROM ${NODE_IMAGE} AS runtime
# tini is PID 1: it hands SIGTERM to node (which stops gracefully: requests and the job in flight
# finish, then exit 0) and reaps zombies. No curl: the health check below uses node's fetch.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /var/lib/outpost \
  && chown node:node /var/lib/outpost
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/var/lib/outpost/data
WORKDIR /app
# Owned by root, read-only to the process; the only place it may write is /var/lib/outpost
# (the embedded database with DATABASE=embedded; the trial's generated key in compose.yaml).
COPY --from=build /release /app
COPY deploy/docker-entrypoint.sh /usr/local/bin/outpost-entrypoint
# The image's own unprivileged user (uid 1000).
USER node
EXPOSE 3000
# Liveness (the process answers), for web and worker alike (a worker serves only /api/health/*
# and /metrics). Load balancers use /api/health/ready. compose.yaml turns it off for migrate.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["tini", "--", "outpost-entrypoint"]
CMD ["node", "dist/server.js"]
