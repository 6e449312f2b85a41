import type { MediaItem } from '../api-types/shapes';
import { formatCount } from '../lib/format';
import { mediaCount, mediaName, mediaSrc, type MediaSet } from '../lib/media';
import { Icon } from './Icon';
import styles from './Media.module.css';
import textStyles from './text.module.css';
import { cx } from '../lib/cx';

function Caption({ item }: { item: MediaItem }) {
  const text = item.alt_text ?? item.revised_prompt ?? item.original_prompt ?? item.transcript ?? null;
  return text ? <figcaption className={styles.mediaCaption}>{String(text)}</figcaption> : null;
}

function Unavailable({ item, kind }: { item: MediaItem; kind: string }) {
  return (
    <div className={styles.mediaMissing}>
      <Icon name="file" size={14} />
      <span>
        {kind} <span className={textStyles.mono}>{mediaName(item)}</span>
        {item.filepath ? (
          <>
            {' '}
            at <span className={textStyles.mono}>{String(item.filepath)}</span> (local file, not embedded)
          </>
        ) : (
          ' has no url or content'
        )}
      </span>
    </div>
  );
}

const LABEL = { image: 'Image', audio: 'Audio', video: 'Video' } as const;

/** An image (opens full size), an audio or a video player, with its caption; or why it can't be shown. */
export function PlayableItem({ item, kind }: { item: MediaItem; kind: keyof typeof LABEL }) {
  const src = mediaSrc(item, kind);
  if (!src) return <Unavailable item={item} kind={LABEL[kind]} />;
  return (
    <figure className={styles.mediaItem} data-kind={kind}>
      {kind === 'image' ? (
        <a href={src} target="_blank" rel="noreferrer noopener">
          <img src={src} alt={String(item.alt_text ?? mediaName(item))} loading="lazy" />
        </a>
      ) : kind === 'audio' ? (
        <audio controls preload="metadata" src={src} />
      ) : (
        <video controls preload="metadata" src={src} />
      )}
      <Caption item={item} />
    </figure>
  );
}

export function FileItem({ item }: { item: MediaItem }) {
  const src = mediaSrc(item, 'file');
  const name = mediaName(item);
  return (
    <div className={styles.mediaFile}>
      <Icon name="file" size={14} />
      {src ? (
        <a href={src} download={name} target="_blank" rel="noreferrer noopener" className={textStyles.mono}>
          {name}
        </a>
      ) : (
        <span className={textStyles.mono}>{name}</span>
      )}
      {typeof item.mime_type === 'string' && <span className={cx(textStyles.muted, textStyles.small)}>{item.mime_type}</span>}
      {typeof item.size === 'number' && <span className={cx(textStyles.muted, textStyles.small)}>{formatCount(item.size)} bytes</span>}
      {!src && item.filepath && <span className={cx(textStyles.muted, textStyles.small, textStyles.mono)}>{String(item.filepath)}</span>}
    </div>
  );
}

/** Images inline, audio/video players, files as links. */
export function MediaGallery({ media }: { media: MediaSet }) {
  if (mediaCount(media) === 0) return null;
  return (
    <div className={styles.mediaGallery}>
      {media.images.length > 0 && (
        <div className={styles.mediaImages}>
          {media.images.map((m, i) => (
            <PlayableItem key={m.id ?? i} item={m} kind="image" />
          ))}
        </div>
      )}
      {media.audio.map((m, i) => (
        <PlayableItem key={m.id ?? i} item={m} kind="audio" />
      ))}
      {media.videos.map((m, i) => (
        <PlayableItem key={m.id ?? i} item={m} kind="video" />
      ))}
      {media.files.map((m, i) => (
        <FileItem key={m.id ?? i} item={m} />
      ))}
    </div>
  );
}
