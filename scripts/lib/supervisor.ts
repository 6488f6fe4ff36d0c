/**
 * Keeps a child process of the product running: when it exits without being
 * asked to, it is started again after a back-off (1 s, 2 s, 4 s … 30 s; back
 * to 1 s after a minute of health). `npm start` supervises Directus this way,
 * and whoever depends on it hears about each restart (issue #10).
 */
import type { ChildProcess } from 'node:child_process';

export type Supervised = { child: ChildProcess; stop: () => Promise<void> };

export type SupervisorOptions<T extends Supervised> = {
  name: string;
  start: () => Promise<T>;
  /** After every restart (not the first start): e.g. retry the build that failed meanwhile. */
  onRestart?: (instance: T) => void | Promise<void>;
  log?: (s: string) => void;
  maxBackoffMs?: number;
};

export class Supervisor<T extends Supervised> {
  private current: T | null = null;
  private stopping = false;
  private backoff = 1000;
  private upSince = 0;
  private timer: NodeJS.Timeout | undefined;
  restarts = 0;
  private readonly o: SupervisorOptions<T>;

  constructor(o: SupervisorOptions<T>) {
    this.o = o;
  }

  get instance(): T | null {
    return this.current;
  }

  async start(): Promise<T> {
    const instance = await this.o.start();
    this.watch(instance);
    return instance;
  }

  private watch(instance: T) {
    this.current = instance;
    this.upSince = Date.now();
    instance.child.once('exit', (code, signal) => {
      if (this.stopping || this.current !== instance) return;
      this.current = null;
      if (Date.now() - this.upSince > 60_000) this.backoff = 1000;
      this.o.log?.(`${this.o.name} parou (${signal ?? code}); reiniciando em ${this.backoff / 1000} s…`);
      this.schedule();
    });
  }

  private schedule() {
    const wait = this.backoff;
    this.backoff = Math.min(this.backoff * 2, this.o.maxBackoffMs ?? 30_000);
    this.timer = setTimeout(() => void this.restart(), wait);
  }

  private async restart() {
    if (this.stopping) return;
    try {
      const instance = await this.o.start();
      if (this.stopping) return void (await instance.stop());
      this.restarts++;
      this.watch(instance);
      this.o.log?.(`${this.o.name} de volta`);
      await this.o.onRestart?.(instance);
    } catch (e) {
      this.o.log?.(`${this.o.name} não subiu: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
      this.schedule();
    }
  }

  /**
   * From now on an exit is expected, not a crash: nothing is restarted. stop()
   * does this first; a shutdown that stops its parts one after another calls
   * it for every part at once, as it begins: Ctrl-C reaches every process of
   * the terminal's process group, so a child may end by itself before its turn
   * to be stopped comes (issue #32: the mail catcher was restarted as npm start
   * was closing).
   */
  standDown() {
    this.stopping = true;
    clearTimeout(this.timer);
  }

  async stop() {
    this.standDown();
    await this.current?.stop();
    this.current = null;
  }
}
