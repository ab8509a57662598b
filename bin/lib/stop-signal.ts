/** How long after a first SIGINT/SIGTERM a repeat is the same request to stop (a process group's signal and npm's forward of it). */
export const REPEAT_WINDOW_MS = 2000;

/**
 * Calls `stop` once, on the first SIGINT or SIGTERM, whether it reaches this process directly, through
 * `npm run` (which forwards it), or as a signal to the whole process group (which may bring it twice).
 * A repeat within REPEAT_WINDOW_MS is that same request; a later one (a second Ctrl+C while stopping)
 * calls `force`.
 */
export function onStopSignal(stop: (signal: NodeJS.Signals) => void, force: () => void): void {
  let firstAt: number | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (firstAt === undefined) {
        firstAt = Date.now();
        stop(signal);
      } else if (Date.now() - firstAt > REPEAT_WINDOW_MS) {
        force();
      }
    });
  }
}
