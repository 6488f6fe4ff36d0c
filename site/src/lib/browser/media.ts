/**
 * Radio and TV dialogs load on the first click of a data-open-dialog control:
 * pages without other islands (category, search, 404) ship no React at all.
 * After mounting, the dialogs' own listener handles later clicks.
 */
import { parseTvPrograms } from '@portal/domain/media-settings';
import type { Which } from '../../islands/MediaDialogs.tsx';

export function setupMediaDialogs() {
  const root = document.querySelector<HTMLElement>('[data-media-root]');
  if (!root) return;
  const onClick = async (e: MouseEvent) => {
    const which = (e.target as HTMLElement).closest<HTMLElement>('[data-open-dialog]')?.dataset.openDialog as Which | undefined;
    if (which !== 'radio' && which !== 'tv') return;
    e.preventDefault();
    document.removeEventListener('click', onClick);
    const { mountMedia } = await import('../../islands/mount-media.tsx');
    const d = root.dataset;
    mountMedia(root, {
      youtubeUrl: d.youtube ?? '',
      streamUrl: d.stream ?? '',
      programName: d.program ?? '',
      tvLiveTitle: d.tvTitle ?? '',
      tvLiveUrl: d.tvLive ?? '',
      tvPrograms: parseTvPrograms(d.tvPrograms),
      initial: which,
    });
  };
  document.addEventListener('click', onClick);
}
