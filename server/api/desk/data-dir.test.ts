import { describe, expect, it } from 'vitest';
import { defaultDataDir } from './data-dir.js';

describe('defaultDataDir', () => {
  it('prefers RUNDESK_DATA_DIR on every platform', () => {
    expect(defaultDataDir({ RUNDESK_DATA_DIR: '/tmp/rd' }, 'linux', '/home/ada')).toBe('/tmp/rd');
  });

  it('follows each platform convention', () => {
    expect(defaultDataDir({}, 'linux', '/home/ada')).toBe('/home/ada/.local/share/rundesk');
    expect(defaultDataDir({ XDG_DATA_HOME: '/data' }, 'linux', '/home/ada')).toBe('/data/rundesk');
    expect(defaultDataDir({ XDG_DATA_HOME: 'relative' }, 'linux', '/home/ada')).toBe('/home/ada/.local/share/rundesk');
    expect(defaultDataDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/rundesk');
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\rundesk',
    );
  });
});
