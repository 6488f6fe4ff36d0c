/**
 * Nothing lost (issue #15): the news dialog keeps a local draft of what is
 * typed, keyed by the story's id or "new", written every few seconds while it
 * differs from what was loaded, and cleared after a successful save. A draft
 * newer than the story's last save is offered back when the dialog opens.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { asUtc } from '@portal/domain/timestamps';

export const DRAFT_INTERVAL_MS = 3000;
const PREFIX = 'portal:news-draft:';

export type NewsDraft<V> = { values: V; savedAt: string };

export const draftKey = (newsId: string | null) => `${PREFIX}${newsId ?? 'new'}`;

function read<V>(key: string): NewsDraft<V> | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as NewsDraft<V>) : null;
  } catch {
    return null;
  }
}

/**
 * @param open the dialog is open
 * @param newsId null for a new story
 * @param updatedAt the story's last save; an older draft is not offered
 * @param values what the form holds now; `initial` what it loaded
 */
export function useNewsDraft<V>({
  open,
  newsId,
  updatedAt,
  values,
  initial,
}: {
  open: boolean;
  newsId: string | null;
  updatedAt: string | null;
  values: V;
  initial: V;
}) {
  const key = draftKey(newsId);
  const [offer, setOffer] = useState<NewsDraft<V> | null>(null);
  const latest = useRef({ values, initial, key });
  /** Set by a successful save: closing the dialog afterwards must not write the draft back. */
  const saved = useRef(false);
  latest.current = { values, initial, key };

  // On open: is there a draft worth offering?
  useEffect(() => {
    if (!open) return;
    saved.current = false;
    const draft = read<V>(key);
    const newer = draft && (!updatedAt || new Date(draft.savedAt).getTime() > new Date(asUtc(updatedAt) ?? updatedAt).getTime());
    setOffer(draft && newer && JSON.stringify(draft.values) !== JSON.stringify(initial) ? draft : null);
    // Decided once per opening of a story: `initial` and typing must not bring a dismissed offer back.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [open, key, updatedAt]);

  // While open and no offer is pending: write the draft every few seconds when it changed, and once more
  // when the dialog closes or the page goes away (a sign-out redirect, a closed tab).
  useEffect(() => {
    if (!open || offer) return;
    let last = '';
    const write = () => {
      const { values: v, initial: i, key: k } = latest.current;
      const json = JSON.stringify(v);
      if (saved.current || json === last || json === JSON.stringify(i)) return;
      last = json;
      try {
        localStorage.setItem(k, JSON.stringify({ values: v, savedAt: new Date().toISOString() } satisfies NewsDraft<V>));
      } catch {
        // Storage full or disabled: the form still works, only the safety net is gone.
      }
    };
    const timer = window.setInterval(write, DRAFT_INTERVAL_MS);
    window.addEventListener('pagehide', write);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [open, offer]);

  const discard = useCallback(() => {
    localStorage.removeItem(latest.current.key);
    setOffer(null);
  }, []);
  const clear = useCallback(() => {
    saved.current = true;
    localStorage.removeItem(latest.current.key);
  }, []);
  const accept = useCallback(() => setOffer(null), []);

  return { offer, accept, discard, clear };
}
