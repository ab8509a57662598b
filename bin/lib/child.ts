import { spawn, type ChildProcess } from 'node:child_process';
import { repoPath } from '../../harness/contract';

/** How a child process ended and what it printed (empty when its output went to ours). */
export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  wallMs: number;
}

export interface ChildOptions {
  env: Record<string, string | undefined>;
  /** Working directory; default the repository root. */
  cwd?: string;
  /** Kill the child and everything it started after this many seconds. */
  limitS?: number;
  /** 'inherit': the child prints to our terminal; 'pipe' (default): its output is collected. */
  output?: 'pipe' | 'inherit';
  /** Each line the child prints on stdout, as it comes (with output 'pipe'). */
  onLine?: (line: string) => void;
  /**
   * false: the child stays in our process group, so Ctrl+C in the terminal reaches it too (Playwright
   * then ends the run gracefully and still writes its reports). Default true: its own group, which a
   * time limit or our own end kills whole.
   */
  ownGroup?: boolean;
}

const live = new Set<ChildProcess>();
const groupLeaders = new WeakSet<ChildProcess>();

/**
 * Runs a command, by default as the leader of its own process group (so a time limit or our own end
 * stops its whole tree), and resolves when it has closed.
 */
export function runChild(command: string, args: string[], options: ChildOptions): Promise<Finished> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoPath(),
      env: options.env,
      detached: options.ownGroup !== false,
      stdio: options.output === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    live.add(child);
    if (options.ownGroup !== false) groupLeaders.add(child);
    let stdout = '';
    let stderr = '';
    let pending = '';
    let timedOut = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      stdout += text;
      if (!options.onLine) return;
      const lines = (pending + text).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = options.limitS === undefined ? undefined : setTimeout(() => ((timedOut = true), killTree(child)), options.limitS * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      live.delete(child);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      if (pending && options.onLine) options.onLine(pending);
      resolve({ code, signal, stdout, stderr, timedOut, wallMs: Date.now() - started });
    });
  });
}

/** Kills a child started by runChild and, when it leads its own group, everything it started. */
export function killTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    if (groupLeaders.has(child)) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    // already gone
  }
}

/** Sends a signal to every child still running: to its whole group when it leads one. */
export function signalChildren(signal: NodeJS.Signals): void {
  for (const child of live) {
    if (child.pid === undefined) continue;
    try {
      process.kill(groupLeaders.has(child) ? -child.pid : child.pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Kills every child still running (before exiting on an error). */
export function killChildren(): void {
  for (const child of live) killTree(child);
}

/** On Ctrl+C or SIGTERM, stops every child's tree and exits 130. */
export function stopChildrenOnSignal(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      killChildren();
      process.exit(130);
    });
  }
}

/** The last lines of a child's output, on one line (for an error message). */
export function lastLines(text: string, count = 4): string {
  return text.trim().split('\n').slice(-count).join(' | ');
}
