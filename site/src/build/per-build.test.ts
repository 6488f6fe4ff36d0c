import { afterEach, describe, expect, it } from 'vitest';
import { forgetBuilds, orStepAside, perBuild, stepAsidePoint, steppingAside } from './per-build.ts';

const before = process.env.SITE_OUT_DIR;
afterEach(() => {
  if (before === undefined) delete process.env.SITE_OUT_DIR;
  else process.env.SITE_OUT_DIR = before;
});

it('makes the value once per output folder, and again for the next build', () => {
  let made = 0;
  const value = perBuild(() => ++made);
  process.env.SITE_OUT_DIR = '/r/a';
  expect([value(), value()]).toEqual([1, 1]);
  process.env.SITE_OUT_DIR = '/r/b';
  expect([value(), value()]).toEqual([2, 2]);
  process.env.SITE_OUT_DIR = '/r/a';
  expect(value()).toBe(3);
});

it('forgetBuilds lets go of every value made so far: the same build makes it again (the warm process, before a build reads anything)', () => {
  let made = 0;
  const value = perBuild(() => ({ n: ++made }));
  process.env.SITE_OUT_DIR = '/r/c';
  const first = value();
  expect(value()).toBe(first);
  forgetBuilds();
  const again = value();
  expect(again).toEqual({ n: 2 });
  expect(again).not.toBe(first);
});

describe('stepping aside (a warm build a story waits behind)', () => {
  it('stops at a step-aside point once asked, whatever wrapped the error; otherwise runs or fails as it would', async () => {
    // Outside a warm build nothing is asked: a cold build never stops.
    expect(() => stepAsidePoint()).not.toThrow();
    let asked = false;
    const work = async () => {
      stepAsidePoint();
      asked = true;
      try {
        stepAsidePoint();
      } catch (e) {
        throw new Error('erro de render do Astro', { cause: e });
      }
      return 'feito';
    };
    expect(await steppingAside(() => false, work)).toBe('feito');
    // Asked between the two points: the second stops, inside an error of someone else's.
    asked = false;
    expect(await steppingAside(() => asked, work)).toBe('stepped-aside');
    await expect(steppingAside(() => false, async () => Promise.reject(new Error('Directus fora do ar')))).rejects.toThrow('Directus fora do ar');
    // Over: the next cold build is not asked anything.
    expect(() => stepAsidePoint()).not.toThrow();
  });
  it('a read still pending stops as soon as a step aside is asked, not when it answers; outside a warm build it is the read itself', async () => {
    const slow = new Promise<string>((r) => setTimeout(() => r('respondeu'), 5_000));
    expect(orStepAside(slow)).toBe(slow);
    let asked = false;
    setTimeout(() => (asked = true), 50);
    const t0 = performance.now();
    expect(await steppingAside(() => asked, () => orStepAside(slow))).toBe('stepped-aside');
    expect(performance.now() - t0).toBeLessThan(1_000);
    // Not asked: the answer, as it came.
    expect(await steppingAside(() => false, () => orStepAside(Promise.resolve('pronto')))).toBe('pronto');
  });
});
