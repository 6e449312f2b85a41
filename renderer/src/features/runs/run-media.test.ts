import { describe, expect, it } from 'vitest';
import type { AnyRun } from '../../api-types/shapes';
import { inputMediaOf, outputMediaOf } from './run-media';

describe('inputMediaOf', () => {
  it('reads input_media, whose audio list is called audios', () => {
    const run = { run_id: 'r', input_media: { images: [{ url: 'a.png' }], audios: [{ url: 'b.wav' }] } } as AnyRun;
    expect(inputMediaOf(run)).toEqual({ images: [{ url: 'a.png' }], audio: [{ url: 'b.wav' }], videos: [], files: [] });
  });

  it('is empty when the run has no input media', () => {
    expect(inputMediaOf({ run_id: 'r', input_media: null } as AnyRun)).toEqual({ images: [], audio: [], videos: [], files: [] });
  });
});

describe('outputMediaOf', () => {
  it('adds response_audio after the audio list and drops entries that are not objects', () => {
    const run = {
      run_id: 'r',
      audio: [{ url: 'one.wav' }, null, 'x'],
      response_audio: { content: 'AAAA', format: 'wav' },
      files: [{ filepath: '/tmp/f.txt' }],
    } as unknown as AnyRun;
    expect(outputMediaOf(run)).toEqual({
      images: [],
      audio: [{ url: 'one.wav' }, { content: 'AAAA', format: 'wav' }],
      videos: [],
      files: [{ filepath: '/tmp/f.txt' }],
    });
  });
});
