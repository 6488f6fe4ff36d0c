/** Carousel index arithmetic: wraps both ways. */
export const nextIndex = (i: number, n: number) => (n > 0 ? (i + 1) % n : 0);
export const prevIndex = (i: number, n: number) => (n > 0 ? (i - 1 + n) % n : 0);
