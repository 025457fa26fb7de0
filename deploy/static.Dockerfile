# syntax=docker/dockerfile:1
# One frontend as its own static container (issue #7: "each area deploys alone"): the shell or
# one remote, built from the monorepo and served by nginx. Build context: the repository root.
#   APP        the workspace to build: shell, remote-auth, remote-eventos or remote-informes
#   BASE_PATH  where its files live under the web root: / for the shell,
#              /remotes/<name>/ for a remote (the load balancer passes the path unchanged)
#   SITE       deploy/nginx/shell.conf (SPA fallback to index.html) or deploy/nginx/remote.conf
ARG APP=shell

FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /app
ENV NO_UPDATE_CHECK=1 NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
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
RUN npm ci
COPY tsconfig.base.json ./
COPY tools/webpack tools/webpack
COPY shared shared
COPY ${APP} ${APP}
RUN npm run build -w shared && npm run build -w ${APP}

FROM nginx:1.27-alpine
ARG APP
ARG BASE_PATH=/
ARG SITE=deploy/nginx/shell.conf
COPY ${SITE} /etc/nginx/conf.d/default.conf
COPY deploy/nginx/static-common.conf /etc/nginx/static-common.conf
COPY --from=build /app/${APP}/dist /usr/share/nginx/html${BASE_PATH}
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s CMD wget -q -O /dev/null http://127.0.0.1/healthz || exit 1
