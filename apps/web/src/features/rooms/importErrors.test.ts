import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http';
import { importErrorsOf } from './importErrors';

describe('import errors', () => {
  it('lists every bad row of a 4400 answer by line, each with its own key', () => {
    const error = new ApiError('3 rows have errors', 4400, {
      errors: [
        { line: 5, field: 'rcu_id', column: 'RCU ID', message: 'duplicate' },
        { line: 2, field: 'room_num', column: '房号', message: 'required' },
        { line: 2, field: 'floor_num', column: '楼层', message: 'out of range' },
      ],
    });
    const rows = importErrorsOf(error);
    expect(rows?.map((row) => [row.line, row.field, row.column])).toEqual([
      [2, 'room_num', '房号'],
      [2, 'floor_num', '楼层'],
      [5, 'rcu_id', 'RCU ID'],
    ]);
    expect(new Set(rows?.map((row) => row.key)).size).toBe(3);
  });

  it('is null for other failures', () => {
    expect(importErrorsOf(new ApiError('too large', 4413))).toBeNull();
    expect(importErrorsOf(new ApiError('bad', 4400))).toBeNull();
    expect(importErrorsOf(new ApiError('bad', 4400, { errors: 'x' }))).toBeNull();
    expect(importErrorsOf(new Error('network'))).toBeNull();
  });

  it('skips malformed entries', () => {
    const error = new ApiError('bad', 4400, {
      errors: [{ line: 'x' }, { line: 3, field: 'mac', column: 'MAC 地址', message: 'bad' }],
    });
    expect(importErrorsOf(error)).toHaveLength(1);
  });
});
