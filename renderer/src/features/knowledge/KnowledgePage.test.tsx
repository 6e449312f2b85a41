// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';
import { attachObservabilityDb, OBS } from '../../testing/observability-fixture';

useDeskServer({}, attachObservabilityDb);

describe('Given the knowledge table of the observability database', () => {
  it('When the Knowledge page opens, Then it lists the contents with their status and metadata', async () => {
    renderApp(`/knowledge?db=${OBS.db}`);
    const rows = await screen.findAllByTestId('knowledge-row');
    const text = rows.map((r) => r.textContent ?? '');
    expect(text.some((t) => t.includes('api-key-rotation.md') && t.includes('completed') && t.includes('4.7 KB') && t.includes('team platform') && t.includes('Acme Docs'))).toBe(true);
    expect(text.some((t) => t.includes('pricing-plans-2026.pdf'))).toBe(true);
  });
});
