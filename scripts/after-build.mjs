// After tsc: make the CLI entry executable so `npx rundesk` and the `bin` link work.
import fs from 'node:fs';
import path from 'node:path';

const cli = path.join(import.meta.dirname, '..', 'dist', 'server', 'cli', 'main.js');
if (fs.existsSync(cli)) fs.chmodSync(cli, 0o755);
