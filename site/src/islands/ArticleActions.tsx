import { useEffect, useState } from 'react';
import { likeLabel } from '@portal/domain/engagement';
import { sharedUrl } from '@portal/domain/share';
import { articleView, likedIds, setLiked, toggleLike } from '../lib/browser/api.ts';
import { toast } from '../lib/browser/toast.ts';
import Icon from '../components/Icon.tsx';

type Props = { newsId: string; initialLikes: number; title: string; url: string };

/**
 * TOP (like) and Compartilhar. The anonymous reader is a session id in
 * localStorage. On load, one call records the view and brings the count and
 * liked state (issue #9); until it answers, the built count and the locally
 * kept liked ids stand, so nothing on the page waits for it.
 */
export default function ArticleActions({ newsId, initialLikes, title, url }: Props) {
  const [likes, setLikes] = useState(initialLikes);
  const [liked, setLikedState] = useState(false);
  const [busy, setBusy] = useState(false);
  // Both buttons need JavaScript: disabled in the static HTML, enabled once hydrated.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setReady(true);
    setLikedState(likedIds().includes(newsId));
    articleView(newsId)
      .then((e) => {
        setLikes(e.likes);
        setLikedState(e.liked);
        setLiked(newsId, e.liked);
      })
      .catch(() => undefined); // silent: the built count stays
  }, [newsId]);

  async function onLike() {
    setBusy(true);
    try {
      const r = await toggleLike(newsId);
      setLikes(r.likes);
      setLikedState(r.liked);
      setLiked(newsId, r.liked);
    } catch {
      toast('Erro', 'Não foi possível processar sua curtida', 'error');
    } finally {
      setBusy(false);
    }
  }

  async function onShare() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: sharedUrl(url, 'compartilhar') });
      } catch {
        /* the reader closed the share sheet */
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(sharedUrl(url, 'link'));
      toast('Link copiado!', 'O link da notícia foi copiado para a área de transferência', 'success');
    } catch {
      toast('Erro', 'Não foi possível copiar o link', 'error');
    }
  }

  return (
    <div className="flex flex-wrap gap-3">
      <button
        type="button"
        onClick={onLike}
        disabled={busy || !ready}
        aria-pressed={liked}
        className={`btn ${liked ? 'btn-primary' : 'btn-outline'}`}
        data-testid="like-button"
      >
        <Icon name="like" />
        {likeLabel(likes)}
      </button>
      <button type="button" onClick={onShare} disabled={!ready} className="btn btn-outline">
        <Icon name="share" />
        Compartilhar
      </button>
    </div>
  );
}
