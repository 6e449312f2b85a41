import type { MediaItem } from '../api/types';
import { formatCount } from '../lib/format';
import { mediaCount, mediaName, mediaSrc, type MediaSet } from '../lib/media';
import { Icon } from './Icon';

function Caption({ item }: { item: MediaItem }) {
  const text = item.alt_text ?? item.revised_prompt ?? item.original_prompt ?? item.transcript ?? null;
  return text ? <figcaption className="media-caption">{String(text)}</figcaption> : null;
}

function Unavailable({ item, kind }: { item: MediaItem; kind: string }) {
  return (
    <div className="media-missing">
      <Icon name="file" size={14} />
      <span>
        {kind} <span className="mono">{mediaName(item)}</span>
        {item.filepath ? (
          <>
            {' '}
            at <span className="mono">{String(item.filepath)}</span> (local file, not embedded)
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
    <figure className={`media-item media-${kind}`}>
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
    <div className="media-file">
      <Icon name="file" size={14} />
      {src ? (
        <a href={src} download={name} target="_blank" rel="noreferrer noopener" className="mono">
          {name}
        </a>
      ) : (
        <span className="mono">{name}</span>
      )}
      {typeof item.mime_type === 'string' && <span className="muted small">{item.mime_type}</span>}
      {typeof item.size === 'number' && <span className="muted small">{formatCount(item.size)} bytes</span>}
      {!src && item.filepath && <span className="muted small mono">{String(item.filepath)}</span>}
    </div>
  );
}

/** Images inline, audio/video players, files as links. */
export function MediaGallery({ media }: { media: MediaSet }) {
  if (mediaCount(media) === 0) return null;
  return (
    <div className="media-gallery">
      {media.images.length > 0 && (
        <div className="media-images">
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
