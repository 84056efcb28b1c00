import fs from 'node:fs';

/** CPU seconds a process has used (user + system), from /proc; null where there is none. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** CPU seconds of each live process whose command name is `comm`, by pid. */
function cpuByPid(comm: string): Map<number, number> | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const out = new Map<number, number>();
  for (const e of entries) {
    try {
      if (fs.readFileSync(`/proc/${e}/comm`, 'utf8').trim() !== comm) continue;
    } catch {
      continue; // gone meanwhile
    }
    const used = cpuSeconds(Number(e));
    if (used !== null) out.set(Number(e), used);
  }
  return out;
}

/**
 * CPU used by every process named `comm` (`postgres`: the server and its backends) from now
 * until `since()` is called, in seconds; null where /proc cannot be read. Counted per process:
 * one started meanwhile counts whole, one that exits meanwhile (an idle pool connection
 * closed) is left out rather than subtracted.
 */
export function cpuSinceOf(comm: string): { since(): number | null } {
  const before = cpuByPid(comm);
  return {
    since() {
      const after = cpuByPid(comm);
      if (!before || !after) return null;
      let used = 0;
      for (const [pid, cpu] of after) used += cpu - (before.get(pid) ?? 0);
      return used;
    },
  };
}
