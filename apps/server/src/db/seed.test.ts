import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_WORDS, type Language } from '@roompilot/contract';
import { Migrator } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import { createDeviceKeys } from '../device-keys.js';
import { DATABASE_KINDS, describeOn, freshDatabase } from '../test-support/databases.js';
import { createDatabase, migrateToLatest } from './database.js';
import { migrations } from './migrations/index.js';
import { seed } from './seed.js';

const deviceKeys = createDeviceKeys('a device-key secret for the seed tests only');

for (const kind of DATABASE_KINDS) {
  describeOn(kind)(`seed and migrations [${kind}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    async function fresh() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-seed-test-'));
      const { database, drop } = await freshDatabase(kind, dataDir);
      cleanups.push(async () => {
        await drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      return { dataDir, database };
    }

    /** A demo database as it was after `migration`, the migrations after it not run yet. */
    async function demoMigratedTo(migration: string) {
      const { dataDir, database } = await fresh();
      const db = createDatabase(database);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(migration)).error).toBeUndefined();
      await seed(db, {
        adminPassword: 'given-secret',
        demo: true,
        demoLanguage: 'zh',
        dataDir,
        clock: systemClock,
        deviceKeys,
      });
      return db;
    }

    it('says which migrations a start ran, and refuses a database that a newer version upgraded', async () => {
      const { database } = await fresh();
      const db = createDatabase(database);
      const names = Object.keys(migrations).sort();
      const latest = names[names.length - 1];
      expect(await migrateToLatest(db)).toEqual({ applied: names, latest });
      expect(await migrateToLatest(db)).toEqual({ applied: [], latest });
      await db
        .insertInto('kysely_migration' as never)
        .values({ name: '9999_from_the_future', timestamp: new Date().toISOString() } as never)
        .execute();
      await expect(migrateToLatest(db)).rejects.toThrow(
        `This database was upgraded by a newer RoomPilot: it has run migration 9999_from_the_future, which this version (up to ${latest}) does not have.`,
      );
      await db.destroy();
    });

    it('seeds once, generates the Administrator password into a private file, and keeps data on restart', async () => {
      const { dataDir, database } = await fresh();
      const first = createDatabase(database);
      await migrateToLatest(first);
      const result = await seed(first, {
        adminPassword: null,
        demo: true,
        demoLanguage: 'zh',
        dataDir,
        clock: systemClock,
        deviceKeys,
      });
      expect(result.seeded).toBe(true);
      const file = path.join(dataDir, 'initial-admin-password');
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(result.generatedAdminPassword);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const names = (await first.selectFrom('users').select('user_name').orderBy('id').execute()).map(
        (u) => u.user_name,
      );
      expect(names).toEqual(['Administrator', 'manager', 'waiter', 'visitor']);
      const roles = (await first.selectFrom('roles').select('name').orderBy('id').execute()).map((r) => r.name);
      expect(roles).toEqual(['nobody', 'waiter', 'guest', 'manager', 'worker']);
      await first.destroy();

      const second = createDatabase(database);
      await migrateToLatest(second);
      expect(
        (
          await seed(second, {
            adminPassword: null,
            demo: true,
            demoLanguage: 'zh',
            dataDir,
            clock: systemClock,
            deviceKeys,
          })
        ).seeded,
      ).toBe(false);
      expect(await second.selectFrom('users').select('id').execute()).toHaveLength(4);
      await second.destroy();
    });

    it('seeds only the Administrator with DEMO=0', async () => {
      const { dataDir, database } = await fresh();
      const db = createDatabase(database);
      await migrateToLatest(db);
      const result = await seed(db, {
        adminPassword: 'given-secret',
        demo: false,
        demoLanguage: 'zh',
        dataDir,
        clock: systemClock,
        deviceKeys,
      });
      expect(result.generatedAdminPassword).toBeUndefined();
      expect(fs.existsSync(path.join(dataDir, 'initial-admin-password'))).toBe(false);
      expect(await db.selectFrom('users').select('user_name').execute()).toEqual([{ user_name: 'Administrator' }]);
      expect(await db.selectFrom('hotels').select('hotel_id').execute()).toEqual([]);
      await db.destroy();
    });

    it.each(['zh', 'ja', 'en'] as Language[])(
      'names the demo hotel, its building, types, devices, users and guest service in %s',
      async (language) => {
        const { dataDir, database } = await fresh();
        const db = createDatabase(database);
        await migrateToLatest(db);
        await seed(db, {
          adminPassword: 'given-secret',
          demo: true,
          demoLanguage: language,
          dataDir,
          clock: systemClock,
          deviceKeys,
        });
        const words = DEMO_WORDS[language];
        expect(await db.selectFrom('hotels').select('hotel_name').execute()).toEqual([{ hotel_name: words.hotel }]);
        expect(await db.selectFrom('buildings').select('name').execute()).toEqual([{ name: words.building }]);
        const types = await db.selectFrom('room_types').select(['name', 'devices']).orderBy('id').execute();
        expect(types.map((type) => type.name)).toEqual([words.roomTypes.standard, words.roomTypes.deluxe]);
        const deluxe = JSON.parse(types[1]?.devices ?? '[]') as { key: string; name: string }[];
        expect(deluxe.map((device) => device.name)).toEqual([
          words.devices.ceilingLight,
          words.devices.bedsideLight,
          words.devices.readingLamp,
          words.devices.curtain,
          words.devices.airConditioner,
          words.devices.ventilation,
          words.devices.hallwayLight,
          words.devices.sheerCurtain,
          words.devices.floorHeating,
          words.devices.deskSocket,
          words.devices.tv,
        ]);
        const manager = await db
          .selectFrom('users')
          .select('nick_name')
          .where('user_name', '=', 'manager')
          .executeTakeFirst();
        expect(manager?.nick_name).toBe(words.nickNames.manager);
        expect(await db.selectFrom('rooms').select('id').execute()).toHaveLength(100);
        const { guestService } = words;
        expect(await db.selectFrom('hotels').select('welcome_word').execute()).toEqual([
          { welcome_word: guestService.welcome },
        ]);
        const goods = await db.selectFrom('goods').select(['name', 'price']).orderBy('id').execute();
        expect(goods).toEqual(guestService.goods.map(({ name, price }) => ({ name, price })));
        const questions = await db.selectFrom('questions').select('question').orderBy('id').execute();
        expect(questions.map((row) => row.question)).toEqual(guestService.questions.map((row) => row.question));
        await db.destroy();
      },
    );

    it('migrates down and up again', async () => {
      const { database } = await fresh();
      const db = createDatabase(database);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const down = await migrator.migrateDown();
      expect(down.error).toBeUndefined();
      expect(down.results?.[0]?.status).toBe('Success');
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await db.destroy();
    });

    it('stops before making user names unique whatever their case while two differ only in case, naming them', async () => {
      const db = await demoMigratedTo('0025_two_factor');
      const manager = await db
        .selectFrom('users')
        .selectAll()
        .where('user_name', '=', 'manager')
        .executeTakeFirstOrThrow();
      const { id: _id, ...copy } = manager;
      await db
        .insertInto('users')
        .values({ ...copy, user_name: 'MANAGER' })
        .execute();
      await expect(migrateToLatest(db)).rejects.toThrow(
        'Database migration failed (0026_user_name_case): user names that differ only in case: manager.',
      );
      await db.updateTable('users').set({ user_name: 'manager-2' }).where('user_name', '=', 'MANAGER').execute();
      await migrateToLatest(db);
      await db.destroy();
    });

    it('keeps the newest of an upgrade version uploaded twice listed: an unused copy goes, any other is unlisted with its bytes', async () => {
      const db = await demoMigratedTo('0026_user_name_case');
      const { hotel_id } = await db.selectFrom('hotels').select('hotel_id').executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      const file = (version: string, content: string) => ({
        hotel_id,
        kind: 'bin',
        version,
        notes: '',
        size: content.length,
        sha256: content === 'a' ? 'sha-a' : 'sha-b',
        content: Buffer.from(content),
        created_by: 'manager',
        created_at: at,
      });
      const insert = async (version: string, content: string) =>
        (await db.insertInto('upgrade_files').values(file(version, content)).returning('id').executeTakeFirstOrThrow())
          .id;
      const copy = await insert('2.2.0', 'a');
      const used = await insert('2.2.0', 'a');
      const other = await insert('2.2.0', 'b');
      const newest = await insert('2.2.0', 'a');
      const alone = await insert('2.3.0', 'a');
      await db
        .insertInto('upgrade_jobs')
        .values({
          hotel_id,
          file_id: used,
          kind: 'bin',
          state: 'done',
          settings: '{}',
          created_by: 'manager',
          created_at: at,
        })
        .execute();
      await migrateToLatest(db);
      const rows = await db.selectFrom('upgrade_files').select(['id', 'removed_at', 'content']).orderBy('id').execute();
      expect(rows.map((row) => [row.id, row.removed_at === null, Buffer.from(row.content).toString()])).toEqual([
        [used, false, 'a'],
        [other, false, 'b'],
        [newest, true, 'a'],
        [alone, true, 'a'],
      ]);
      expect(rows.some((row) => row.id === copy)).toBe(false);
      await expect(db.insertInto('upgrade_files').values(file('2.3.0', 'b')).execute()).rejects.toThrow();
      await db.destroy();
    });
  });
}
