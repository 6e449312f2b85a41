// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Segment, SegmentBar } from './SegmentBar';
import styles from './Segmented.module.css';

afterEach(cleanup);

function ListSwitch() {
  const [view, setView] = useState<'sessions' | 'runs'>('sessions');
  return (
    <SegmentBar role="radiogroup" aria-label="List">
      <Segment role="radio" aria-checked={view === 'sessions'} selected={view === 'sessions'} onClick={() => setView('sessions')} data-view="sessions">
        Sessions
      </Segment>
      <Segment role="radio" aria-checked={view === 'runs'} selected={view === 'runs'} count="12" onClick={() => setView('runs')} data-view="runs">
        Runs
      </Segment>
    </SegmentBar>
  );
}

describe('SegmentBar', () => {
  it('When a segment is clicked, Then it becomes the checked radio of its group and the only selected segment', async () => {
    render(<ListSwitch />);
    const group = screen.getByRole('radiogroup', { name: 'List' });
    expect(group.className).toBe(styles.segmented);
    await userEvent.click(screen.getByRole('radio', { name: /^Runs/ }));
    expect(screen.getByRole('radio', { name: /^Runs/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Sessions' }).getAttribute('aria-checked')).toBe('false');
    const selected = [...group.querySelectorAll('button')].filter((b) => b.classList.contains(styles.active!)).map((b) => b.dataset.view);
    expect(selected).toEqual(['runs']);
  });

  it('When every segment is a plain button, Then Tab reaches each one in turn and Enter picks it', async () => {
    function Filters() {
      const [f, setF] = useState('all');
      return (
        <SegmentBar size="sm">
          {['all', 'tools'].map((id) => (
            <Segment key={id} selected={f === id} onClick={() => setF(id)}>
              {id}
            </Segment>
          ))}
        </SegmentBar>
      );
    }
    const { container } = render(<Filters />);
    expect(container.firstElementChild!.className.split(' ').sort()).toEqual([styles.segmented, styles.segmentedSm].sort());
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'all' }));
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'tools' }).classList.contains(styles.active!)).toBe(true);
    expect(screen.getByRole('button', { name: 'all' }).classList.contains(styles.active!)).toBe(false);
  });
});
