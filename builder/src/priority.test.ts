import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { lowerPriority } from './priority.ts';

const autogroups = existsSync('/proc/sys/kernel/sched_autogroup_enabled') && readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
const groupOf = (pid: number | 'self') => readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim();
const children: ChildProcess[] = [];
const idle = (detached: boolean) => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { detached, stdio: 'ignore' });
  children.push(child);
  return child.pid!;
};
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

describe('lowerPriority (issue #33: a full build behind the newsroom)', () => {
  it('lowers the process itself', () => {
    const pid = idle(false);
    lowerPriority(pid, 14, false);
    expect(getPriority(pid)).toBe(14);
  });

  it.runIf(autogroups)('lowers a detached process\'s whole session, where the kernel weighs sessions against each other', () => {
    const pid = idle(true);
    expect(groupOf(pid)).not.toBe(groupOf('self'));
    lowerPriority(pid, 14, true);
    expect(groupOf(pid)).toMatch(/ nice 14$/);
  });

  it.runIf(autogroups)('never touches a session it shares with the builder', () => {
    const before = groupOf('self');
    const pid = idle(false);
    lowerPriority(pid, 14, false);
    expect(groupOf(pid)).toBe(before);
    expect(groupOf('self')).toBe(before);
  });
});
