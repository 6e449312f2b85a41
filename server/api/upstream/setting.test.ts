import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../errors.js';
import { resolveSettings } from '../../settings/load.js';

describe('the upstream.url setting', () => {
  it('When it is absent, then there is no upstream and runs wait 300 s for an answer by default', () => {
    const { settings } = resolveSettings({}, {}, '/tmp');
    expect(settings.upstream).toEqual({ url: null, timeout_seconds: 300 });
  });

  it('When RUNDESK_UPSTREAM is set and the file names no upstream, then the environment gives it (rundesk serve --upstream sets it)', () => {
    expect(resolveSettings({}, { RUNDESK_UPSTREAM: 'http://127.0.0.1:7778' }, '/tmp').settings.upstream.url).toBe('http://127.0.0.1:7778');
    expect(resolveSettings({ upstream: { url: 'http://127.0.0.1:9000' } }, { RUNDESK_UPSTREAM: 'http://127.0.0.1:7778' }, '/tmp').settings.upstream.url).toBe(
      'http://127.0.0.1:9000',
    );
  });

  it.each([
    ['ftp://127.0.0.1:7778', 'upstream.url'],
    ['127.0.0.1:7778', 'upstream.url'],
    ['http://127.0.0.1:7778/?debug=1', 'upstream.url'],
  ])('When upstream.url is %s, then the settings are refused naming %s', (url, key) => {
    let thrown: unknown;
    try {
      resolveSettings({ upstream: { url } }, {}, '/tmp');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).issues.map((i) => i.path)).toContain(key);
  });

  it('When RUNDESK_UPSTREAM is not a URL, then startup fails with a message naming it', () => {
    expect(() => resolveSettings({}, { RUNDESK_UPSTREAM: 'localhost' }, '/tmp')).toThrow(/RUNDESK_UPSTREAM/);
  });

  it('When an unknown key is put under upstream, then it is refused by name', () => {
    expect(() => resolveSettings({ upstream: { ulr: 'http://x' } }, {}, '/tmp')).toThrow(/upstream\.ulr/);
  });
});
