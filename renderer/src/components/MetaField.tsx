import type { ReactNode } from 'react';

/** One label/value pair of an entity header's `meta-grid`. */
export function MetaField({
  label,
  children,
  className,
  title,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  title?: string;
  testId?: string;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className} title={title} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
