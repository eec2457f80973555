import { readdirSync, readFileSync } from 'node:fs';

/** One process of a tree and its memory in kilobytes: RSS counts shared pages in every process, PSS shares them out. */
export interface ProcessMemory {
  pid: number;
  command: string;
  rssKb: number;
  pssKb: number;
}

function parentOf(pid: number): number | undefined {
  try {
    // The command in field 2 may hold spaces and parentheses: the fields after its last ')' are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return undefined;
  }
}

function memoryOf(pid: number): ProcessMemory | undefined {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim().slice(0, 80);
    return { pid, command, rssKb: field('Rss'), pssKb: field('Pss') };
  } catch {
    return undefined;
  }
}

/** Every process descended from `rootPid` (itself included), Linux only. */
export function processTree(rootPid: number): ProcessMemory[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found: ProcessMemory[] = [];
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    const memory = memoryOf(pid);
    if (memory) found.push(memory);
    pending.push(...(children.get(pid) ?? []));
  }
  return found;
}

export function treeTotals(tree: ProcessMemory[]): { processes: number; rssMb: number; pssMb: number } {
  const sum = (pick: (entry: ProcessMemory) => number) =>
    Math.round(tree.reduce((total, entry) => total + pick(entry), 0) / 1024);
  return { processes: tree.length, rssMb: sum((entry) => entry.rssKb), pssMb: sum((entry) => entry.pssKb) };
}

/**
 * One process's resident memory in kilobytes (`VmRSS`, its threads included), or undefined once it has
 * ended: cheap enough to sample every few milliseconds, unlike the whole tree's.
 */
export function residentKbOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
