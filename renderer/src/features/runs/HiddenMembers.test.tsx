// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addToken, setCurrent } from '../../auth/acting-as';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { attachObservabilityDb, OBS } from '../../testing/observability-fixture';

// A custom mapping guards the list of the team session's runs with a scope the lens's token
// lacks: the team run itself opens (sessions:read), its member runs cannot be listed. The key is
// the exact request line: as on the platform (scope_matching "platform"), a key such as
// `GET /sessions/{session_id}/runs` never decides, the default `GET /sessions/*` comes first.
const server = useDeskServer(
  { auth: { authorization: true, scope_mappings: { [`GET /sessions/${OBS.teamSession}/runs`]: ['runs:list'] } } },
  (s) => attachObservabilityDb(s),
);

const teamRun = `/sessions/${OBS.teamSession}/runs/${OBS.teamRun}?type=team&db=${OBS.db}&tab=members`;

describe('a team run with no members through a token lens (issue 33)', () => {
  it('When the token may not list the session’s runs, Then the Members tab says so, with the refusal, instead of "no members"', async () => {
    const token = await server().mint({ sub: 'quentin', scopes: ['sessions:read'] });
    setCurrent(addToken({ label: 'reader', token, source: 'minted' }).id);
    renderApp(teamRun);
    const why = await screen.findByTestId('members-hidden');
    expect(why.dataset.reason).toBe('refused');
    expect(why.textContent).toContain('token “reader” was refused the list of this session');
    expect(why.textContent).toContain('runs:list');
    expect(screen.queryByText('No member runs recorded for this team run')).toBeNull();
  });

  it('When the desk view reads the same team run, Then its members are listed', async () => {
    renderApp(teamRun);
    await waitFor(() => expect(screen.getAllByTestId('member-run')).toHaveLength(2));
    expect(screen.queryByTestId('members-hidden')).toBeNull();
  });
});
