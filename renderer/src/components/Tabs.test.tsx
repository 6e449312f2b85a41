// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './ui';

afterEach(cleanup);

const TABS = [
  { id: 'mint', label: 'Mint' },
  { id: 'inspect', label: 'Inspect' },
  { id: 'compare', label: 'Compare' },
];

function Workshop({ arrowKeys }: { arrowKeys?: boolean }) {
  const [tab, setTab] = useState('mint');
  return (
    <>
      <Tabs label="Token workshop" idPrefix="wb" arrowKeys={arrowKeys} testIdPrefix="tab-" tabs={TABS} value={tab} onChange={setTab} />
      <div role="tabpanel" id={`wb-tabpanel-${tab}`} aria-labelledby={`wb-tab-${tab}`}>
        {tab} panel
      </div>
      <button type="button">after</button>
    </>
  );
}

describe('Tabs', () => {
  it('When given an id prefix, Then each tab controls its panel and the panel is named by the current tab', () => {
    render(<Workshop />);
    expect(screen.getByRole('tablist', { name: 'Token workshop' })).toBeTruthy();
    const mint = screen.getByRole('tab', { name: 'Mint', selected: true });
    expect(mint.id).toBe('wb-tab-mint');
    expect(mint.getAttribute('aria-controls')).toBe('wb-tabpanel-mint');
    expect(mint.dataset.testid).toBe('tab-mint');
    expect(screen.getByRole('tabpanel', { name: 'Mint' }).textContent).toBe('mint panel');
  });

  it('When arrow keys are on, Then only the current tab is a Tab stop and the arrows select and focus the next tab, wrapping', async () => {
    render(<Workshop arrowKeys />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Mint' }));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Compare', selected: true }));
    expect(screen.getByRole('tabpanel').textContent).toBe('compare panel');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Mint', selected: true }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after' }));
  });

  it('When arrow keys are off, Then every tab is a Tab stop and the arrows leave the selection alone', async () => {
    render(<Workshop />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Mint', selected: true })).toBe(document.activeElement);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Inspect', selected: false }));
  });
});
