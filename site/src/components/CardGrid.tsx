import type { CardNews } from '../lib/content.ts';
import NewsCard from './NewsCard.tsx';

/**
 * A grid of news cards in one server render: on article pages (10,000+ of
 * them) one React render per page instead of one per card keeps builds fast.
 */
export default function CardGrid({ cards, now, className }: { cards: CardNews[]; now: string; className: string }) {
  return (
    <div className={className}>
      {cards.map((n) => (
        <NewsCard key={n.id} news={n} now={now} />
      ))}
    </div>
  );
}
