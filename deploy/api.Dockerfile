# syntax=docker/dockerfile:1
# The api image of docker-compose.yml (issue #7, DESIGN.md §2 "scaled out"): shared and the api
# built from the monorepo; the runtime stage carries only their production dependencies. It
# serves /api/*, /healthz, /readyz and /config.js; the frontends have their own static
# containers (static.Dockerfile). Build context: the repository root.

# ---- dependencies of every workspace (the lock is one for the monorepo) --------------------
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
ENV NO_UPDATE_CHECK=1 NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# better-sqlite3 compiles when no prebuilt binary matches.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY shell/package.json shell/
COPY remote-auth/package.json remote-auth/
COPY remote-eventos/package.json remote-eventos/
COPY remote-informes/package.json remote-informes/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# ---- build shared and the api ------------------------------------------------------------------
FROM manifests AS build
RUN npm ci
COPY tsconfig.base.json ./
COPY shared shared
COPY api api
RUN npm run build -w shared && npm run build -w api

# ---- production dependencies of the api and shared only ---------------------------------------
FROM manifests AS prod-deps
RUN npm ci --omit=dev --workspace=shared --workspace=api --include-workspace-root=false

# ---- runtime ---------------------------------------------------------------------------------
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/api/dist api/dist
# SQLite's default ./data (unused with DATABASE_URL=postgres://…) must be writable by `node`.
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000
# Liveness only: readiness (/readyz, the database) is the load balancer's business.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "api/dist/server.js"]
