// autocannon ships no types; the benchmark uses its callback API only.
declare module 'autocannon' {
  const autocannon: (opts: Record<string, unknown>, done: (err: unknown, result: any) => void) => unknown;
  export default autocannon;
}
