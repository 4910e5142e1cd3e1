import { describe, expect, it } from 'vitest';
import { MAX_FRAME_DEPTH, nestsDeeperThan, parseFrame } from './frames.ts';

/* How deep a frame nests, counted on its text before it is parsed. */

const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('the nesting of a frame', () => {
  it('counts arrays and objects inside one another, up to the limit and no further', () => {
    expect(nestsDeeperThan(nested(32, '1'), 32)).toBe(false);
    expect(nestsDeeperThan(nested(33, '1'), 32)).toBe(true);
    expect(nestsDeeperThan(`[2,"a","H",${'{"a":'.repeat(30)}1${'}'.repeat(30)},[]]`, 32)).toBe(false);
    expect(nestsDeeperThan(`[2,"a","H",${'{"a":['.repeat(16)}1${']}'.repeat(16)}]`, 32)).toBe(true);
    // Side by side is not deeper.
    expect(nestsDeeperThan(`[${Array(1_000).fill(nested(20)).join(',')}]`, 32)).toBe(false);
  });

  it('does not count brackets in strings, whatever their escapes', () => {
    const brackets = '['.repeat(100);
    expect(nestsDeeperThan(`[2,"a","DataTransfer",{"data":"${brackets}"}]`, 32)).toBe(false);
    // An escaped quote does not end the string; an escaped backslash before the quote does.
    expect(nestsDeeperThan(`[2,"a","DataTransfer",{"data":"\\"${brackets}"}]`, 32)).toBe(false);
    expect(nestsDeeperThan(`[2,"a","DataTransfer",{"data":"\\\\\\"${brackets}"}]`, 32)).toBe(false);
    expect(nestsDeeperThan(`[2,"a","DataTransfer",{"data":"\\\\","x":${nested(40)}}]`, 32)).toBe(true);
  });

  it('refuses a frame past the limit before parsing it, naming its id when its head shows it', () => {
    expect(() => parseFrame(`[2,"ok","Heartbeat",${nested(MAX_FRAME_DEPTH - 1)}]`)).not.toThrow();
    expect(() => parseFrame(`[2,"deep","Heartbeat",${nested(MAX_FRAME_DEPTH)}]`)).toThrow(
      expect.objectContaining({ rpcErrorCode: 'FormationViolation', messageId: 'deep', wasAnswer: false }),
    );
    expect(() => parseFrame(`[3,"late",${nested(100)}]`)).toThrow(
      expect.objectContaining({ messageId: 'late', wasAnswer: true }),
    );
    expect(() => parseFrame(`[2,"${'i'.repeat(37)}",${nested(100)}]`)).toThrow(
      expect.objectContaining({ messageId: '-1' }),
    );
  });
});
