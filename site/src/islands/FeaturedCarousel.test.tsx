import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FeaturedCarousel, { type Slide } from './FeaturedCarousel.tsx';
import { nextIndex, prevIndex } from './carousel.ts';

const slides: Slide[] = [1, 2, 3].map((i) => ({ id: `n${i}`, title: `Destaque ${i}`, slug: `destaque-${i}`, image: null, summary: null }));
const activeTitle = () => document.querySelector('[data-active="true"] h2')?.textContent;

describe('carousel index', () => {
  it('wraps both ways', () => {
    expect(nextIndex(2, 3)).toBe(0);
    expect(prevIndex(0, 3)).toBe(2);
    expect(nextIndex(0, 0)).toBe(0);
  });
});

describe('FeaturedCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 5 seconds and wraps around', () => {
    render(<FeaturedCarousel slides={slides} />);
    expect(activeTitle()).toBe('Destaque 1');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(activeTitle()).toBe('Destaque 1');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(activeTitle()).toBe('Destaque 2');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(activeTitle()).toBe('Destaque 3');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(activeTitle()).toBe('Destaque 1');
  });

  it('moves by hand with arrows, dots and the keyboard', () => {
    render(<FeaturedCarousel slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Destaque anterior' }));
    expect(activeTitle()).toBe('Destaque 3');
    fireEvent.click(screen.getByRole('button', { name: 'Próximo destaque' }));
    expect(activeTitle()).toBe('Destaque 1');
    fireEvent.click(screen.getByRole('button', { name: 'Ir para o destaque 2' }));
    expect(activeTitle()).toBe('Destaque 2');
    fireEvent.keyDown(screen.getByRole('region', { name: 'Notícias em destaque' }), { key: 'ArrowRight' });
    expect(activeTitle()).toBe('Destaque 3');
  });

  it('shows the DESTAQUE badge and a "Leia mais" link to the article', () => {
    render(<FeaturedCarousel slides={slides} />);
    const active = document.querySelector('[data-active="true"]')!;
    expect(active.textContent).toContain('DESTAQUE');
    expect(active.querySelector('a')?.getAttribute('href')).toBe('/news/destaque-1');
    expect(active.querySelector('a')?.textContent).toContain('Leia mais');
  });

  it('pauses while hovered', () => {
    render(<FeaturedCarousel slides={slides} />);
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Notícias em destaque' }));
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(activeTitle()).toBe('Destaque 1');
  });
});
