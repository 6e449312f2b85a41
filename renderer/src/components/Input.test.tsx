// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Input, Select, Textarea } from './Input';

afterEach(cleanup);

describe('Input, Textarea, Select', () => {
  it('When typed in, Then the value arrives through onChange as with a plain input', async () => {
    let value = '';
    render(<Input aria-label="Filter" onChange={(e) => (value = e.target.value)} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter' }), 'runs');
    expect(value).toBe('runs');
  });

  it('When marked invalid, Then assistive tech hears it (aria-invalid), and not otherwise', () => {
    render(
      <>
        <Input aria-label="Good" />
        <Input aria-label="Bad" invalid />
        <Textarea aria-label="Key" invalid />
        <Select aria-label="Alg" invalid aria-invalid={false}>
          <option>RS256</option>
        </Select>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Good' }).hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Bad' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Key' }).getAttribute('aria-invalid')).toBe('true');
    // `invalid` wins over a stale aria-invalid={false} from the caller.
    expect(screen.getByRole('combobox', { name: 'Alg' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('When given a ref, Then it reaches the element, so a page can focus the field', () => {
    let node: HTMLInputElement | null = null;
    render(<Input aria-label="Sub" ref={(n) => { node = n; }} />);
    expect(node).toBe(screen.getByRole('textbox', { name: 'Sub' }));
  });
});
