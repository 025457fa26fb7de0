// Writes a benchmark's results as JSON plus a Markdown table under bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './processes.mjs';

export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    date: new Date().toISOString(),
  };
}

/** `rows` are arrays of cells; the first row is the header. */
export function writeResults(name, json, title, rows, notes = []) {
  const dir = path.join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(json, null, 2) + '\n');
  const [header, ...body] = rows;
  const md = [
    `# ${title}`,
    '',
    `Machine: ${json.machine.cpus} × ${json.machine.cpuModel}, ${json.machine.memoryGiB} GiB, Node ${json.machine.node}; run ${json.machine.date}.`,
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...body.map((r) => `| ${r.join(' | ')} |`),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  writeFileSync(path.join(dir, `${name}.md`), md);
  console.log(md);
}
