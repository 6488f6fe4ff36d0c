/// <reference types="astro/client" />

// jsdom ships no types and @types/jsdom is not installed: only what lib/sanitize.ts uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window;
  }
}
