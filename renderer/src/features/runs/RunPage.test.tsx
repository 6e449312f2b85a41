// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

interface Run {
  run_id: string;
  metrics: { input_tokens: number; output_tokens: number };
  events: unknown[];
}

let runUrl = '';
let run: Run;
useDeskServer({}, async (server) => {
  const sample = await server.desk<{ example_path: string }>('POST', '/desk/sample-data');
  runUrl = sample.example_path;
  // What the API holds for the run, to compare with what the page shows.
  run = await server.desk<Run>('GET', `/desk/view${sample.example_path}`);
});

describe('run page', () => {
  it('shows the conversation, the tool call and the run’s token counts', async () => {
    renderApp(runUrl);
    const metrics = await screen.findByTestId('metrics');
    expect(metrics.textContent).toContain(String(run.metrics.input_tokens));
    expect(metrics.textContent).toContain(String(run.metrics.output_tokens));
    const conversation = screen.getByTestId('conversation');
    await waitFor(() => expect(within(conversation).getAllByTestId('message').length).toBeGreaterThan(1));
    expect(within(conversation).getAllByTestId('tool-call').length).toBeGreaterThan(0);
  });

  it('the tabs show the events and the raw JSON, and the tab is kept in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(runUrl);
    const tabs = await screen.findByRole('tablist');
    await user.click(within(tabs).getByRole('tab', { name: /Events/ }));
    expect(router.state.location.search).toMatch(/tab=events/);
    await waitFor(() => expect(screen.getAllByTestId('event')).toHaveLength(run.events.length));

    await user.click(within(tabs).getByRole('tab', { name: /Raw JSON/ }));
    expect((await screen.findByTestId('raw-json')).textContent).toContain(run.run_id);
  });
});
