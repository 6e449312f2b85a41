// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Chip } from './Chip';
import styles from './Chip.module.css';

afterEach(cleanup);

function Topics() {
  const [topic, setTopic] = useState('');
  return (
    <div role="group" aria-label="Topics">
      {['billing', 'travel'].map((t) => (
        <Chip key={t} size="sm" pressed={topic === t} onClick={() => setTopic(topic === t ? '' : t)}>
          {t}
        </Chip>
      ))}
    </div>
  );
}

describe('Chip', () => {
  it('When clicked, Then it is a toggle button whose aria-pressed follows the filter, and a second click turns it off', async () => {
    render(<Topics />);
    const billing = screen.getByRole('button', { name: 'billing', pressed: false });
    await userEvent.click(billing);
    expect(billing.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'travel' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(billing);
    expect(billing.getAttribute('aria-pressed')).toBe('false');
  });

  it('When pressed and small, Then it carries the on and sm classes; Space and Enter press it from the keyboard', async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={() => onClick('submitted')}>
        <Chip size="sm" pressed onClick={() => onClick('chip')}>
          All
        </Chip>
      </form>,
    );
    const chip = screen.getByRole('button', { name: 'All', pressed: true });
    expect(chip.className.split(' ').sort()).toEqual([styles.chip, styles.sm, styles.on].sort());
    chip.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    // type="button": pressing it never submits the form around it.
    expect(onClick.mock.calls).toEqual([['chip'], ['chip']]);
  });
});
