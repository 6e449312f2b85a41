// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

useDeskServer({ auth: { authorization: true, scope_mappings: { 'GET /sessions/*/runs/*': ['sesions:read'] } } });

describe('mapping lint', () => {
  it('When a saved mapping asks for a misspelled scope, Then the settings page names the scope it was meant to be', async () => {
    renderApp('/settings');
    const item = await screen.findByTestId('lint-unknown-scope');
    expect(item.textContent).toBe(
      'GET /sessions/*/runs/* asks for unknown scope "sesions:read" (did you mean "sessions:read"?): tokens carrying sessions:read are refused here',
    );
    expect(screen.getByText('1 unknown scope')).toBeTruthy();
  });
});
