// @vitest-environment jsdom
import { generateKeyPairSync } from 'node:crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useDeskServer } from '../../testing/desk-server';
import { renderApp } from '../../testing/render';

useDeskServer({ auth: { authorization: true } });

function rsaPair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

describe('verify a pasted token against a pasted key (jwt.io habit)', () => {
  it('checks as the key is pasted, with no click: verifies with the key that signed it, and not with another one', async () => {
    const user = userEvent.setup();
    const signer = rsaPair();
    const other = rsaPair();
    const token = await new SignJWT({ sub: 'idp-user' }).setProtectedHeader({ alg: 'RS256', kid: 'idp-1' }).sign(signer.privateKey);
    renderApp('/tokens');
    await user.click(await screen.findByTestId('tab-inspect'));
    fireEvent.change(await screen.findByTestId('inspect-token'), { target: { value: token } });
    const box = await screen.findByTestId('verify-with-key');
    await user.click(box.querySelector('button[aria-expanded]') as HTMLButtonElement);

    fireEvent.change(screen.getByTestId('verify-key'), { target: { value: signer.publicKey.export({ type: 'spki', format: 'pem' }) } });
    await waitFor(() => expect(screen.getByTestId('verify-verdict').textContent).toBe('Signature verified'));
    expect(screen.getByTestId('verify-reason').textContent).toContain('RS256');

    fireEvent.change(screen.getByTestId('verify-key'), { target: { value: other.publicKey.export({ type: 'spki', format: 'pem' }) } });
    await waitFor(() => expect(screen.getByTestId('verify-verdict').textContent).toBe('Signature not verified'));
    expect(screen.getByTestId('verify-reason').textContent).toMatch(/another key/);

    fireEvent.change(screen.getByTestId('verify-key'), { target: { value: 'not a key' } });
    expect(await screen.findByText(/PEM public key, a JWK or a JWKS/, undefined)).toBeTruthy();
  });
});
