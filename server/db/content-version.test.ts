import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type SqliteHandle } from './connection.js';
import { ContentVersion, VersionedAnswer } from './content-version.js';

const handles: SqliteHandle[] = [];
afterEach(() => {
  for (const h of handles.splice(0)) h.close();
});

function twoConnections() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-version-')), 'x.db');
  const ours = connect(file, { readOnly: false, create: true });
  const theirs = connect(file, { readOnly: false });
  handles.push(ours, theirs);
  ours.exec('CREATE TABLE t (x)');
  return { ours, theirs };
}

describe('ContentVersion', () => {
  it('When nothing is written, then the version stays; a write here or a commit elsewhere changes it', () => {
    const { ours, theirs } = twoConnections();
    const version = new ContentVersion(ours);
    const v0 = version.read();
    expect(version.read()).toBe(v0);
    ours.prepare('INSERT INTO t VALUES (1)').run();
    const v1 = version.read();
    expect(v1).not.toBe(v0);
    theirs.prepare('DELETE FROM t').run();
    expect(version.read()).not.toBe(v1);
  });

  it('When the version is unchanged, then a VersionedAnswer is not asked again', () => {
    const { ours, theirs } = twoConnections();
    let asked = 0;
    const count = new VersionedAnswer(new ContentVersion(ours), () => {
      asked += 1;
      return ours.prepare('SELECT COUNT(*) FROM t').pluck().get();
    });
    expect([count.get(), count.get()]).toEqual([0, 0]);
    expect(asked).toBe(1);
    theirs.prepare('INSERT INTO t VALUES (1)').run();
    expect(count.get()).toBe(1);
    ours.prepare('INSERT INTO t VALUES (2)').run();
    expect(count.get()).toBe(2);
    expect(asked).toBe(3);
  });
});
