/**
 * The largest request body the desk reads. The desk router parses every body once, up front, at
 * this limit (and refuses one that is not JSON); the route objects name it so their documents
 * say what is read.
 */
export const DESK_BODY_LIMIT = '1mb';
