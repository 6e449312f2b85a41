// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenInput } from './TokenInput';

afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState('');
  return <TokenInput aria-label="Token" value={value} onChange={(e) => setValue(e.target.value)} />;
}

describe('TokenInput', () => {
  it('When a JWT is pasted, Then its header, claims and signature are coloured as parts 0, 1, 2 of the same text', () => {
    render(<Harness />);
    const box = screen.getByRole('textbox', { name: 'Token' });
    fireEvent.change(box, { target: { value: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln' } });
    const mirror = screen.getByTestId('token-input-mirror');
    const parts = [...mirror.querySelectorAll('[data-part]')].map((p) => [p.getAttribute('data-part'), p.textContent]);
    expect(parts).toEqual([
      ['0', 'eyJhbGciOiJIUzI1NiJ9'],
      ['1', 'eyJzdWIiOiJhIn0'],
      ['2', 'c2ln'],
    ]);
    // The mirror holds exactly the textarea's text (plus the line a textarea keeps), so the colours sit under it.
    expect(mirror.textContent).toBe(`${(box as HTMLTextAreaElement).value}\n`);
    // Only the textarea is heard: the mirror is hidden from assistive tech.
    expect(mirror.getAttribute('aria-hidden')).toBe('true');
  });

  it('When the text has more than three parts, Then the fourth and later stay in the signature colour', () => {
    render(<TokenInput aria-label="Token" value="a.b.c.d" onChange={() => {}} />);
    const kinds = [...screen.getByTestId('token-input-mirror').querySelectorAll('[data-part]')].map((p) => p.getAttribute('data-part'));
    expect(kinds).toEqual(['0', '1', '2', '2']);
  });
});
