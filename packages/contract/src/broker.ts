import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';

/**
 * An outside broker with HTTP authentication (EMQX, or any broker that asks an HTTP service) asks
 * RoomPilot who may connect and what each client may publish or subscribe to, by the same rules as
 * the embedded broker: an RCU's client id and user name are its room's `rcu_id`, its password the
 * room's device key, and it publishes only on its own `rcu/{id}/up/…` and subscribes only under
 * its own `rcu/{id}/down/`. The servers' own login (the user of MQTT_URL) may read every RCU's up
 * topics and send on their down topics. The broker proves itself with a shared secret
 * (`Authorization: Bearer <MQTT_AUTH_SECRET>`).
 */

/** Longest client id, user name and topic a broker may ask about; longest password. */
export const MQTT_AUTH_NAME_MAX = 256;
export const MQTT_AUTH_PASSWORD_MAX = 512;
export const MQTT_AUTH_TOPIC_MAX = 1_024;

export const MqttAuthBody = Type.Object(
  {
    clientid: Type.String({ maxLength: MQTT_AUTH_NAME_MAX }),
    username: Type.String({ maxLength: MQTT_AUTH_NAME_MAX }),
    password: Type.String({ maxLength: MQTT_AUTH_PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export type MqttAuthBody = Static<typeof MqttAuthBody>;

export const MQTT_ACTIONS = ['publish', 'subscribe'] as const;
export type MqttAction = (typeof MQTT_ACTIONS)[number];

export const MqttAclBody = Type.Object(
  {
    clientid: Type.String({ maxLength: MQTT_AUTH_NAME_MAX }),
    username: Type.String({ maxLength: MQTT_AUTH_NAME_MAX }),
    topic: Type.String({ minLength: 1, maxLength: MQTT_AUTH_TOPIC_MAX }),
    action: Type.Enum([...MQTT_ACTIONS]),
  },
  { additionalProperties: false },
);
export type MqttAclBody = Static<typeof MqttAclBody>;

/** EMQX 5's answer: `allow` or `deny` (RoomPilot never answers `ignore`, and nobody is a superuser). */
export const MqttVerdict = Type.Object({
  result: Type.Enum(['allow', 'deny']),
  is_superuser: Type.Boolean(),
});
export type MqttVerdict = Static<typeof MqttVerdict>;

const SECRET =
  'The broker sends `Authorization: Bearer <MQTT_AUTH_SECRET>`; without it, or with another secret, 4401 (HTTP 401); with MQTT_AUTH_SECRET unset every call is 4401. Past MQTT_AUTH_MAX_PER_SECOND calls a second on one instance (connections and topic checks each), 4429 (HTTP 429, Retry-After: 1): the broker then refuses the connection and the RCU tries again.';

export const brokerCalls = defineCalls('broker', {
  mqttAuth: {
    method: 'POST',
    path: '/mqtt/auth',
    access: 'public',
    write: false,
    hotelScoped: false,
    answers: 'stream',
    summary: "An outside broker's HTTP authentication: may this client id, user name and password connect?",
    description: `Answers HTTP 200 with \`{"result":"allow"|"deny","is_superuser":false}\` (EMQX 5's form), not the usual envelope. Allowed: an RCU whose client id and user name are one room's rcu_id and whose password is that room's device key, as stored now (a new key or a deleted room is refused at the next attempt); and the servers' own login, the user name and password of MQTT_URL. ${SECRET}`,
    body: MqttAuthBody,
    response: MqttVerdict,
  },
  mqttAcl: {
    method: 'POST',
    path: '/mqtt/acl',
    access: 'public',
    write: false,
    hotelScoped: false,
    answers: 'stream',
    summary: "An outside broker's HTTP authorization: may this client publish on, or subscribe to, this topic?",
    description: `Answers HTTP 200 with \`{"result":"allow"|"deny","is_superuser":false}\`. An RCU (client id = user name = an existing room's rcu_id) may publish on its own \`rcu/{id}/up/{status,hello,state,event,ack,upgrade}\` and subscribe under its own \`rcu/{id}/down/\`; the servers' login (the user of MQTT_URL) may subscribe to \`rcu/+/up/…\` (also as \`$share/{group}/…\`) and publish on \`rcu/{id}/down/cmd\`. Anything else is denied. ${SECRET}`,
    body: MqttAclBody,
    response: MqttVerdict,
  },
});
