import { describe, expect, it } from 'vitest';
import { neighboursOf, sessionTypeOfNotFound } from './run-nav';

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

describe('sessionTypeOfNotFound', () => {
  it('reads the session type a wrong-type 404 carries as a field', () => {
    expect(sessionTypeOfNotFound({ detail: 'Session with ID s1 not found with type=agent', error_code: 'NOT_FOUND', session_type: 'team' })).toBe('team');
  });
  it('never reads the type out of the text', () => {
    expect(sessionTypeOfNotFound({ detail: 'it is a team session, use ?type=team', error_code: 'NOT_FOUND' })).toBeUndefined();
  });
  it('ignores a field that is not a session type, and bodies that are not objects', () => {
    expect(sessionTypeOfNotFound({ session_type: 'teams' })).toBeUndefined();
    expect(sessionTypeOfNotFound('Run not found')).toBeUndefined();
    expect(sessionTypeOfNotFound(null)).toBeUndefined();
  });
});
