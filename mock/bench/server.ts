import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { repoPath } from '../../harness/contract';

/** The mock under benchmark: its own process (mock/cli.ts), so the load generator does not share its core. */
export interface BenchServer {
  baseUrl: string;
  /** The CPU the mock process is pinned to (taskset), when pinning was possible. */
  cpu?: number;
  /** CPU time (user + system, every thread) the mock process has used so far, in ms; undefined where /proc is missing. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  scale: number;
  /** Directory for a V8 CPU profile of the mock process (node --cpu-prof), written when it stops. */
  cpuProfDir?: string;
}

const LISTENING = /listening on (http:\/\/\S+)/;
const START_TIMEOUT_MS = 60_000;

export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const nodeArgs = ['--import', 'tsx', ...(options.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfDir] : [])];
  const mockArgs = [repoPath('mock', 'cli.ts'), '--port', '0', '--scale', String(options.scale)];
  const cpu = pinnableCpu();
  if (cpu !== undefined) pinThisProcess(cpu);
  const child =
    cpu === undefined
      ? spawn(process.execPath, [...nodeArgs, ...mockArgs], { cwd: repoPath(), stdio: ['ignore', 'pipe', 'inherit'] })
      : spawn('taskset', ['-c', String(cpu), process.execPath, ...nodeArgs, ...mockArgs], { cwd: repoPath(), stdio: ['ignore', 'pipe', 'inherit'] });
  const baseUrl = await listeningUrl(child);
  return { baseUrl, ...(cpu === undefined ? {} : { cpu }), cpuMs: () => processCpuMs(child.pid), stop: () => stop(child) };
}

/** The last CPU, when taskset exists and there are at least two (the load generator gets the others). */
function pinnableCpu(): number | undefined {
  if (process.platform !== 'linux' || availableParallelism() < 2) return undefined;
  const probe = spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? availableParallelism() - 1 : undefined;
}

/** Keeps the load generator (every thread of this process) off the mock's CPU. */
function pinThisProcess(mockCpu: number): void {
  const others = Array.from({ length: availableParallelism() }, (_, cpu) => cpu).filter((cpu) => cpu !== mockCpu);
  spawnSync('taskset', ['-a', '-p', '-c', others.join(','), String(process.pid)], { stdio: 'ignore' });
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`the mock did not start within ${START_TIMEOUT_MS} ms: ${seen}`)), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill();
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the mock exited (code ${code}) before listening: ${seen}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = LISTENING.exec(seen);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout?.resume();
      resolve(match[1]);
    });
  });
}

/** Linux clock ticks per second (sysconf CLK_TCK), as good as always 100. */
const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process from /proc/<pid>/stat (fields 14 and 15, counted after the command name). */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** SIGTERM: the mock closes and exits normally, so a CPU profile gets written. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
