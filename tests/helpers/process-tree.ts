import fs from 'node:fs';

/** One process as Linux's /proc shows it. */
export type Proc = { pid: number; ppid: number; comm: string; cmdline: string; rssKb: number };

function readProc(pid: number): Proc | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
    const close = stat.lastIndexOf(')');
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { pid, ppid, comm, cmdline, rssKb: rss ? Number(rss[1]) : 0 };
  } catch {
    return undefined; // gone while we looked
  }
}

/** `rootPid` and every process below it (children, grandchildren, …), root first. */
export function processTree(rootPid: number): Proc[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is Proc => p !== undefined);
  const root = all.find((p) => p.pid === rootPid);
  if (!root) return [];
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((p) => p.ppid === tree[i].pid));
  return tree;
}

/** The process among `procs` that holds the TCP socket listening on `port` (IPv4 or IPv6). */
export function listenerOf(procs: Proc[], port: number): Proc | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const row of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = row.trim().split(/\s+/);
      // local_address is "ADDR:PORT" in hex; st 0A is LISTEN; inode is the 10th column
      if (f.length > 9 && f[3] === '0A' && Number.parseInt(f[1].split(':')[1], 16) === port) inodes.add(f[9]);
    }
  }
  return procs.find((p) => {
    try {
      return fs.readdirSync(`/proc/${p.pid}/fd`).some((fd) => {
        const target = fs.readlinkSync(`/proc/${p.pid}/fd/${fd}`);
        return target.startsWith('socket:[') && inodes.has(target.slice(8, -1));
      });
    } catch {
      return false;
    }
  });
}
