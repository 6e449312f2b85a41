import fs from 'node:fs';
import path from 'node:path';

/** The README and every page of the manual in docs/, as { file, text }, file relative to the repo. */
export function manualPages(): { file: string; text: string }[] {
  const docs = fs
    .readdirSync(path.resolve('docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => path.join('docs', f));
  return ['README.md', ...docs].map((file) => ({ file, text: fs.readFileSync(path.resolve(file), 'utf8') }));
}

/** One page of the manual (docs/<name>). */
export function manualPage(name: string): string {
  return fs.readFileSync(path.resolve('docs', name), 'utf8');
}
