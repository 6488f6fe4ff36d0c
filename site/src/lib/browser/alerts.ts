/**
 * "Receber alertas" (issue #29, item 3; decision 061): breaking-news alerts by
 * Web Push, asked only when the reader shows interest — the footer's button,
 * or an invitation after a second story — never on first paint. The consent
 * text is shown before the browser's own question, and its version goes with
 * the subscription. The service worker (/alertas/sw.js) is scoped to
 * /alertas/, where no page lives: it shows alerts and never touches a page.
 * Plain DOM, like the newsletter box.
 */
import { ApiError, storageGet, storageSet, subscribeAlerts, unsubscribeAlerts } from './api.ts';

export const SW_URL = '/alertas/sw.js';
export const SW_SCOPE = '/alertas/';
const READ_KEY = 'portal:alerts-read';
const DISMISSED_KEY = 'portal:alerts-dismissed';
/** The invitation comes back this long after "Agora não". */
const DISMISS_MS = 30 * 86_400_000;

export const ALERT_TEXTS = {
  on: 'Receber alertas',
  off: 'Parar alertas',
  blocked: 'Os alertas estão bloqueados neste navegador. Para receber, permita as notificações deste site nas configurações do navegador.',
  failed: 'Não foi possível ativar os alertas neste navegador.',
  alreadyOff: 'Os alertas já estavam desativados neste navegador.',
} as const;

export const alertsSupported = () =>
  typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Stories this browser has opened (the last few ids): the second one is the interest the invitation waits for. */
export function noteStoryRead(id: string): number {
  const ids = (storageGet(READ_KEY) ?? '').split(' ').filter((x) => x && x !== id);
  ids.push(id);
  storageSet(READ_KEY, ids.slice(-5).join(' '));
  return Math.min(ids.length, 5);
}

const dismissedRecently = (now = Date.now()) => now - Number(storageGet(DISMISSED_KEY) ?? 0) < DISMISS_MS;

async function registration(): Promise<ServiceWorkerRegistration> {
  const reg = await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE });
  // `ready` would wait for a worker controlling this page, which this one never does.
  const worker = reg.installing ?? reg.waiting;
  if (!reg.active && worker) {
    await new Promise<void>((resolve) => {
      const check = () => worker.state === 'activated' && resolve();
      worker.addEventListener('statechange', check);
      check();
    });
  }
  return reg;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration(SW_SCOPE);
  return reg ? reg.pushManager.getSubscription() : null;
}

const keyBytes = (b64url: string) => {
  const bin = atob(b64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

/** The browser's question, then its subscription to the portal's key, then the server keeps it. */
async function enable(publicKey: string, consent: string): Promise<string> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new ApiError(ALERT_TEXTS.blocked);
  const reg = await registration();
  let sub: PushSubscription;
  try {
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  } catch {
    throw new ApiError(ALERT_TEXTS.failed);
  }
  return (await subscribeAlerts(sub.toJSON(), consent)).message;
}

/** The browser lets go of its subscription, and the server deletes it (its answer is what the reader reads). */
async function disable(): Promise<string> {
  const sub = await currentSubscription();
  if (!sub) return ALERT_TEXTS.alreadyOff;
  const { endpoint } = sub;
  await sub.unsubscribe();
  return (await unsubscribeAlerts(endpoint)).message;
}

/**
 * Wires every alerts box of the page (`[data-alerts]`: the footer's, an
 * article's invitation). Each has a toggle, a consent group and a status line.
 */
export function startAlerts(root: ParentNode = document) {
  const boxes = [...root.querySelectorAll<HTMLElement>('[data-alerts]')];
  if (!boxes.length || !alertsSupported()) return;
  const story = root.querySelector<HTMLElement>('[data-news-id]')?.dataset.newsId;
  const read = story ? noteStoryRead(story) : 0;
  void currentSubscription()
    .catch(() => null)
    .then((sub) => {
      let on = !!sub;
      /** Each box as the state says; `answered` (the box the reader just used) stays in view with its answer. */
      const refresh = (answered?: HTMLElement) => {
        for (const box of boxes) {
          const invite = box.dataset.alerts === 'invite';
          // The invitation: a second story, not subscribed, not refused by the browser, not declined lately.
          if (box !== answered) box.hidden = invite ? on || read < 2 || Notification.permission === 'denied' || dismissedRecently() : false;
          const toggle = box.querySelector<HTMLButtonElement>('[data-alerts-toggle]');
          if (toggle) toggle.textContent = on ? ALERT_TEXTS.off : ALERT_TEXTS.on;
        }
      };
      for (const box of boxes) {
        const toggle = box.querySelector<HTMLButtonElement>('[data-alerts-toggle]');
        const consent = box.querySelector<HTMLElement>('[data-alerts-consent]');
        const accept = box.querySelector<HTMLButtonElement>('[data-alerts-accept]');
        const cancel = box.querySelector<HTMLButtonElement>('[data-alerts-cancel]');
        const status = box.querySelector<HTMLElement>('[data-alerts-status]');
        if (!toggle || !consent || !accept || !cancel || !status) continue;
        const say = (message: string, error: boolean) => {
          status.textContent = message;
          status.dataset.state = error ? 'error' : 'ok';
        };
        toggle.addEventListener('click', () => {
          if (!on) {
            consent.hidden = false;
            toggle.setAttribute('aria-expanded', 'true');
            accept.focus();
            return;
          }
          toggle.disabled = true;
          disable()
            .then(
              (m) => {
                on = false;
                say(m, false);
              },
              () => say(ALERT_TEXTS.failed, true),
            )
            .finally(() => {
              toggle.disabled = false;
              refresh(box);
            });
        });
        cancel.addEventListener('click', () => {
          consent.hidden = true;
          toggle.setAttribute('aria-expanded', 'false');
          storageSet(DISMISSED_KEY, String(Date.now()));
          if (box.dataset.alerts === 'invite') box.hidden = true;
          toggle.focus();
        });
        accept.addEventListener('click', () => {
          accept.disabled = true;
          enable(box.dataset.alertsKey ?? '', box.dataset.alertsVersion ?? '')
            .then(
              (m) => {
                on = true;
                consent.hidden = true;
                toggle.setAttribute('aria-expanded', 'false');
                say(m, false);
              },
              (e: unknown) => say(e instanceof ApiError ? e.message : ALERT_TEXTS.failed, true),
            )
            .finally(() => {
              accept.disabled = false;
              refresh(box);
            });
        });
      }
      refresh();
    });
}
