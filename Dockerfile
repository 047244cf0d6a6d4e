# syntax=docker/dockerfile:1
# Multi-stage: build with every dependency, run with production dependencies only.

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

FROM node:24-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    SANDBOX_DB=/data/sandbox.db \
    DATABASE_URL=file:/data/portal.db \
    NODE_OPTIONS="--max-semi-space-size=16 --max-old-space-size=160" \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# server.ts runs as TypeScript and imports server/, app/ and, for the embedded upstream,
# sandbox/ at run time (the bundle in build/ holds only the React Router app), so they go in whole.
COPY package.json server.ts ./
COPY server ./server
COPY app ./app
COPY sandbox ./sandbox
# The operator's backup of the portal's database, run with `docker exec` (docs/operating.md).
COPY scripts/backup.ts ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.ts"]
