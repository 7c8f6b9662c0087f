import { type ChildProcess, spawn } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, portOpen, until } from './waiting.js';

/**
 * A Mosquitto of a test's own with the dynamic-security plugin, on a free loopback port, that the
 * test may stop and start again (its dynamic-security file kept). Its one client at first is the
 * servers' login (docs/operations.md "An outside Mosquitto"): the dynsec admin role and the topics
 * the servers use. Made from the Debian `mosquitto` package, which ships the plugin.
 */
export interface OwnMosquitto {
  /** `mqtt://roompilot:…@127.0.0.1:port`: the servers' MQTT_URL. */
  url: string;
  /** The broker's address without a login (for RCUs). */
  address: string;
  user: string;
  password: string;
  /** The dynamic-security file (the broker rewrites it at each change). */
  dynsecFile: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

export const SERVER_ROLE = 'roompilot-server';
export const DYNSEC_ADMIN_ROLE = 'roompilot-dynsec-admin';

function pluginPath(): string {
  const candidates = [
    '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
    '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
    '/usr/lib/mosquitto_dynamic_security.so',
    '/usr/local/lib/mosquitto_dynamic_security.so',
  ];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) {
    throw new Error(
      'the Mosquitto dynamic-security plugin is not installed (mosquitto_dynamic_security.so): `npm test` installs the Debian mosquitto package',
    );
  }
  return found;
}

function mosquittoBin(): string {
  for (const file of ['/usr/sbin/mosquitto', '/usr/bin/mosquitto', '/usr/local/sbin/mosquitto']) {
    if (fs.existsSync(file)) return file;
  }
  throw new Error('Mosquitto is not installed: `npm test` installs the Debian mosquitto package');
}

function waitForPort(port: number, ms = 10_000): Promise<boolean> {
  return until(`Mosquitto to open port ${port}`, () => portOpen(port), Boolean, ms);
}

/** A password as the plugin stores it: PBKDF2-SHA512, 101 rounds, base64 (as `mosquitto_ctrl dynsec init`). */
export function dynsecPassword(password: string): { password: string; salt: string; iterations: number } {
  const salt = randomBytes(12);
  return {
    password: pbkdf2Sync(password, salt, 101, 64, 'sha512').toString('base64'),
    salt: salt.toString('base64'),
    iterations: 101,
  };
}

/** A login of the broker's. */
export interface Login {
  user: string;
  password: string;
}

/**
 * The dynamic-security file of docs/operations.md: the servers' login and its two roles; `roleless`
 * logins besides, which the broker lets in and refuses every subscription.
 */
export function serversDynsecConfig(user: string, password: string, roleless: Login[] = []) {
  return {
    clients: [
      {
        username: user,
        textname: 'RoomPilot servers',
        ...dynsecPassword(password),
        roles: [{ rolename: DYNSEC_ADMIN_ROLE }, { rolename: SERVER_ROLE }],
      },
      ...roleless.map((login) => ({ username: login.user, ...dynsecPassword(login.password), roles: [] })),
    ],
    roles: [
      {
        rolename: DYNSEC_ADMIN_ROLE,
        acls: [
          { acltype: 'publishClientSend', topic: '$CONTROL/dynamic-security/#', allow: true },
          { acltype: 'publishClientReceive', topic: '$CONTROL/dynamic-security/#', allow: true },
          { acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/#', allow: true },
        ],
      },
      {
        rolename: SERVER_ROLE,
        acls: [
          // The shared subscription is checked as it is written, `$share/…` included.
          { acltype: 'subscribePattern', topic: '$share/roompilot/rcu/+/up/#', allow: true },
          { acltype: 'subscribePattern', topic: 'rcu/+/up/#', allow: true },
          { acltype: 'publishClientReceive', topic: 'rcu/+/up/#', allow: true },
          { acltype: 'publishClientSend', topic: 'rcu/+/down/#', allow: true },
        ],
      },
    ],
    defaultACLAccess: { publishClientSend: false, publishClientReceive: true, subscribe: false, unsubscribe: true },
  };
}

/** `password`: the servers' (random unless given); `roleless`: logins with no role. */
export async function startOwnMosquitto(
  options: { password?: string; roleless?: Login[] } = {},
): Promise<OwnMosquitto> {
  const bin = mosquittoBin();
  const plugin = pluginPath();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-own-mosquitto-'));
  fs.chmodSync(root, 0o755);
  const user = 'roompilot';
  const password = options.password ?? randomBytes(18).toString('base64url');
  const dynsecFile = path.join(root, 'dynamic-security.json');
  fs.writeFileSync(dynsecFile, JSON.stringify(serversDynsecConfig(user, password, options.roleless), null, 2), {
    mode: 0o600,
  });
  const port = await freePort();
  const conf = path.join(root, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `plugin ${plugin}`,
      `plugin_opt_config_file ${dynsecFile}`,
      'persistence false',
      `log_dest file ${path.join(root, 'mosquitto.log')}`,
      '',
    ].join('\n'),
  );
  // Started by root, Mosquitto drops to its own user, which must be able to rewrite the file.
  if (process.getuid?.() === 0) {
    try {
      const { execFileSync } = await import('node:child_process');
      execFileSync('chown', ['-R', 'mosquitto', root]);
    } catch {
      // no mosquitto user: it stays root
    }
  }
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(bin, ['-c', conf], { stdio: 'ignore' });
    child = started;
    const failed = new Promise<never>((_, reject) =>
      started.once('exit', (code) => reject(new Error(`Mosquitto exited (${code}); see ${root}/mosquitto.log`))),
    );
    failed.catch(() => {});
    await Promise.race([waitForPort(port), failed]);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  const address = `mqtt://127.0.0.1:${port}`;
  return {
    url: `mqtt://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    address,
    user,
    password,
    dynsecFile,
    start,
    stop,
    async remove() {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A Mosquitto of a test's own with anonymous access and nothing else (the broker restarted under a running server). */
export interface AnonymousMosquitto {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

export async function startAnonymousMosquitto(): Promise<AnonymousMosquitto> {
  const bin = mosquittoBin();
  const port = await freePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-own-mosquitto-'));
  fs.chmodSync(root, 0o755);
  const conf = path.join(root, 'mosquitto.conf');
  fs.writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n`);
  fs.chmodSync(conf, 0o644);
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(bin, ['-c', conf], { stdio: 'ignore' });
    await waitForPort(port);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    start,
    stop,
    async remove() {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
