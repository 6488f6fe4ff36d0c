/**
 * Nothing lost (issues #15 and #34): the story editor keeps a local draft of
 * what is typed, keyed by the story's id or "new", written every few seconds
 * while it differs from what was loaded (and when the page goes away), and
 * cleared after a successful save. Opening a story with a draft newer than its
 * last save (a reload, a closed tab, a dropped connection, a sign-in that
 * expired) brings the draft back at once; the editor says so and offers to
 * discard it.
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
 * The stored draft of this story when it is newer than the story's last save and differs from it.
 * `isValues` rejects a draft of another shape (an older version of the form, a hand-edited entry).
 */
export function newerDraft<V>(newsId: string | null, updatedAt: string | null, initial: V, isValues: (v: unknown) => boolean): NewsDraft<V> | null {
  const draft = read<V>(draftKey(newsId));
  if (!draft || !isValues(draft.values)) return null;
  const newer = !updatedAt || new Date(draft.savedAt).getTime() > new Date(asUtc(updatedAt) ?? updatedAt).getTime();
  return newer && JSON.stringify(draft.values) !== JSON.stringify(initial) ? draft : null;
}

/**
 * The form's values, backed by the local draft. Mount it once per story (the
 * editor page is keyed by the story).
 * @param newsId null for a new story
 * @param updatedAt the story's last save; an older draft is not brought back
 * @param initial what the story holds
 * @param isValues whether a stored draft has the form's shape
 */
export function useNewsDraft<V>({
  newsId,
  updatedAt,
  initial,
  isValues,
}: {
  newsId: string | null;
  updatedAt: string | null;
  initial: V;
  isValues: (v: unknown) => boolean;
}) {
  const key = draftKey(newsId);
  const [restored, setRestored] = useState<NewsDraft<V> | null>(() => newerDraft(newsId, updatedAt, initial, isValues));
  const [values, setValues] = useState<V>(() => restored?.values ?? initial);
  const latest = useRef({ values, initial, key });
  /** Set by a successful save: leaving the page afterwards must not write the draft back. */
  const saved = useRef(false);
  latest.current = { values, initial, key };

  // While the editor is open: write the draft every few seconds when it changed, and once more when
  // it closes or the page goes away (a reload, a sign-out redirect, a closed tab).
  useEffect(() => {
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
  }, [key]);

  /** Back to the story as saved: the draft is removed. */
  const discard = useCallback(() => {
    localStorage.removeItem(latest.current.key);
    setRestored(null);
    setValues(latest.current.initial);
  }, []);
  /** After a successful save (or a restored version): nothing of this story is pending here any more. */
  const clear = useCallback(() => {
    saved.current = true;
    localStorage.removeItem(latest.current.key);
  }, []);
  /** Keeps the restored text and hides the notice. */
  const dismiss = useCallback(() => setRestored(null), []);

  return { values, setValues, restored, discard, clear, dismiss };
}
