// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import layoutStyles from './layout.module.css';
import pageStyles from './Page.module.css';
import textStyles from './text.module.css';
import { Row, Spacer, Stack } from './layout';
import { Page, PageHeader } from './Page';
import { CodeBlock, SectionTitle, Text } from './text';

afterEach(cleanup);

describe('Page, layout and text pieces', () => {
  it('When a workbench page asks controls to fill, Then the page carries the marker the input styles key on', () => {
    render(
      <Page stack fillControls data-testid="p">
        <PageHeader title="Settings" subtitle="The auth layer" />
      </Page>,
    );
    const page = screen.getByTestId('p');
    expect(page.dataset.controls).toBe('fill');
    expect(page.className.split(' ')).toEqual([pageStyles.page, pageStyles.pageStack]);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  });

  it('When a page does not ask, Then it has no fill marker', () => {
    render(<Page data-testid="p" />);
    expect(screen.getByTestId('p').hasAttribute('data-controls')).toBe(false);
  });

  it('When rows and stacks take options, Then each option adds its class and the spacer is hidden from assistive tech', () => {
    const { container } = render(
      <Stack gap={2} data-testid="s">
        <Row nowrap align="end" data-testid="r">
          a<Spacer />b
        </Row>
      </Stack>,
    );
    expect(screen.getByTestId('s').className.split(' ')).toEqual([layoutStyles.stack, layoutStyles.gap2]);
    expect(screen.getByTestId('r').className.split(' ')).toEqual([layoutStyles.row, layoutStyles.nowrap, layoutStyles.alignEnd]);
    expect(container.querySelector('[aria-hidden]')?.className).toBe(layoutStyles.spacer);
  });

  it('When text is muted, small and mono, Then it renders the element asked for with those classes', () => {
    render(
      <>
        <Text as="p" tone="muted" small mono data-testid="t">x</Text>
        <SectionTitle level={2}>Keys</SectionTitle>
        <CodeBlock data-testid="c">{'{}'}</CodeBlock>
      </>,
    );
    const t = screen.getByTestId('t');
    expect(t.tagName).toBe('P');
    expect(t.className.split(' ')).toEqual([textStyles.muted, textStyles.small, textStyles.mono]);
    expect(screen.getByRole('heading', { level: 2, name: 'Keys' })).toBeTruthy();
    // A scrolling code frame is reachable by keyboard (axe: scrollable-region-focusable).
    expect(screen.getByTestId('c').tabIndex).toBe(0);
  });
});
