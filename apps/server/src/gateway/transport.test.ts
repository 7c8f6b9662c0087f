import { ALL_UP_FILTER } from '@roompilot/contract';
import mqemitter from 'mqemitter';
import { describe, expect, it } from 'vitest';
import { brokerLogin, busWithUpTopicsDirect, isUpTopic } from './transport.js';

const TOPICS = [
  'rcu/R-0201/up/state',
  'rcu/R-0201/up/event',
  'rcu/R-0201/up/ack',
  'rcu/R-0201/up/status/more',
  'rcu/R-0201/up',
  'rcu/R-0201/up/',
  'rcu//up/state',
  'rcu/R-0201/upx/state',
  'rcu/R-0201/u',
  'rcu/R-0201/down/cmd',
  'rcu/R-0201',
  'rcu/',
  'rcu',
  'rcux/R/up/state',
  'RCU/R/up/state',
  'x/rcu/R/up/state',
  'rcu/a/b/up/state',
  '$SYS/broker/up',
  'rcu/客房/up/state',
];

/** The topics a plain bus (Aedes's own) delivers to a subscriber of `filter`. */
function matchedByBus(filter: string, topics: string[]): Promise<string[]> {
  const bus = mqemitter({ matchEmptyLevels: true });
  const seen: string[] = [];
  return new Promise((resolve) => {
    bus.on(
      filter,
      (message, done) => {
        seen.push(message.topic);
        done();
      },
      () => {
        let left = topics.length;
        for (const topic of topics) bus.emit({ topic }, () => --left === 0 && resolve(seen));
      },
    );
  });
}

describe("the embedded broker's bus", () => {
  it('tells the up topics as a subscription to ALL_UP_FILTER does', async () => {
    const matched = await matchedByBus(ALL_UP_FILTER, TOPICS);
    expect(TOPICS.filter(isUpTopic)).toEqual(matched);
    expect(matched).toContain('rcu/R-0201/up');
    expect(matched).not.toContain('rcu/R-0201/down/cmd');
  });

  it('hands the up topics to the gateway and everything else to its subscribers, in order', async () => {
    const order: string[] = [];
    const bus = busWithUpTopicsDirect((message) => order.push(`gateway ${message.topic}`));
    await new Promise<void>((resolve) =>
      bus.on(
        'rcu/+/down/#',
        (message, done) => {
          order.push(`rcu ${message.topic}`);
          done();
        },
        resolve,
      ),
    );
    const done: string[] = [];
    for (const topic of ['rcu/A/up/state', 'rcu/A/down/cmd', 'rcu/A/up/event']) {
      bus.emit({ topic }, () => done.push(topic));
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['gateway rcu/A/up/state', 'rcu rcu/A/down/cmd', 'gateway rcu/A/up/event']);
    expect(done.sort()).toEqual(['rcu/A/down/cmd', 'rcu/A/up/event', 'rcu/A/up/state']);
  });
});

describe("the servers' login to an outside broker", () => {
  it('is given to mqtt.js apart from the URL, decoded', () => {
    expect(brokerLogin('mqtts://roompilot:Mq%3AServer%232026@broker:8883')).toEqual({
      url: 'mqtts://broker:8883',
      options: { username: 'roompilot', password: 'Mq:Server#2026' },
    });
    expect(brokerLogin('mqtt://broker:1883')).toEqual({ url: 'mqtt://broker:1883', options: {} });
  });
});
