import type { AnyRun, InputMedia } from '../../api-types/shapes';
import { asMediaList, type MediaSet } from '../../lib/media';

/** Media the run was given (`input_media`). */
export function inputMediaOf(run: AnyRun): MediaSet {
  const im = (run as { input_media?: InputMedia | null }).input_media;
  return {
    images: asMediaList(im?.images),
    audio: asMediaList(im?.audios),
    videos: asMediaList(im?.videos),
    files: asMediaList(im?.files),
  };
}

/** Media the run produced, with `response_audio` counted as one more audio item. */
export function outputMediaOf(run: AnyRun): MediaSet {
  return {
    images: asMediaList(run.images),
    audio: [...asMediaList(run.audio), ...(run.response_audio && typeof run.response_audio === 'object' ? [run.response_audio] : [])],
    videos: asMediaList(run.videos),
    files: asMediaList(run.files),
  };
}
