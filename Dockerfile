# One image for every Vigil service; docker-compose.yml picks the service with --service.

# The console (console/dist) is built with its dev dependencies (vite) in a stage of its own.
FROM node:20-bookworm-slim AS console
WORKDIR /app
COPY package.json package-lock.json ./
COPY console ./console
RUN npm ci --include=dev --ignore-scripts && npm run build --workspace console

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
# The console workspace's manifest and build script (the postinstall skips the build without vite).
COPY console/package.json console/build.mjs ./console/
RUN npm ci
COPY . .
COPY --from=console /app/console/dist ./console/dist
# The blob folder (VIGIL_BLOB_DIR in docker-compose.yml and Kubernetes), owned by the user the
# services run as: a named volume mounted there starts with this owner, not root.
RUN mkdir -p /var/lib/vigil/blobs && chown node:node /var/lib/vigil/blobs
USER node
EXPOSE 3000 4000 4001 4002 4003 4004 4005
CMD ["npm", "start"]
