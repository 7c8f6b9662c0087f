// The part of unzipper (no types of its own) that the room import uses: its streaming zip parser.
declare module 'unzipper' {
  /** Reads a zip from its local headers as it streams; each entry is pushed as a readable of its inflated bytes. */
  export function Parse(options?: { forceStream?: boolean; verbose?: boolean }): import('node:stream').Duplex;
  const unzipper: { Parse: typeof Parse };
  export default unzipper;
}
