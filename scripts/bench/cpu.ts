// CPU time per process from /proc (Linux only): the bench divides what each process spent during the
// logging run by the logs answered, a figure that the other loads sharing the machine disturb far
// less than requests/s.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** utime + stime of one process in ms, or 0 when it is gone or /proc is absent. */
export function cpuMs(pid: number): number {
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function pids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return [];
  }
}

/** Named groups of processes: our own by pid, PostgreSQL backends of one database, servers by command. */
export interface CpuGroups {
  pids: Record<string, number | undefined>;
  /** The stack's database: only its backends count, not other runs' on the shared server. */
  database: string;
}

export function cpuSnapshot(groups: CpuGroups): Map<string, number> {
  const snapshot = new Map<string, number>();
  for (const [name, pid] of Object.entries(groups.pids)) snapshot.set(name, pid === undefined ? 0 : cpuMs(pid));
  let postgres = 0;
  let nats = 0;
  let redis = 0;
  for (const pid of pids()) {
    const cmd = cmdline(pid);
    if (cmd.startsWith('postgres:') && cmd.includes(` ${groups.database} `)) postgres += cpuMs(pid);
    else if (cmd.includes('nats-server')) nats += cpuMs(pid);
    else if (cmd.includes('redis-server')) redis += cpuMs(pid);
  }
  snapshot.set('postgresql (this database)', postgres);
  snapshot.set('nats-server (shared)', nats);
  snapshot.set('redis-server (shared)', redis);
  return snapshot;
}

/** CPU summed over several measured runs, per group, and the units of work they did. */
export class CpuTally {
  private readonly spent = new Map<string, number>();
  private units = 0;

  add(before: Map<string, number>, after: Map<string, number>, units: number): void {
    for (const [name, ms] of after) this.spent.set(name, (this.spent.get(name) ?? 0) + ms - (before.get(name) ?? 0));
    this.units += units;
  }

  /** ms of CPU per unit of work, per group. */
  perUnit(): Array<{ name: string; ms: number }> {
    return [...this.spent].map(([name, ms]) => ({ name, ms: this.units > 0 ? ms / this.units : 0 }));
  }
}
