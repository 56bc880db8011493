/** The most memory this process held while `work` ran, sampled every 50 ms, and its RSS when it began. */
export async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; heapUsed: number; rssBefore: number }> {
  const rssBefore = process.memoryUsage().rss;
  let rss = 0;
  let heapUsed = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heapUsed = Math.max(heapUsed, usage.heapUsed);
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await work();
    sample();
    return { result, rss, heapUsed, rssBefore };
  } finally {
    clearInterval(timer);
  }
}

export const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
