import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/cx';
import pageStyles from './Page.module.css';

export { PageHeader } from './PageHeader';

/**
 * The frame of one page under the header: its width and padding. `stack` spaces the page's
 * sections evenly; `fillControls` lets every input and select fill its field or cell (the
 * workbench's forms).
 *
 * @example
 * <Page stack fillControls data-testid="settings-page"><PageHeader title="Settings" />…</Page>
 */
export function Page({ stack, fillControls, className, ...rest }: HTMLAttributes<HTMLDivElement> & { stack?: boolean; fillControls?: boolean; children?: ReactNode; 'data-testid'?: string }) {
  return <div className={cx(pageStyles.page, stack && pageStyles.pageStack, className)} data-controls={fillControls ? 'fill' : undefined} {...rest} />;
}
