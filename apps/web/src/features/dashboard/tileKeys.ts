/** Where a tile sits on the screen (its bounding box). */
export interface TileBox {
  left: number;
  top: number;
  width: number;
}

const MOVES = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/**
 * The floor view by arrow keys: which tile (index in reading order) a key moves the focus to from
 * tile `from`, or null when the key is not a move or there is nowhere to go. Left and right go to
 * the previous and next tile, up and down to the nearest tile straight above or below (the line
 * before or after, whatever the width of the grid), Home and End to the first and last.
 */
export function tileToFocus(boxes: readonly TileBox[], from: number, key: string): number | null {
  if (!MOVES.has(key) || boxes.length === 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return boxes.length - 1;
  if (key === 'ArrowLeft') return from > 0 ? from - 1 : null;
  if (key === 'ArrowRight') return from < boxes.length - 1 ? from + 1 : null;
  const here = boxes[from];
  if (!here) return null;
  const up = key === 'ArrowUp';
  const center = (box: TileBox) => box.left + box.width / 2;
  // The nearest line in that direction, then the tile of that line closest to straight across.
  let lineTop: number | null = null;
  for (const box of boxes) {
    const beyond = up ? box.top < here.top - 1 : box.top > here.top + 1;
    if (beyond && (lineTop === null || (up ? box.top > lineTop : box.top < lineTop))) lineTop = box.top;
  }
  if (lineTop === null) return null;
  let best: number | null = null;
  boxes.forEach((box, index) => {
    if (Math.abs(box.top - (lineTop as number)) > 1) return;
    const bestBox = best === null ? null : boxes[best];
    if (!bestBox || Math.abs(center(box) - center(here)) < Math.abs(center(bestBox) - center(here))) best = index;
  });
  return best;
}
