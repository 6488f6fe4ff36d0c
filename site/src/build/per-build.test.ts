import { afterEach, expect, it } from 'vitest';
import { forgetBuilds, perBuild } from './per-build.ts';

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
