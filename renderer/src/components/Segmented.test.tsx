// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Segmented } from './Segmented';

afterEach(cleanup);

function StatusFilter() {
  const [status, setStatus] = useState('');
  return (
    <Segmented
      name="status"
      label="Status"
      value={status}
      options={[{ value: '', label: 'All' }, { value: 'OK', label: 'OK' }, { value: 'ERROR', label: 'Errors', tone: 'danger' }]}
      onChange={setStatus}
    />
  );
}

describe('Segmented', () => {
  it('When given a label, Then it is a radio group of that name with one checked option', async () => {
    render(<StatusFilter />);
    expect(screen.getByRole('radiogroup', { name: 'Status' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'OK' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Errors' }));
    expect((screen.getByRole('radio', { name: 'Errors' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'OK' }) as HTMLInputElement).checked).toBe(false);
  });

  it('When an option has the danger tone, Then only its segment is marked so', () => {
    render(<StatusFilter />);
    const tones = screen.getAllByRole('radio').map((r) => r.closest('label')!.dataset.tone ?? null);
    expect(tones).toEqual([null, null, 'danger']);
  });
});
