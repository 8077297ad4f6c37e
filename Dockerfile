# Images of the platform, built from the repository root:
#   docker build -t ysjs-app .               API, worker and migrate step (the last stage, `app`)
#   docker build -t ysjs-web --target web .  nginx serving the web app and proxying /api/ to the API
# One app image runs every Node process; the command picks which:
#   node apps/api/dist/server.js             API (default)
#   node apps/worker/dist/main.js            background jobs
#   pnpm db:migrate && pnpm db:seed          schema migrations and idempotent seed
# Plain Dockerfile syntax (no BuildKit-only features), so both `docker compose` and the legacy builder work.

ARG NODE_IMAGE=node:22-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27-alpine

# ---------------------------------------------------------------------------------------------------
# base: Node + pnpm (the version pinned in package.json's packageManager).
FROM ${NODE_IMAGE} AS base
ARG PNPM_VERSION=10.34.8
ENV PNPM_HOME=/pnpm \
    PATH=/pnpm:$PATH \
    PNPM_STORE=/pnpm/store \
    CHECKPOINT_DISABLE=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1 \
    npm_config_update_notifier=false
# corepack would need COREPACK_INTEGRITY_KEYS=0 behind some registries; npm always works.
RUN npm install -g "pnpm@${PNPM_VERSION}" && npm cache clean --force && pnpm --version
WORKDIR /app

# ---------------------------------------------------------------------------------------------------
# fetch: every package of the lockfile into the pnpm store. Depends on the lockfile only, so code
# changes do not download again.
FROM base AS fetch
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch --store-dir "$PNPM_STORE"

# ---------------------------------------------------------------------------------------------------
# build: full install (dev dependencies included) and `pnpm build` (turbo: api, worker, web).
FROM fetch AS build
ENV CI=true
COPY . .
# The postinstall of prisma/ (@ysjs/db) runs `prisma generate` into prisma/generated.
RUN pnpm install --frozen-lockfile --offline --store-dir "$PNPM_STORE"
RUN pnpm build \
 && test -f apps/api/dist/server.js \
 && test -f apps/worker/dist/main.js \
 && test -f apps/web/dist/index.html

# ---------------------------------------------------------------------------------------------------
# prod-deps: production dependencies of the API and worker (and, through them, @ysjs/db with the
# Prisma CLI, the wasm schema engine and tsx for migrate/seed). The web app's packages are left out:
# its bundle is self-contained.
FROM fetch AS prod-deps
ENV CI=true
# tsconfig.base.json: prisma/tsconfig.json extends it, and both prisma.config.ts (generate, migrate) and
# tsx (seed) read it.
COPY package.json tsconfig.base.json ./
COPY apps/api/package.json apps/api/
COPY apps/worker/package.json apps/worker/
COPY apps/web/package.json apps/web/
COPY packages/shared/ packages/shared/
COPY packages/server-core/ packages/server-core/
# Migrations, seed, schema, prisma.config.ts and the schema-engine shim; the postinstall generates the
# client into prisma/generated (the build stage's copy is regenerated from the same schema).
COPY prisma/ prisma/
# `pnpm fetch` also filled node_modules/.pnpm with every package (dev ones too): start from none.
RUN rm -rf node_modules \
 && pnpm install --frozen-lockfile --offline --prod --store-dir "$PNPM_STORE" \
      --filter "@ysjs/api..." --filter "@ysjs/worker..." \
 && test -f prisma/generated/client.ts

# ---------------------------------------------------------------------------------------------------
# web: the built SPA behind nginx. docker/nginx.conf is a template: API_UPSTREAM and the container's
# DNS resolvers are filled in at start by the image's entrypoint.
FROM ${NGINX_IMAGE} AS web
ENV API_UPSTREAM=http://api:8080 \
    NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1 \
    NGINX_ENVSUBST_FILTER="API_UPSTREAM|NGINX_LOCAL_RESOLVERS"
RUN rm -f /etc/nginx/conf.d/default.conf
COPY docker/nginx.conf /etc/nginx/templates/default.conf.template
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
EXPOSE 80
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1/healthz || exit 1

# ---------------------------------------------------------------------------------------------------
# app: runtime of the API, the worker and the migrate step. Code is owned by root and read-only to the
# `node` user (uid 1000); only prisma/generated (rewritten by `pnpm db:migrate`) and storage/ (local
# file storage when S3 is not configured) are writable.
FROM base AS app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    STORAGE_DIR=/app/storage
COPY --from=prod-deps /app /app
COPY --from=build /app/apps/api/dist /app/apps/api/dist
COPY --from=build /app/apps/worker/dist /app/apps/worker/dist
# The API can also serve the SPA itself (set WEB_DIST_DIR=/app/apps/web/dist) when no nginx is in front.
COPY --from=build /app/apps/web/dist /app/apps/web/dist
COPY scripts/ensure-secret.mjs /app/scripts/ensure-secret.mjs
# secrets/ is the mount point of the compose file's `secrets` volume (the generated JWT signing key):
# owned by node so a new volume is created writable for the migrate step.
RUN mkdir -p /app/storage /app/secrets \
 && chown -R node:node /app/storage /app/secrets /app/prisma/generated \
 && chown node:node /app/prisma
USER node
EXPOSE 8080
# No HEALTHCHECK here: the image also runs the worker and the one-shot migrate step, so each service
# declares its own (docker-compose.yml). The API's: GET /api/health answers 200 when PG and Redis do.
CMD ["node", "apps/api/dist/server.js"]
