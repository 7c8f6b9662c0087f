// @vitest-environment jsdom
import type { LiveMessage, UpgradeFile, UpgradeJobDetail } from '@roompilot/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { GuardUser } from '../../app/guard';
import { ApiError } from '../../app/http';
import { CurrentUserContext } from '../../app/user';
import { renderInApp } from '../../test/render';

const listeners = new Set<(message: LiveMessage) => void>();
let liveStatus = 'open';

vi.mock('../../app/live', () => ({
  shouldPoll: (status: string) => status !== 'open',
  useLiveStatus: () => liveStatus,
  useLiveReconnected: () => undefined,
  useLiveMessages: (listener: (message: LiveMessage) => void) => {
    listeners.clear();
    listeners.add(listener);
  },
}));

const api = vi.hoisted(() => ({
  upgrades: {
    fileList: vi.fn(),
    fileAdd: vi.fn(),
    limits: vi.fn(),
    fileRemove: vi.fn(),
    jobList: vi.fn(),
    jobDetail: vi.fn(),
    jobRetry: vi.fn(),
  },
}));
// The other domains' calls (the screen's module imports the first queries of every screen) do nothing.
vi.mock('../../app/api', () => ({
  api: new Proxy(api, {
    get: (target, domain: string) =>
      (target as Record<string, unknown>)[domain] ?? new Proxy({}, { get: () => vi.fn() }),
  }),
}));

const { FilesTab } = await import('./FilesTab');
const { JobDrawer } = await import('./JobDrawer');
const { UploadModal } = await import('./UploadModal');

const MANAGER: GuardUser = { isAdmin: false, perms: ['pm_upgradebinfile'] };
const VISITOR: GuardUser = { isAdmin: false, perms: [] };

function asUser(guard: GuardUser, ui: React.ReactElement) {
  const info = { is_admin: guard.isAdmin, perms: guard.perms.map((val) => ({ val })) } as never;
  return renderInApp(<CurrentUserContext.Provider value={{ info, guard }}>{ui}</CurrentUserContext.Provider>);
}

const file: UpgradeFile = {
  id: 3,
  kind: 'bin',
  version: '3.0.0',
  notes: 'summer',
  size: 2048,
  sha256: '0123456789abcdef'.repeat(4),
  created_at: '2026-11-25T10:00:00Z',
  created_by: 'manager',
  active_jobs: 1,
};

const counts = { waiting: 1, in_progress: 0, finished: 1, failed: 1, skipped: 0, cancelled: 0 };
const job: UpgradeJobDetail = {
  id: 9,
  state: 'running',
  pause_reason: null,
  file: { id: 3, kind: 'bin', version: '3.0.0', size: 2048, sha256: file.sha256 },
  settings: {
    batch_size: 10,
    batch_pause_s: 2,
    canary: 0,
    max_failure_pct: 100,
    window_from: null,
    window_to: null,
    room_timeout_s: 900,
    max_downloads: 20,
    force: false,
  },
  counts,
  created_at: '2026-11-25T10:00:00Z',
  created_by: 'manager',
  ended_at: null,
  rooms: [
    {
      room_id: 1,
      room_num: '0201',
      state: 'finished',
      progress: 100,
      error: null,
      batch: 0,
      started_at: null,
      ended_at: null,
    },
    {
      room_id: 2,
      room_num: '0202',
      state: 'failed',
      progress: 40,
      error: 'timeout',
      batch: 0,
      started_at: null,
      ended_at: null,
    },
    {
      room_id: 3,
      room_num: '0203',
      state: 'waiting',
      progress: 0,
      error: null,
      batch: null,
      started_at: null,
      ended_at: null,
    },
  ],
};

const push = (message: LiveMessage) =>
  act(() => {
    for (const listener of listeners) listener(message);
  });

beforeEach(() => {
  vi.clearAllMocks();
  liveStatus = 'open';
  api.upgrades.fileList.mockResolvedValue({ records: [file], total: 1, current: 1, size: 20 });
  api.upgrades.limits.mockResolvedValue({ file_max_bytes: 32 * 1024 * 1024 });
  api.upgrades.jobDetail.mockResolvedValue(job);
});

describe('the upgrade screens', () => {
  test('a file with its size and short SHA-256; deleting one a job uses is explained', async () => {
    api.upgrades.fileRemove.mockRejectedValue(new ApiError('conflict', 4409));
    await asUser(MANAGER, <FilesTab kind="bin" />);
    const row = (await screen.findByText('3.0.0')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('2 KB');
    expect(row).toHaveTextContent('01234567…89abcdef');
    expect(row).toHaveTextContent('Open jobs: 1');
    // The limit the server's operator set, not the default.
    expect(await screen.findByText(/Files up to 32 MB/)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText(/Version 3.0.0 is used by a job that has not ended and cannot be deleted/);
    expect(api.upgrades.fileRemove).toHaveBeenCalledWith({ id: 3 }, { quiet: true });
  });

  test('a version the hotel already has is said at the version field, in the server’s words', async () => {
    const taken = 'Version 2.2.0 of this kind of file is already uploaded: give the new file another version.';
    api.upgrades.fileAdd.mockRejectedValue(new ApiError(taken, 4409));
    await asUser(MANAGER, <UploadModal kind="bin" open onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Version'), '2.2.0');
    const picker = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(picker, new File(['fw'], 'fw.bin'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const version = screen.getByLabelText('Version').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(version).toHaveTextContent(taken));
    expect(api.upgrades.fileAdd).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText(taken)).toHaveLength(1);
  });

  test('a visitor sees the files without upload or delete', async () => {
    await asUser(VISITOR, <FilesTab kind="bin" />);
    await screen.findByText('3.0.0');
    expect(document.querySelector('[data-call="upgrades.fileAdd"]')).toBeNull();
    expect(document.querySelector('[data-call="upgrades.fileRemove"]')).toBeNull();
  });

  test('a job drawer follows the pushes: a room’s progress, the job’s counts and state; reasons in words', async () => {
    await asUser(MANAGER, <JobDrawer jobId={9} onClose={() => undefined} />);
    await screen.findByText('Timed out');
    expect(screen.getByText('1 done · 1 failed · 1 waiting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry failed \(1\)/ })).toHaveAttribute(
      'data-call',
      'upgrades.jobRetry',
    );

    push({
      type: 'upgrade',
      data: { job_id: 9, room_id: 3, room_num: '0203', state: 'in_progress', progress: 55, error: null },
    });
    await waitFor(() => expect(screen.getByText('Upgrading')).toBeInTheDocument());
    expect(screen.getByLabelText('Progress of 0203')).toHaveAttribute('aria-valuenow', '55');
    // Another job's push changes nothing.
    push({
      type: 'upgrade',
      data: { job_id: 8, room_id: 1, room_num: '0201', state: 'failed', progress: 0, error: 'offline' },
    });
    expect(screen.queryByText('RCU offline')).toBeNull();

    push({
      type: 'upgrade_job',
      data: {
        job_id: 9,
        state: 'paused',
        pause_reason: 'failure_rate',
        counts: { ...counts, waiting: 0, in_progress: 1 },
      },
    });
    await screen.findByText('Too many failures: paused itself');
    // Its counts say a room is upgrading, and one is: the rooms agree, nothing is read again.
    expect(api.upgrades.jobDetail).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: /Resume/ })).toBeInTheDocument();
    expect(screen.getByText('1 done · 1 failed · 1 upgrading')).toBeInTheDocument();
  });

  test('the retry button says it retries the skipped rooms too, when there are any', async () => {
    api.upgrades.jobDetail.mockResolvedValue({ ...job, counts: { ...counts, failed: 0, skipped: 1 } });
    await asUser(MANAGER, <JobDrawer jobId={9} onClose={() => undefined} />);
    expect(await screen.findByRole('button', { name: /Retry failed and skipped \(1\)/ })).toHaveAttribute(
      'data-call',
      'upgrades.jobRetry',
    );
  });

  test('a push the detail missed (its rooms disagree with the counts) reads the detail again', async () => {
    await asUser(MANAGER, <JobDrawer jobId={9} onClose={() => undefined} />);
    await screen.findByText('Timed out');
    push({
      type: 'upgrade_job',
      data: { job_id: 9, state: 'running', pause_reason: null, counts: { ...counts, waiting: 0, failed: 2 } },
    });
    await waitFor(() => expect(api.upgrades.jobDetail).toHaveBeenCalledTimes(2));
  });

  test('while the live socket is down, a running job is read again every few seconds', async () => {
    liveStatus = 'down';
    await asUser(MANAGER, <JobDrawer jobId={9} onClose={() => undefined} />);
    await screen.findByText('Timed out');
    await waitFor(() => expect(api.upgrades.jobDetail).toHaveBeenCalledTimes(2), { timeout: 6_000 });
  }, 10_000);

  test('a visitor sees a job without retry, pause or cancel', async () => {
    await asUser(VISITOR, <JobDrawer jobId={9} onClose={() => undefined} />);
    await screen.findByText('Timed out');
    expect(document.querySelector('[data-call^="upgrades.job"]')).toBeNull();
  });
});
