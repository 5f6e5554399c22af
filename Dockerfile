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
ENV NODE_ENV=production HOST=0.0.0.0
COPY package.json package-lock.json ./
COPY gateway/package.json gateway/
COPY web/package.json web/
RUN npm ci --omit=dev --ignore-scripts -w gateway && npm rebuild argon2 sharp
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/web/dist web/dist
EXPOSE 4000
RUN mkdir -p /data && chown node /data
USER node
CMD ["node", "gateway/dist/main.js"]
