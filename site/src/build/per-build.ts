/**
 * A value made once per build. A build is told apart by its output folder
 * (SITE_OUT_DIR): the live lane's warm process renders many builds with the
 * same loaded modules (builder/src/astro-worker.ts), and nothing one
 * build read may leak into the next.
 */
export function perBuild<T>(make: () => T): () => T {
  let key: string | undefined;
  let value: T;
  return () => {
    const k = process.env.SITE_OUT_DIR ?? '';
    if (key !== k) {
      value = make();
      key = k;
    }
    return value;
  };
}
