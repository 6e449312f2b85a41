/** One column of the compare view: a caller's label and the token it sends. */
export interface CompareSlot {
  label: string;
  token: string;
}
