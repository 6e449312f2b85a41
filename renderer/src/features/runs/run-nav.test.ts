import { describe, expect, it } from 'vitest';
import { neighboursOf, sessionTypeHint } from './run-nav';

describe('neighboursOf', () => {
  const order = ['a', 'b', 'c'];
  it('names the runs on both sides of a middle run', () => {
    expect(neighboursOf(order, 'b')).toEqual({ pos: 1, prevId: 'a', nextId: 'c' });
  });
  it('has no previous run for the first and no next run for the last', () => {
    expect(neighboursOf(order, 'a')).toEqual({ pos: 0, prevId: undefined, nextId: 'b' });
    expect(neighboursOf(order, 'c')).toEqual({ pos: 2, prevId: 'b', nextId: undefined });
  });
  it('has neither for a run not in the list', () => {
    expect(neighboursOf(order, 'z')).toEqual({ pos: -1, prevId: undefined, nextId: undefined });
  });
});

describe('sessionTypeHint', () => {
  it('reads the type a 404 suggests, not the one that was asked for', () => {
    expect(sessionTypeHint('Session with ID s1 not found with type=agent; it is a team session, use ?type=team')).toBe('team');
  });
  it('ignores other words and details without a hint', () => {
    expect(sessionTypeHint('retry with ?type=teams')).toBeUndefined();
    expect(sessionTypeHint('Run not found')).toBeUndefined();
  });
});
