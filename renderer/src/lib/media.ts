import type { MediaItem } from '../api-types/shapes';

/** Where a stored media item can be loaded from: its URL, or its base64 content as a data URL. */
export function mediaSrc(item: MediaItem, kind: 'image' | 'audio' | 'video' | 'file'): string | null {
  if (typeof item.url === 'string' && /^(https?:|data:|blob:)/i.test(item.url)) return item.url;
  if (typeof item.content === 'string' && item.content.length > 0) {
    if (item.content.startsWith('data:')) return item.content;
    if (/^[A-Za-z0-9+/=\s]+$/.test(item.content.slice(0, 200))) {
      return `data:${mimeOf(item, kind)};base64,${item.content.replace(/\s+/g, '')}`;
    }
  }
  return null;
}

const FORMAT_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pcm16: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
  txt: 'text/plain',
  json: 'application/json',
  csv: 'text/csv',
};

export function mimeOf(item: MediaItem, kind: 'image' | 'audio' | 'video' | 'file'): string {
  if (typeof item.mime_type === 'string' && item.mime_type) return item.mime_type;
  const fmt = typeof item.format === 'string' ? item.format.toLowerCase() : '';
  if (FORMAT_MIME[fmt]) return FORMAT_MIME[fmt];
  switch (kind) {
    case 'image':
      return 'image/png';
    case 'audio':
      return 'audio/wav';
    case 'video':
      return 'video/mp4';
    default:
      return 'application/octet-stream';
  }
}

/** A display name: filename, name, the url's last segment, the filepath's, or the id. */
export function mediaName(item: MediaItem): string {
  for (const v of [item.filename, item.name]) if (typeof v === 'string' && v) return v;
  for (const v of [item.url, item.filepath]) {
    if (typeof v === 'string' && v && !v.startsWith('data:')) {
      const seg = v.split(/[/\\]/).filter(Boolean).pop();
      if (seg) return seg.split('?')[0] ?? seg;
    }
  }
  return typeof item.id === 'string' ? item.id : 'file';
}

export interface MediaSet {
  images: MediaItem[];
  audio: MediaItem[];
  videos: MediaItem[];
  files: MediaItem[];
}

export function mediaCount(m: MediaSet): number {
  return m.images.length + m.audio.length + m.videos.length + m.files.length;
}

export function asMediaList(v: unknown): MediaItem[] {
  return Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as MediaItem[]) : [];
}
