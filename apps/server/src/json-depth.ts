/** How deep a JSON body (or an RCU's payload) may nest objects and arrays. */
export const JSON_DEPTH_MAX = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
/** A key longer than this is cut when naming a field. */
const KEY_SHOWN = 64;

/**
 * The field holding the first object or array nested deeper than `max` in JSON text, as a dotted
 * path (`params.a.0.b`; `body` for the document itself), or null when none is. One pass over the
 * text without recursion, so a document nested 100,000 deep costs a loop, never the stack. Text
 * that is not JSON is left to the parser that follows: this only counts brackets outside strings.
 */
export function tooDeepField(text: string, max = JSON_DEPTH_MAX): string | null {
  // One entry per open container: its current key (object) or index (array).
  const keys: (string | number)[] = [];
  const inObject: boolean[] = [];
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) {
      const start = i + 1;
      i++;
      while (i < text.length && text.charCodeAt(i) !== QUOTE) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
      if (expectingKey && keys.length > 0) {
        keys[keys.length - 1] = text.slice(start, Math.min(i, start + KEY_SHOWN));
        expectingKey = false;
      }
    } else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      if (keys.length >= max) return keys.length === 0 ? 'body' : keys.join('.');
      const object = char === OPEN_OBJECT;
      keys.push(object ? '' : 0);
      inObject.push(object);
      expectingKey = object;
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      keys.pop();
      inObject.pop();
      expectingKey = false;
    } else if (char === COMMA && keys.length > 0) {
      const top = keys.length - 1;
      if (inObject[top]) expectingKey = true;
      else keys[top] = (keys[top] as number) + 1;
    }
  }
  return null;
}

/**
 * Whether a parsed value nests objects or arrays deeper than `max` (the value itself is level 1),
 * walked with a stack of its own: for what arrives already parsed (an RCU's answer) before it is
 * answered or stored, as JSON.stringify recurses and fails some 10,000 levels down.
 */
export function nestsDeeperThan(value: unknown, max = JSON_DEPTH_MAX): boolean {
  const stack: { item: unknown; depth: number }[] = [{ item: value, depth: 1 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { item, depth } = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push({ item: child, depth: depth + 1 });
    }
  }
  return false;
}
