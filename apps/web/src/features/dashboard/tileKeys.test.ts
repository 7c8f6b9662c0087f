import { describe, expect, test } from 'vitest';
import { type TileBox, tileToFocus } from './tileKeys';

/** A grid of `count` tiles, `perLine` to a line, 100 px wide, 50 px apart in both directions. */
function grid(count: number, perLine: number): TileBox[] {
  return Array.from({ length: count }, (_, index) => ({
    left: (index % perLine) * 150,
    top: Math.floor(index / perLine) * 150,
    width: 100,
  }));
}

describe('moving between tiles by keyboard', () => {
  const tiles = grid(10, 4); // 0 1 2 3 / 4 5 6 7 / 8 9

  test('left and right go to the previous and next tile, across lines, and stop at the ends', () => {
    expect(tileToFocus(tiles, 5, 'ArrowRight')).toBe(6);
    expect(tileToFocus(tiles, 3, 'ArrowRight')).toBe(4);
    expect(tileToFocus(tiles, 4, 'ArrowLeft')).toBe(3);
    expect(tileToFocus(tiles, 0, 'ArrowLeft')).toBeNull();
    expect(tileToFocus(tiles, 9, 'ArrowRight')).toBeNull();
  });

  test('up and down go to the tile straight above or below, or the nearest on a shorter line', () => {
    expect(tileToFocus(tiles, 5, 'ArrowUp')).toBe(1);
    expect(tileToFocus(tiles, 5, 'ArrowDown')).toBe(9);
    expect(tileToFocus(tiles, 7, 'ArrowDown')).toBe(9);
    expect(tileToFocus(tiles, 1, 'ArrowUp')).toBeNull();
    expect(tileToFocus(tiles, 9, 'ArrowDown')).toBeNull();
  });

  test('Home and End go to the first and last tile; other keys move nothing', () => {
    expect(tileToFocus(tiles, 5, 'Home')).toBe(0);
    expect(tileToFocus(tiles, 5, 'End')).toBe(9);
    expect(tileToFocus(tiles, 5, 'Enter')).toBeNull();
    expect(tileToFocus([], 0, 'End')).toBeNull();
  });
});
