import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { extractInputMedia, getRunInput, stringifyInputContent } from './run-input.js';
import { jsonText } from '../json-text.js';

describe('stringifyInputContent', () => {
  it('keeps text as it is', () => {
    fc.assert(fc.property(fc.string(), (text) => stringifyInputContent(text) === text));
  });

  it('writes a dict as json.dumps(d, indent=2) with ASCII escapes', () => {
    expect(stringifyInputContent({ ticker: 'NVDA', horizon_days: 7, note: 'café', nested: { a: [1, {}] } })).toBe(
      '{\n  "ticker": "NVDA",\n  "horizon_days": 7,\n  "note": "caf\\u00e9",\n  "nested": {\n    "a": [\n      1,\n      {}\n    ]\n  }\n}',
    );
  });

  it('writes any dict as JSON that reads back to the same dict', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (dict) => {
        // jsonText keeps a negative zero, as Python's json.dumps does.
        const normalised = JSON.parse(jsonText(dict)) as unknown;
        expect(JSON.parse(stringifyInputContent(dict) as string)).toEqual(normalised);
      }),
    );
  });

  it('takes the content of a list that starts with a user message', () => {
    expect(stringifyInputContent([{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi' }])).toBe('Hello');
  });

  it("writes other lists as Python's str(list)", () => {
    expect(stringifyInputContent([{ role: 'assistant', content: 'x' }, 'y'])).toBe("[{'role': 'assistant', 'content': 'x'}, 'y']");
    expect(stringifyInputContent([])).toBe('[]');
  });

  it('writes numbers and booleans as str(x)', () => {
    expect(stringifyInputContent(42)).toBe('42');
    expect(stringifyInputContent(true)).toBe('True');
  });
});

describe('getRunInput', () => {
  it('reads input.input_content of agent and team runs', () => {
    expect(getRunInput({ input: { input_content: 'Plan a trip' }, messages: [{ role: 'user', content: 'other' }] }, false)).toBe('Plan a trip');
  });

  it('falls back to the last user message of the run', () => {
    const messages = [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'a' },
      { role: 'user', content: 'last' },
    ];
    expect(getRunInput({ messages }, false)).toBe('last');
    expect(getRunInput({ input: { input_content: null }, messages }, false)).toBe('last');
  });

  it('answers an empty string when nothing names the input', () => {
    expect(getRunInput({}, false)).toBe('');
    expect(getRunInput({}, true)).toBe('');
  });

  it('reads the raw input of workflow runs, dicts indented', () => {
    expect(getRunInput({ input: 'Write an article' }, true)).toBe('Write an article');
    expect(getRunInput({ input: { ticker: 'NVDA' } }, true)).toBe('{\n  "ticker": "NVDA"\n}');
  });

  it('falls back to the last user message of the first step executor run for workflows', () => {
    const run = {
      step_executor_runs: [
        { messages: [{ role: 'user', content: 'step one' }, { role: 'user', content: 'step one again' }] },
        { messages: [{ role: 'user', content: 'step two' }] },
      ],
    };
    expect(getRunInput(run, true)).toBe('step one again');
  });

  it('does not read input.input_content for workflow runs nor raw input for agent runs', () => {
    expect(getRunInput({ input: 'raw' }, false)).toBe('');
    expect(getRunInput({ input: { input_content: 'x' } }, true)).toBe('{\n  "input_content": "x"\n}');
  });
});

describe('extractInputMedia', () => {
  it('always answers the four lists', () => {
    expect(extractInputMedia({})).toEqual({ images: [], videos: [], audios: [], files: [] });
    expect(extractInputMedia({ input: 'text' })).toEqual({ images: [], videos: [], audios: [], files: [] });
  });

  it('passes the input media dicts through', () => {
    const image = { id: 'i1', url: 'https://example.com/a.png' };
    const file = { id: 'f1', mime_type: 'application/pdf' };
    expect(extractInputMedia({ input: { input_content: 'x', images: [image], files: [file] } })).toEqual({
      images: [image],
      videos: [],
      audios: [],
      files: [file],
    });
  });
});
