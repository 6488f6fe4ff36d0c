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
