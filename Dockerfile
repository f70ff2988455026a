# One image for every Vigil service; docker-compose.yml picks the service with --service.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci
COPY . .
USER node
EXPOSE 3000 4000 4001 4002 4003 4004 4005
CMD ["npm", "start"]
