/** Renders the radio/TV dialogs into a container on demand (see lib/browser/media.ts). */
import { createRoot } from 'react-dom/client';
import MediaDialogs, { type MediaProps } from './MediaDialogs.tsx';

export function mountMedia(container: HTMLElement, props: MediaProps) {
  createRoot(container).render(<MediaDialogs {...props} />);
}
