import { readFileSync } from 'node:fs';

/** How long after a first SIGINT/SIGTERM a repeat is the same request to stop (a process group's signal and npm's forward of it). */
export const REPEAT_WINDOW_MS = 2000;
/** How often the parent is looked for (a lost parent is noticed within this). */
const PARENT_POLL_MS = 250;

/** Why a long-running command stops: a signal, or its parent process ended. */
export type StopCause = NodeJS.Signals | 'parent-exited';

/**
 * Calls `stop` once, on the first of: SIGINT, SIGTERM or SIGHUP, whether it reaches this process directly,
 * through `npm run` (which forwards it), or as a signal to the whole process group (which may bring it twice);
 * or the parent process ending. A repeat signal within REPEAT_WINDOW_MS is that same request; a later one
 * (a second Ctrl+C while stopping) calls `force`.
 *
 * The parent: `npx ems-conformance proxy` runs the command as npm exec -> `sh -c` -> node. A SIGTERM to npm's
 * pid is forwarded to the shell, which dies of it and leaves this process behind (npm exits 143 at once), still
 * listening. So a command whose parent goes away stops as it would on SIGTERM: port freed, HAR written and judged,
 * reports written; its exit code then reaches no one (README, "Stopping it"). A process started under `nohup`
 * (SIGHUP ignored when it started) is meant to outlive its parent, and is not watched.
 */
export function onStopSignal(stop: (cause: StopCause) => void, force: () => void): void {
  let firstAt: number | undefined;
  let parentWatch: NodeJS.Timeout | undefined;
  const first = (cause: StopCause): void => {
    firstAt = Date.now();
    clearInterval(parentWatch);
    stop(cause);
  };
  const listen = (signal: NodeJS.Signals) =>
    process.on(signal, () => {
      if (firstAt === undefined) first(signal);
      else if (Date.now() - firstAt > REPEAT_WINDOW_MS) force();
    });
  // SIGINT and SIGTERM are listened to before anything else is done: one arriving in between would end the process by
  // the signal's default action, with no stop at all.
  listen('SIGINT');
  listen('SIGTERM');
  const watchParent = !startedUnderNohup();
  if (watchParent) listen('SIGHUP');
  if (!watchParent) return;
  const parent = process.ppid;
  parentWatch = setInterval(() => {
    if (process.ppid !== parent && firstAt === undefined) first('parent-exited');
  }, PARENT_POLL_MS);
  // The watch alone never keeps the process alive.
  parentWatch.unref();
}

/** What a stop cause is called in a command's one line ("SIGTERM", "its parent process exited"). */
export function stopCauseText(cause: StopCause): string {
  return cause === 'parent-exited' ? 'its parent process exited' : cause;
}

/** Whether SIGHUP was ignored when this process started (nohup, or a caller that asked it to outlive the session). */
function startedUnderNohup(): boolean {
  try {
    const ignored = /^SigIgn:\s*([0-9a-f]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    // SIGHUP is signal 1: the lowest bit of the mask.
    return ignored !== undefined && (BigInt(`0x${ignored}`) & 1n) === 1n;
  } catch {
    return false;
  }
}
