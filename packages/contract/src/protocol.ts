/** RCU wire protocol version (docs/rcu-protocol.md). Topics and payloads come with issue 4. */
export const PROTOCOL_VERSION = 1;
