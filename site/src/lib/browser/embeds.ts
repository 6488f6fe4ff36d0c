/**
 * Click-to-load embeds (decision 030): the article's facades get their player
 * only when the reader asks. The iframe address is re-derived from the
 * provider's allowed origin, never taken as-is from the page.
 */
import { EMBED_FRAME_ORIGINS, type EmbedProvider } from '@portal/domain/embeds';

export function startEmbeds(root: ParentNode = document): void {
  root.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('.embed-load');
    const figure = button?.closest<HTMLElement>('figure[data-embed]');
    if (!button || !figure) return;
    const provider = figure.dataset.embed as EmbedProvider;
    const src = figure.dataset.embedSrc ?? '';
    const origin = EMBED_FRAME_ORIGINS[provider];
    if (!origin || !src.startsWith(`${origin}/`)) return;
    const frame = document.createElement('iframe');
    frame.src = provider === 'youtube' ? `${src}?autoplay=1` : src;
    frame.title = figure.dataset.embedTitle ?? 'Conteúdo externo';
    frame.loading = 'lazy';
    frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    frame.className = `embed-frame embed-frame-${provider}`;
    button.replaceWith(frame);
    frame.focus();
  });
}
