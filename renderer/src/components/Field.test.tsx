// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './Field';
import { Input } from './Input';

afterEach(cleanup);

describe('Field', () => {
  it('When it has a label and help, Then the control is named by the label and described by the help', () => {
    render(
      <Field label="Subject" help="The sub claim of the token">
        {({ control }) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Subject' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['The sub claim of the token']);
  });

  it('When it has an error, Then the control is invalid and described by the error first, which is announced', () => {
    render(
      <Field name="jwt_audience" label="Audience" help="Who the token is for" defaultText="(none)" error="Must not be empty" errorSource="local">
        {({ control }) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Audience/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const [first, second] = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id));
    expect(first?.textContent).toBe('Must not be empty');
    expect(first?.getAttribute('role')).toBe('alert');
    expect(second?.textContent).toContain('default (none)');
    expect(screen.getByTestId('issue-jwt_audience').dataset.source).toBe('local');
  });

  it('When it has neither help nor error, Then the control has no dangling aria-describedby', () => {
    render(<Field label="Plain">{({ control }) => <Input {...control} />}</Field>);
    expect(screen.getByRole('textbox', { name: 'Plain' }).hasAttribute('aria-describedby')).toBe(false);
  });

  it('When two fields render, Then each label names its own control (ids are unique)', () => {
    render(
      <>
        <Field label="One">{({ control }) => <Input {...control} />}</Field>
        <Field label="Two">{({ control }) => <Input {...control} />}</Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'One' })).not.toBe(screen.getByRole('textbox', { name: 'Two' }));
  });
});
