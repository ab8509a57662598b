import { readFileSync } from 'node:fs';

/**
 * Linux's clock ticks per second for the times in /proc/<pid>/stat (USER_HZ): 100 on every architecture
 * Linux runs on today; node cannot ask sysconf.
 */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) of this process's children that have ended and been waited for, with every
 * descendant they waited for in turn: fields cutime and cstime of /proc/self/stat. Read before and after a
 * child's run, the difference is the CPU of the child's whole tree (node waits for its children), a figure
 * that, unlike wall time, hardly moves with the load of a shared machine. Undefined where /proc is not.
 */
export function endedChildrenCpuSeconds(): number | undefined {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses: the fields after it follow its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name, field 3 (state) is at index 0: cutime (field 16) and cstime (field 17) at 13 and 14.
  const cutime = Number(fields[13]);
  const cstime = Number(fields[14]);
  return Number.isFinite(cutime) && Number.isFinite(cstime) ? (cutime + cstime) / TICKS_PER_SECOND : undefined;
}
