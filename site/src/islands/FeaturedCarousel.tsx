import { useEffect, useState } from 'react';
import { LIMITS } from '@portal/domain/limits';
import NewsImage from '../components/NewsImage.tsx';
import { nextIndex, prevIndex } from './carousel.ts';

const ARROW = 'flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-black/60 text-2xl text-white hover:bg-black/80 md:absolute md:top-1/2 md:-translate-y-1/2';

export type Slide = { id: string; title: string; slug: string; image: string | null; summary: string | null };

/**
 * Featured carousel (spec 2 and 4): DESTAQUE badge, title, "Leia mais";
 * advances every 5 s with a 500 ms fade, wraps, arrows and dots. Pauses while
 * hovered or focused so keyboard and screen-reader users are not outrun.
 */
export default function FeaturedCarousel({ slides }: { slides: Slide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const n = slides.length;

  useEffect(() => {
    if (paused || n < 2) return;
    const t = setTimeout(() => setIndex((i) => nextIndex(i, n)), LIMITS.carouselMs);
    return () => clearTimeout(t);
  }, [index, paused, n]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowRight') setIndex((i) => nextIndex(i, n));
    else if (e.key === 'ArrowLeft') setIndex((i) => prevIndex(i, n));
  };

  return (
    <section
      aria-roledescription="carrossel"
      aria-label="Notícias em destaque"
      className="relative overflow-hidden rounded-lg bg-gray-900"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={onKeyDown}
    >
      {/* Taller on a phone (4:3) so the badge, a 3-line title and "Leia mais" fit inside the picture (issue #34). */}
      <div className="relative aspect-[4/3] max-h-[28rem] w-full sm:aspect-video md:aspect-[21/9]">
        {slides.map((s, i) => {
          const active = i === index;
          return (
            <div
              key={s.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} de ${n}`}
              aria-hidden={!active}
              inert={!active}
              data-active={active}
              className={`fade-slide absolute inset-0 ${active ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
            >
              <NewsImage src={s.image} alt="" widths={[800, 1200, 1600]} sizes="(min-width: 1024px) 66vw, 100vw" eager={i === 0} className="h-full" />
              {/* From md up the arrows sit on the picture's sides: the text keeps clear of them (px-20). */}
              <div className="absolute inset-0 flex flex-col justify-end gap-3 bg-gradient-to-t from-black/85 via-black/40 to-transparent p-4 text-white sm:p-6 md:px-20 md:py-10">
                <span className="badge w-fit bg-brand text-white">DESTAQUE</span>
                <h2 className="line-clamp-3 max-w-3xl text-xl font-bold sm:text-2xl md:text-4xl">{s.title}</h2>
                <a href={`/news/${s.slug}`} className="btn btn-primary min-h-11 w-fit">
                  Leia mais<span className="sr-only">: {s.title}</span>
                </a>
              </div>
            </div>
          );
        })}
      </div>
      {n > 1 && (
        // On a phone the controls are a bar under the picture (never over the title); from md up, on the picture.
        <div className="flex items-center justify-between gap-1 px-1 md:contents">
          <button type="button" onClick={() => setIndex((i) => prevIndex(i, n))} aria-label="Destaque anterior" className={`${ARROW} md:left-3`}>
            <span aria-hidden="true">‹</span>
          </button>
          <div className="flex flex-wrap justify-center md:absolute md:bottom-2 md:right-3">
            {slides.map((s, i) => (
              <button
                key={s.id}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Ir para o destaque ${i + 1}`}
                aria-current={i === index}
                className="flex h-11 w-11 items-center justify-center"
              >
                {/* 44px target (WCAG 2.5.5) around a 12px dot. */}
                <span aria-hidden="true" className={`h-3 w-3 rounded-full ring-1 ring-white ${i === index ? 'bg-white' : 'bg-white/30'}`} />
              </button>
            ))}
          </div>
          <button type="button" onClick={() => setIndex((i) => nextIndex(i, n))} aria-label="Próximo destaque" className={`${ARROW} md:right-3`}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
