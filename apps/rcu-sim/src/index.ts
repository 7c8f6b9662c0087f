/**
 * Virtual RCUs that speak docs/rcu-protocol.md. The simulator itself is built with the live-rooms
 * work (issue 4); until then this package only exposes the protocol version it targets.
 */
export { PROTOCOL_VERSION } from '@roompilot/contract';
