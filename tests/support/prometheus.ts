/**
 * The Prometheus text format as a scraper reads it: one sample a line, `name{label="value",…} value`,
 * so a test asks for a figure by its name and labels, whatever order the labels are written in.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) if (key) labels[key] = value ?? '';
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
export function samplesNamed(text: string, name: string, labels: Record<string, string> = {}): Sample[] {
  return samplesOf(text).filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there are none). */
export function total(text: string, name: string, labels: Record<string, string> = {}): number {
  return samplesNamed(text, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}
