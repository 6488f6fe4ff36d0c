import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// An unexpected console.error fails the test (epic-stack). Installed before every test: files that
// call vi.restoreAllMocks() would otherwise remove it after their first test (issue #31).
const original = console.error;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    original(...args);
    throw new Error(`console.error inesperado: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  cleanup();
});

// The rich text editor (ProseMirror) measures ranges to keep the selection in view; jsdom has no layout.
if (typeof Range !== 'undefined') {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
}
if (typeof document !== 'undefined') document.elementFromPoint ??= () => null;
// React Router's ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
if (typeof window !== 'undefined') window.scrollTo = () => {};
