import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** Another process that runs until `end` (a server, as far as a pid file can tell). */
export async function runningProcess(): Promise<{ pid: number; end: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
  await once(child, 'spawn');
  return {
    pid: child.pid as number,
    end: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The pid of a process that has ended (a server killed with SIGKILL left it in its pid file). */
export async function endedPid(): Promise<number> {
  const ended = await runningProcess();
  await ended.end();
  return ended.pid;
}
