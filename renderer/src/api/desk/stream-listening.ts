/**
 * Whether the request stream is connected and listening, from the moment it opens — before the
 * catch-up fetch that makes it `open` for the pages. The polling intervals read this when React
 * Query re-arms them (each time a fetch lands): the catch-up fetch's landing would otherwise
 * re-arm a poll under the options of the render before, which fires once more after the page
 * stopped polling if that render's successor is slow to take over.
 */
let listening = false;

export const streamListening = (): boolean => listening;

export function setStreamListening(next: boolean): void {
  listening = next;
}
