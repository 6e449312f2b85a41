// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import styles from './Button.module.css';
import { Button, buttonClass, IconButton, PlainButton } from './Button';

afterEach(cleanup);

describe('Button', () => {
  it('When placed in a form, Then clicking it does not submit the form (type="button" by default)', async () => {
    const submit = vi.fn((e: SubmitEvent) => e.preventDefault());
    const clicked = vi.fn();
    render(
      <form onSubmit={(e) => submit(e.nativeEvent as SubmitEvent)}>
        <Button onClick={clicked}>Add row</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    expect(clicked).toHaveBeenCalledOnce();
    expect(submit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledOnce();
  });

  it('When disabled, Then it is a disabled button a click does not reach', async () => {
    const clicked = vi.fn();
    render(<Button disabled onClick={clicked}>Detach</Button>);
    const button = screen.getByRole('button', { name: 'Detach' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(button);
    expect(clicked).not.toHaveBeenCalled();
  });

  it('When given a variant, size and danger, Then it carries exactly the classes of that look', () => {
    render(
      <>
        <Button>Plain</Button>
        <Button variant="primary" size="sm">Save</Button>
        <Button variant="ghost" size="xs" danger>Remove</Button>
        <Button variant="link" danger>Revoke</Button>
      </>,
    );
    const classes = (name: string) => screen.getByRole('button', { name }).className.split(' ').filter(Boolean).sort();
    expect(classes('Plain')).toEqual([styles.btn].sort());
    expect(classes('Save')).toEqual([styles.btn, styles.btnSm, styles.btnPrimary].sort());
    expect(classes('Remove')).toEqual([styles.btn, styles.btnXs, styles.btnGhost, styles.btnDanger].sort());
    expect(classes('Revoke')).toEqual([styles.linkBtn, styles.danger].sort());
  });

  it('When a link must look like a button, Then buttonClass gives the same classes and marks a disabled one', () => {
    expect(buttonClass({ size: 'sm' })).toBe([styles.btn, styles.btnSm].join(' '));
    expect(buttonClass({ size: 'sm', disabled: true }, 'extra')).toBe([styles.btn, styles.btnSm, styles.disabled, 'extra'].join(' '));
  });

  it('When it is an icon button, Then its name is its label and it forwards its ref', () => {
    let node: HTMLButtonElement | null = null;
    render(
      <IconButton aria-label="Close" ref={(n) => { node = n; }}>
        <svg aria-hidden />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Close' });
    expect(node).toBe(button);
    expect(button.getAttribute('type')).toBe('button');
  });

  it('When it is a plain button, Then it has only the class its page gives and never submits a form', async () => {
    const submit = vi.fn((e: SubmitEvent) => e.preventDefault());
    render(
      <form onSubmit={(e) => submit(e.nativeEvent as SubmitEvent)}>
        <PlainButton className="page-drawn" aria-current title="run 1">
          <span>Everyone</span>
        </PlainButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Everyone' });
    expect(button.className).toBe('page-drawn');
    expect(button.getAttribute('type')).toBe('button');
    await userEvent.click(button);
    expect(submit).not.toHaveBeenCalled();
  });
});
