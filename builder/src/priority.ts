/**
 * A process's CPU priority, as the kernel applies it. With autogroups on
 * (Linux's default on desktops and many servers: /proc/sys/kernel/sched_autogroup_enabled),
 * each session is one scheduling group, and a nice value weighs only against
 * processes of the same session. A full build runs in a session of its own
 * (detached, so stopping it reaches all it started), so its nice alone left it
 * at an equal share with Directus's session: the editor's list slowed 3 to 5
 * times while it ran (issue #33). Its session's own nice (/proc/<pid>/autogroup)
 * puts the whole build behind the rest of the machine.
 */
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers `pid` to `nice`; when `sessionLeader` (spawned detached: its own
 * session), its whole session too. Never raises anything, and where the kernel
 * has no autogroups or refuses, the process's own nice still applies.
 */
export function lowerPriority(pid: number, nice: number, sessionLeader: boolean): void {
  try {
    setPriority(pid, nice);
  } catch {
    // Not permitted here: it still runs, at normal priority.
  }
  // Only a session of its own: writing a shared session's would lower the builder's, and whatever shares it.
  if (!sessionLeader) return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // No autogroups (another OS, a kernel without them): the process's nice is what counts there.
  }
}
