/**
 * Alerts' code (alerts.ts) loads only once the reader reaches an alerts box —
 * the footer, or the invitation after a story — never with the page: most
 * readers never get there, and the page's JavaScript budget stays the story's.
 */
export function loadAlertsWhenReached(root: ParentNode = document) {
  const slots = [...root.querySelectorAll<HTMLElement>('[data-alerts-slot]')];
  if (!slots.length || !('PushManager' in window) || !('IntersectionObserver' in window)) return;
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      void import('./alerts.ts').then((m) => m.startAlerts(root));
    },
    { rootMargin: '300px 0px' },
  );
  for (const s of slots) io.observe(s);
}
