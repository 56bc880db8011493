import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const PROMTOOL = '/usr/bin/promtool';

/** Prometheus' own checker on `args`, with `input` on its stdin; installed by scripts/install-promtool.sh (npm test's pretest, CI). */
export function promtool(args: string[], input = ''): Promise<{ code: number | null; output: string }> {
  if (!existsSync(PROMTOOL)) throw new Error(`${PROMTOOL} is missing: run bash scripts/install-promtool.sh (as root)`);
  return new Promise((resolve, reject) => {
    const child = spawn(PROMTOOL, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
    child.stdin.end(input);
  });
}

/** One sample of an exposition: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a text exposition whose syntax promtool has checked: enough to read values, not a parser of the format. */
export function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, name, value]) => [name ?? '', value ?? '']));
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

/** The value of the sample `name` with exactly these labels (besides none other); 0 when the series does not exist yet. */
export function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels);
  const found = samples.find((sample) => sample.name === name && Object.keys(sample.labels).length === wanted.length && wanted.every(([key, value]) => sample.labels[key] === value));
  return found?.value ?? 0;
}
