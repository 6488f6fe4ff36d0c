/**
 * A live coverage's badge (issue #30), apart from the rest of domain/live: news
 * cards on every list show it, and a bundle that takes it from live.ts shared
 * that whole module with every page's script (an article page's JavaScript
 * budget went over). live.ts re-exports it.
 */
export const LIVE_BADGE = 'Ao vivo';
export const LIVE_ENDED_BADGE = 'Cobertura encerrada';
