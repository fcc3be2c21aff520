import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux build in use). */
const USER_HZ = 100;

type ThreadCpuUsage = () => { user: number; system: number };

/**
 * CPU time (ms) used so far by the calling thread alone, so a worker's budget counts its own
 * search and not the other threads' (or the machine's load): process.threadCpuUsage where Node
 * has it, else Linux's /proc/thread-self/stat (10 ms resolution), else the whole process's CPU
 * time (an over-count, never an under-count, when other threads work too).
 */
export function threadCpuMs(): number {
  const own = (process as unknown as { threadCpuUsage?: ThreadCpuUsage }).threadCpuUsage;
  if (typeof own === 'function') {
    const u = own();
    return (u.user + u.system) / 1000;
  }
  if (procStat !== false) {
    try {
      const stat = readFileSync('/proc/thread-self/stat', 'latin1');
      // After "pid (comm) ": state is field 3, utime 14 and stime 15 (proc(5)).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procStat = true;
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
    } catch {
      procStat = false;
    }
  }
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

let procStat: boolean | null = null;
