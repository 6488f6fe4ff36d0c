import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// An unexpected console.error fails the test (epic-stack).
const original = console.error;
afterEach(() => {
  cleanup();
});
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  original(...args);
  throw new Error(`console.error inesperado: ${args.map(String).join(' ')}`);
});

// The rich text editor (ProseMirror) measures ranges to keep the selection in view; jsdom has no layout.
if (typeof Range !== 'undefined') {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
}
if (typeof document !== 'undefined') document.elementFromPoint ??= () => null;
