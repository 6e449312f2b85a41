import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runParallel } from './parallel.mjs';

/** A throwaway package whose npm scripts are small node programs. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-parallel-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Outputs are joined at run time: npm echoes each command, which must not hold the text looked for.
// Each writes its own marker, then waits for the other's: only side by side can both end. Run one
// after the other, the first would wait in vain, and says so (the bound is a hang guard).
const meetFirst = (me: string, other: string) =>
  `node -e "const fs=require('fs');fs.writeFileSync('${me}','');const t=Date.now();(function w(){if(fs.existsSync('${other}')){console.log(['${me}','${other}'].join(' met '));return}if(Date.now()-t>120000){console.log(['${me}','${other}'].join(' never saw '));process.exit(1)}setTimeout(w,20)})()"`;

fs.writeFileSync(
  path.join(dir, 'package.json'),
  JSON.stringify({
    name: 'parallel-fixture',
    private: true,
    scripts: {
      left: meetFirst('left.mark', 'right.mark'),
      right: meetFirst('right.mark', 'left.mark'),
      fails: `node -e "console.log(['about','to','fail'].join(' '));process.exit(3)"`,
      slow: `node -e "setTimeout(()=>{require('fs').writeFileSync('slow.done','');console.log(['slow','ended'].join(' '))},300)"`,
    },
  }),
);

const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')));

describe('scripts/parallel.mjs', () => {
  it('When given two scripts, Then they run side by side, each output is printed whole, and the code is 0', async () => {
    let printed = '';
    const code = await runParallel(['left', 'right'], { cwd: dir, env, write: (t) => (printed += t) });
    expect(printed).toContain('left.mark met right.mark');
    expect(printed).toContain('right.mark met left.mark');
    expect(code).toBe(0);
  });

  it('When one fails, Then the others still end, the failure is named, and its exit code is the result', async () => {
    let printed = '';
    const code = await runParallel(['fails', 'slow'], { cwd: dir, env, write: (t) => (printed += t) });
    expect(code).toBe(3);
    expect(printed).toContain('about to fail');
    expect(printed).toContain('npm run fails failed (exit 3)');
    expect(printed).toContain('slow ended');
    expect(fs.existsSync(path.join(dir, 'slow.done'))).toBe(true);
  });

  it('When given no script, Then it says how to call it and exits 2', async () => {
    let printed = '';
    expect(await runParallel([], { cwd: dir, env, write: (t) => (printed += t) })).toBe(2);
    expect(printed).toMatch(/^usage: /);
  });
});
