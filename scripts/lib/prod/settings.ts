/**
 * What production sets on every Directus instance to run several of them on
 * one PostgreSQL (issue #11): cache, rate limiter and synchronisation in
 * Redis. `npm run start:prod` and `npm run test:prod` use exactly these;
 * docker-compose.yml's x-directus-env must carry the same values (a test
 * compares them), so the two cannot drift.
 */
export const SHARED_DIRECTUS_SETTINGS = {
  CACHE_ENABLED: 'true',
  CACHE_STORE: 'redis',
  CACHE_AUTO_PURGE: 'true',
  RATE_LIMITER_ENABLED: 'true',
  RATE_LIMITER_STORE: 'redis',
  RATE_LIMITER_POINTS: '100',
  RATE_LIMITER_DURATION: '1',
  SYNCHRONIZATION_STORE: 'redis',
  WEBSOCKETS_ENABLED: 'false',
  ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION: '2000',
  FILES_MAX_UPLOAD_SIZE: '10mb',
  // Behind nginx: trust exactly its one hop, so a client's own X-Forwarded-For cannot dodge the login limits (issue #31).
  IP_TRUST_PROXY: '1',
} as const;
