import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/cx';
import layoutStyles from './layout.module.css';

type Gap = 2 | 3 | undefined;
const gapClass = (gap: Gap) => (gap === 2 ? layoutStyles.gap2 : gap === 3 ? layoutStyles.gap3 : undefined);

type BoxProps = HTMLAttributes<HTMLDivElement> & { children?: ReactNode; 'data-testid'?: string };

/**
 * Children one under the other with the page's section gap (or a tighter `gap`).
 *
 * @example
 * <Stack gap={2}><Card…/><Card…/></Stack>
 */
export function Stack({ gap, className, ...rest }: BoxProps & { gap?: Gap }) {
  return <div className={cx(layoutStyles.stack, gapClass(gap), className)} {...rest} />;
}

/**
 * Children side by side, vertically centred, wrapping on a narrow window unless `nowrap`.
 *
 * @example
 * <Row><Input …/><Spacer /><Button>Save</Button></Row>
 */
export function Row({ gap, nowrap, align, className, ...rest }: BoxProps & { gap?: Gap; nowrap?: boolean; align?: 'start' | 'end' }) {
  return (
    <div
      className={cx(layoutStyles.row, gapClass(gap), nowrap && layoutStyles.nowrap, align === 'start' && layoutStyles.alignStart, align === 'end' && layoutStyles.alignEnd, className)}
      {...rest}
    />
  );
}

/** Pushes what follows it in a `Row` to the far end. */
export function Spacer() {
  return <span className={layoutStyles.spacer} aria-hidden />;
}

/** A recessed box inside a card grouping a few related controls. */
export function Subpanel({ className, ...rest }: BoxProps) {
  return <div className={cx(layoutStyles.subpanel, className)} {...rest} />;
}
