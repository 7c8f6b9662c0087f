/** SPEC.md section 5: some inputs accept only letters and digits; everything else is stripped. */
export function alnumOnly(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '');
}

/** The same rule in the shape of an antd `Form.Item` `normalize` (it may receive non-strings). */
export function normalizeAlnum(value: unknown): unknown {
  return typeof value === 'string' ? alnumOnly(value) : value;
}
