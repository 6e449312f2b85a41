import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import styles from './Markdown.module.css';
import textStyles from './text.module.css';
import { cx } from '../lib/cx';

/**
 * Markdown from model output. react-markdown never renders raw HTML (no rehype-raw), so stored
 * content cannot inject markup; links open outside the app.
 */
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ),
  img: ({ src, alt }) => <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} loading="lazy" className={styles.mdImg} />,
};

function safeUrl(url: string): string {
  return /^(https?:|mailto:|data:image\/|#|\/)/i.test(url) ? url : '';
}

/** Characters that can start Markdown syntax; text without any is rendered as plain paragraphs. */
const MARKDOWN_HINT = /[*_`#[\]|>~<\\]|^\s*([-+]|\d+[.)])\s|https?:\/\//m;

export const Markdown = memo(function Markdown({ text, className }: { text: string; className?: string }) {
  if (!MARKDOWN_HINT.test(text)) {
    // Fast path for plain prose (most tool-less chat turns): same output, no parser.
    return (
      <div className={cx(styles.markdown, className)}>
        {text.split(/\n{2,}/).map((para, i) => (
          <p key={i} className={textStyles.textPre}>
            {para}
          </p>
        ))}
      </div>
    );
  }
  return (
    <div className={cx(styles.markdown, className)}>
      <ReactMarkdown components={components} skipHtml urlTransform={safeUrl}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
