/** A JWT drawn in its three coloured parts, wrapping anywhere. */
export function TokenText(props: { token: string; testId?: string }) {
  const parts = props.token.split('.');
  return (
    <code className="code wb-token" data-testid={props.testId}>
      {parts.map((p, i) => (
        <span key={i}>
          {i > 0 ? <span className="wb-token-dot">.</span> : null}
          <span className={`wb-token-p${Math.min(i, 2)}`}>{p}</span>
        </span>
      ))}
    </code>
  );
}
