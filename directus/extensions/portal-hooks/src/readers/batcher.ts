/**
 * The batch buffer of reader counting (issue #9, decision 016): requests
 * submit an item and wait; every `intervalMs` the queued items go to `flush`
 * together (one database transaction) and each request gets its own result
 * only after that transaction committed, so an acknowledged view or TOP is a
 * stored one. One flush runs at a time. This queue is the one piece of mutable
 * state shared between requests in the extension, on purpose.
 */
export type Batcher<I, R> = {
  submit(item: I): Promise<R>;
  /**
   * Submits items that arrive already gathered (the reader edge's batch):
   * they are flushed at once, without waiting for the interval, after the
   * flush running now if there is one.
   */
  submitNow(items: I[]): Promise<Array<PromiseSettledResult<R>>>;
  /** Flushes everything queued now (tests, shutdown). */
  drain(): Promise<void>;
  readonly pending: number;
};

type Waiter<I, R> = { item: I; resolve: (r: R) => void; reject: (e: unknown) => void };

export function createBatcher<I, R>(flush: (items: I[]) => Promise<R[]>, opts: { intervalMs: number; maxItems: number }): Batcher<I, R> {
  let queue: Array<Waiter<I, R>> = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  // An edge batch arrived while a flush ran: go again right after it.
  let again = false;

  async function flushOnce() {
    const batch = queue.slice(0, opts.maxItems);
    queue = queue.slice(batch.length);
    try {
      const results = await flush(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (e) {
      for (const w of batch) w.reject(e);
    }
  }

  async function run() {
    timer = null;
    // A full queue (or one holding an edge batch) goes again at once; otherwise the next batch waits its interval.
    do {
      again = false;
      await flushOnce();
    } while (queue.length >= opts.maxItems || (again && queue.length > 0));
    running = null;
    schedule();
  }

  function schedule() {
    if (running || timer || queue.length === 0) return;
    timer = setTimeout(() => {
      running = run();
    }, opts.intervalMs);
  }

  function now() {
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = run();
  }

  const enqueue = (item: I) => new Promise<R>((resolve, reject) => queue.push({ item, resolve, reject }));

  return {
    submitNow(items) {
      const answers = Promise.allSettled(items.map(enqueue));
      if (items.length > 0) now();
      return answers;
    },
    submit(item) {
      const answer = enqueue(item);
      schedule();
      return answer;
    },
    async drain() {
      while (running || queue.length) {
        if (timer) clearTimeout(timer);
        timer = null;
        running ??= run();
        await running;
      }
    },
    get pending() {
      return queue.length;
    },
  };
}
