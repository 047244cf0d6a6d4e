import { readFile } from "node:fs/promises";

/** Peak resident memory of the portal, in MiB; undefined where /proc is missing (not Linux). */
export type MemoryPeak = {
  /** The kernel's own high-water mark for the process's whole life (VmHWM). */
  highWater: number | undefined;
  /** Largest VmRSS seen by sampling every 200 ms; a cross-check that needs no VmHWM. */
  sampled: number | undefined;
};

export type MemorySampler = { stop: () => Promise<MemoryPeak> };

const SAMPLE_INTERVAL_MS = 200;

async function statusField(pid: number, field: "VmHWM" | "VmRSS"): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status);
    return match?.[1] === undefined ? undefined : Number(match[1]) / 1024;
  } catch {
    return undefined;
  }
}

function larger(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}

/** Start sampling now; stop() must run while the process is still alive to read VmHWM. */
export function sampleMemory(pid: number): MemorySampler {
  const trace = traceMemory(pid);
  return {
    async stop() {
      const samples = await trace.stop();
      const sampled = samples.reduce<number | undefined>((peak, sample) => larger(peak, sample.mebibytes), undefined);
      return { highWater: await statusField(pid, "VmHWM"), sampled };
    },
  };
}

/** VmRSS in MiB at a moment of a run, counted in seconds from its start. */
export type RssSample = { seconds: number; mebibytes: number };

export type MemoryTrace = { stop: () => Promise<RssSample[]> };

/**
 * Every VmRSS reading from now until stop(), to see whether memory stays flat over a run,
 * not only how high it went. Empty where /proc is missing.
 */
export function traceMemory(pid: number): MemoryTrace {
  const started = performance.now();
  const samples: RssSample[] = [];
  const take = async () => {
    const seconds = (performance.now() - started) / 1000;
    const mebibytes = await statusField(pid, "VmRSS");
    if (mebibytes !== undefined) samples.push({ seconds, mebibytes });
  };
  void take();
  const timer = setInterval(() => void take(), SAMPLE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await take();
      return samples.sort((a, b) => a.seconds - b.seconds);
    },
  };
}

// /proc reports CPU time in USER_HZ ticks, which Linux fixes at 100 per second for user space.
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) the process has used so far; undefined where /proc is
 * missing. On a shared machine req/s follow the CPU the portal got, so the report gives both.
 */
export async function cpuSeconds(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return Number.isFinite(user) && Number.isFinite(system) ? (user + system) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
