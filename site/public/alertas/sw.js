// Alertas de notícias urgentes (issue #29, decision 061). Registered with the scope /alertas/, where no page
// lives: this worker shows alerts and opens the story, and has no fetch handler — it never caches, serves or
// changes a page of the site.
self.addEventListener('push', (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = {};
  }
  const title = typeof alert.title === 'string' && alert.title ? alert.title : 'Alerta';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof alert.body === 'string' ? alert.body : '',
      // One notification per story: a corrected alert replaces the first.
      tag: typeof alert.tag === 'string' && alert.tag ? alert.tag : 'alerta',
      renotify: true,
      lang: 'pt-BR',
      icon: '/favicon.svg',
      data: { url: typeof alert.url === 'string' ? alert.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  // Only the portal's own pages.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(url.href));
});
