import { describe, expect, it } from 'vitest';
import { JSON_DEPTH_MAX, nestsDeeperThan, tooDeepField } from './json-depth.js';

const nested = (depth: number, inner = '1') => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);

describe('JSON depth', () => {
  it('accepts a document nested up to the limit and names the field one level past it', () => {
    // The document itself is level 1: JSON_DEPTH_MAX objects in all.
    expect(tooDeepField(nested(JSON_DEPTH_MAX))).toBeNull();
    expect(tooDeepField(nested(JSON_DEPTH_MAX + 1))).toBe(Array(JSON_DEPTH_MAX).fill('a').join('.'));
    expect(tooDeepField('[[1]]', 1)).toBe('0');
    expect(tooDeepField('{}', 0)).toBe('body');
  });

  it('walks 100,000 levels without recursion and names the path by keys and indexes', () => {
    const deep = `{"room_id":1,"params":{"x":[0,{"y":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}}`;
    expect(tooDeepField(deep, 5)).toBe('params.x.1.y.0');
    expect(tooDeepField(deep)).toMatch(/^params\.x\.1\.y(\.0)+$/);
  });

  it('ignores brackets, commas and escaped quotes inside strings', () => {
    const text = JSON.stringify({ a: '[[[{{{', 'b"[': { c: ['x,y', '\\"[[', { d: 1 }] } });
    expect(tooDeepField(text, 4)).toBeNull();
    expect(tooDeepField(text, 3)).toBe('b\\"[.c.2');
  });

  it('tells a parsed value nested deeper than the limit, walking 100,000 levels without recursion', () => {
    expect(nestsDeeperThan(JSON.parse(nested(JSON_DEPTH_MAX)))).toBe(false);
    expect(nestsDeeperThan(JSON.parse(nested(JSON_DEPTH_MAX + 1)))).toBe(true);
    expect(nestsDeeperThan({ a: [1, 'x', null, { b: [] }] }, 4)).toBe(false);
    expect(nestsDeeperThan({ a: [1, 'x', null, { b: [] }] }, 3)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe(true);
    expect(nestsDeeperThan('text')).toBe(false);
  });
});
