import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  PAGE_SIZE_MAX,
  UPGRADE_JOB_DEFAULTS,
  type UpgradeJobAddBody,
  type UpgradeKind,
  type UpgradeRoom,
  type UpgradeRoomListBody,
} from '@roompilot/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Steps,
  Table,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useMayCall } from '../../app/permissions';
import { CallAction } from '../../components/CallAction';
import { OnlineTag } from '../../components/OnlineTag';
import { formatDateTime, formatNumber } from '../../lib/format';
import { VERSION_FIELD, windowProblem } from './model';
import { ParamSetModal } from './ParamSetModal';
import { FileSize, Hash } from './parts';
import { UploadModal } from './UploadModal';

interface Props {
  kind: UpgradeKind;
  open: boolean;
  onClose: () => void;
  onStarted: (jobId: number) => void;
}

interface Filters {
  floor_num?: number;
  room_type_id?: number;
  version?: string;
  online?: 'yes' | 'no';
  keyword?: string;
}

interface Settings {
  batch_size: number;
  batch_pause_s: number;
  canary: number;
  max_failure_pct: number;
  window_from?: string;
  window_to?: string;
  room_timeout_s: number;
  max_downloads: number;
  force: boolean;
}

const STEPS = ['file', 'rooms', 'settings', 'summary'] as const;
const ROOM_PAGE = 20;

const INITIAL: Settings = {
  batch_size: UPGRADE_JOB_DEFAULTS.batch_size,
  batch_pause_s: UPGRADE_JOB_DEFAULTS.batch_pause_s,
  canary: UPGRADE_JOB_DEFAULTS.canary,
  max_failure_pct: UPGRADE_JOB_DEFAULTS.max_failure_pct,
  room_timeout_s: UPGRADE_JOB_DEFAULTS.room_timeout_s,
  max_downloads: UPGRADE_JOB_DEFAULTS.max_downloads,
  force: UPGRADE_JOB_DEFAULTS.force,
};

/** The room list's body for the picker's filters (the version of the screen's kind). */
function roomBody(kind: UpgradeKind, filters: Filters): Omit<UpgradeRoomListBody, 'current' | 'size'> {
  const version = filters.version?.trim();
  return {
    ...(filters.floor_num !== undefined && filters.floor_num !== null && { floor_num: filters.floor_num }),
    ...(filters.room_type_id !== undefined && { room_type_id: filters.room_type_id }),
    ...(version && { [VERSION_FIELD[kind]]: version }),
    ...(filters.online && { online: filters.online === 'yes' }),
    ...(filters.keyword?.trim() && { keyword: filters.keyword.trim() }),
  };
}

/** A new job: the file, the rooms (filtered, all that match at once), the settings, a summary to confirm. */
export function NewJobModal({ kind, open, onClose, onStarted }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [fileId, setFileId] = useState<number | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [selectingAll, setSelectingAll] = useState(false);
  const [settingsForm] = Form.useForm<Settings>();
  const [settings, setSettings] = useState<Settings>(INITIAL);

  const isParam = kind === 'param';
  const addCall = isParam ? 'upgrades.paramAdd' : 'upgrades.fileAdd';
  const mayAdd = useMayCall(addCall).allowed;
  // A file added from here (none to send yet) joins the picker as soon as its dialog closes.
  const [adding, setAdding] = useState(false);
  const closeAdding = () => {
    setAdding(false);
    void queryClient.invalidateQueries({ queryKey: ['upgradefiles'] });
  };
  const files = useQuery({
    queryKey: ['upgradefiles', 'picker', kind],
    queryFn: () => api.upgrades.fileList({ current: 1, size: PAGE_SIZE_MAX, kind }),
    enabled: open,
  });
  const types = useQuery({
    queryKey: ['roomtypeoptions', 'quiet'],
    queryFn: () => api.roomTypes.options({}, { quiet: true }),
    enabled: open,
  });
  const body = roomBody(kind, filters);
  const rooms = useQuery({
    queryKey: ['upgraderooms', body, page],
    queryFn: () => api.rooms.upgradeList({ ...body, current: page, size: ROOM_PAGE }),
    enabled: open && step === 1,
    placeholderData: keepPreviousData,
  });

  const start = useMutation({
    mutationFn: (job: UpgradeJobAddBody) => api.upgrades.jobAdd(job),
    onSuccess: (started) => {
      message.success(t('upgrades.job.started', { id: started.id }));
      void queryClient.invalidateQueries({ queryKey: ['upgradejobs'] });
      void queryClient.invalidateQueries({ queryKey: ['upgradefiles'] });
      onClose();
      onStarted(started.id);
    },
  });

  const reset = () => {
    setStep(0);
    setFileId(undefined);
    setSelected([]);
    setFilters({});
    setPage(1);
    setSettings(INITIAL);
    start.reset();
  };

  /** Every room that matches the filters, page after page, added to the selection. */
  const selectAllMatching = async () => {
    setSelectingAll(true);
    try {
      const ids = new Set(selected);
      for (let current = 1; ; current += 1) {
        const answer = await api.rooms.upgradeList({ ...body, current, size: PAGE_SIZE_MAX });
        for (const room of answer.records) ids.add(room.id);
        if (current * PAGE_SIZE_MAX >= answer.total) break;
      }
      setSelected([...ids]);
    } finally {
      setSelectingAll(false);
    }
  };

  const file = files.data?.records.find((candidate) => candidate.id === fileId);
  const versionField = VERSION_FIELD[kind];

  const next = async () => {
    if (step === 2) {
      const values = await settingsForm.validateFields().catch(() => null);
      if (!values) return;
      setSettings(values);
    }
    setStep((current) => current + 1);
  };

  const submit = () => {
    if (!fileId) return;
    const from = settings.window_from?.trim();
    const to = settings.window_to?.trim();
    start.mutate({
      file_id: fileId,
      room_ids: selected,
      batch_size: settings.batch_size,
      batch_pause_s: settings.batch_pause_s,
      canary: settings.canary,
      max_failure_pct: settings.max_failure_pct,
      room_timeout_s: settings.room_timeout_s,
      max_downloads: settings.max_downloads,
      force: settings.force,
      ...(from && to ? { window_from: from, window_to: to } : {}),
    });
  };

  const canNext = (step === 0 && file !== undefined) || (step === 1 && selected.length > 0) || step === 2;
  const footer = (
    <Space wrap className="rp-upgrades__footer">
      <Button onClick={onClose} disabled={start.isPending}>
        {t('common.cancel')}
      </Button>
      {step > 0 && (
        <Button onClick={() => setStep((current) => current - 1)} disabled={start.isPending}>
          {t('upgrades.new.back')}
        </Button>
      )}
      {step < STEPS.length - 1 ? (
        <Button type="primary" disabled={!canNext} onClick={() => void next()}>
          {t('upgrades.new.next')}
        </Button>
      ) : (
        <Button type="primary" loading={start.isPending} onClick={submit} data-call="upgrades.jobAdd">
          {t('upgrades.new.start')}
        </Button>
      )}
    </Space>
  );

  const numberItem = (name: keyof Settings, min: number, max: number, unit?: string) => (
    <Form.Item
      name={name}
      label={t(`upgrades.setting.${name}` as 'upgrades.setting.batch_size')}
      extra={t(`upgrades.setting.${name}Help` as 'upgrades.setting.batch_sizeHelp')}
      rules={[{ required: true, type: 'integer', min, max, message: t('upgrades.setting.range', { min, max }) }]}
    >
      <InputNumber min={min} max={max} precision={0} suffix={unit} className="rp-upgrades__number" />
    </Form.Item>
  );

  return (
    <Modal
      title={t('upgrades.new.title', { kind: t(`upgrades.kind.${kind}`) })}
      open={open}
      onCancel={() => !start.isPending && onClose()}
      afterClose={reset}
      footer={footer}
      width={860}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <div className="rp-stack">
        <Steps
          size="small"
          current={step}
          responsive
          className="rp-upgrades__steps"
          items={STEPS.map((name) => ({ title: t(`upgrades.new.step.${name}`) }))}
        />
        {step === 0 && files.isSuccess && files.data.records.length === 0 && (
          <Alert
            type="info"
            showIcon
            className="rp-upgrades__no-files"
            title={t('upgrades.new.noFilesTitle')}
            description={t(mayAdd ? 'upgrades.new.noFilesAdd' : 'upgrades.new.noFilesAsk')}
            action={
              <CallAction call={addCall} refused="hide">
                <Button
                  type="primary"
                  icon={isParam ? <PlusOutlined /> : <UploadOutlined />}
                  onClick={() => setAdding(true)}
                >
                  {t(isParam ? 'upgrades.param.add' : 'upgrades.file.upload')}
                </Button>
              </CallAction>
            }
          />
        )}
        {step === 0 && (
          <Form layout="vertical" component="div">
            <Form.Item label={t('upgrades.new.file')} extra={t('upgrades.new.fileHelp')}>
              <Select<number>
                aria-label={t('upgrades.new.file')}
                value={fileId}
                onChange={setFileId}
                loading={files.isPending}
                placeholder={t('upgrades.new.filePlaceholder')}
                notFoundContent={t('upgrades.new.noFiles')}
                options={(files.data?.records ?? []).map((candidate) => ({
                  value: candidate.id,
                  label: `${candidate.version}${candidate.notes ? ` — ${candidate.notes}` : ''}`,
                }))}
              />
            </Form.Item>
            {file && (
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'size', label: t('upgrades.file.size'), children: <FileSize bytes={file.size} /> },
                  { key: 'sha', label: t('upgrades.file.sha256'), children: <Hash sha256={file.sha256} /> },
                  { key: 'created', label: t('upgrades.file.created'), children: formatDateTime(file.created_at) },
                ]}
              />
            )}
          </Form>
        )}
        {step === 1 && (
          <>
            <Form<Filters>
              layout="vertical"
              className="rp-upgrades__filters"
              initialValues={filters}
              onValuesChange={(_changed, all) => {
                setFilters(all);
                setPage(1);
              }}
            >
              <Form.Item name="keyword" label={t('upgrades.new.keyword')}>
                <Input allowClear autoComplete="off" />
              </Form.Item>
              <Form.Item name="floor_num" label={t('upgrades.new.floor')}>
                <InputNumber min={-10} max={999} precision={0} className="rp-upgrades__number" />
              </Form.Item>
              {!types.isError && (
                <Form.Item name="room_type_id" label={t('upgrades.new.roomType')}>
                  <Select
                    aria-label={t('upgrades.new.roomType')}
                    allowClear
                    loading={types.isPending}
                    options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
                  />
                </Form.Item>
              )}
              <Form.Item name="version" label={t('upgrades.new.currentVersion')}>
                <Input allowClear autoComplete="off" />
              </Form.Item>
              <Form.Item name="online" label={t('upgrades.new.online')}>
                <Select
                  aria-label={t('upgrades.new.online')}
                  allowClear
                  placeholder={t('upgrades.new.onlineAny')}
                  options={[
                    { value: 'yes', label: t('live.online') },
                    { value: 'no', label: t('live.offline') },
                  ]}
                />
              </Form.Item>
            </Form>
            <div className="rp-toolbar">
              <span className="rp-toolbar__hint" role="status">
                {t('upgrades.new.selected', {
                  n: formatNumber(selected.length),
                  total: formatNumber(rooms.data?.total ?? 0),
                })}
              </span>
              <Space wrap className="rp-toolbar__actions">
                <Button onClick={() => void selectAllMatching()} loading={selectingAll} disabled={!rooms.data?.total}>
                  {t('upgrades.new.selectAll', { n: formatNumber(rooms.data?.total ?? 0) })}
                </Button>
                <Button onClick={() => setSelected([])} disabled={selected.length === 0}>
                  {t('upgrades.new.clear')}
                </Button>
              </Space>
            </div>
            {rooms.isError && <Alert type="error" showIcon title={rooms.error.message} />}
            <Table<UpgradeRoom>
              size="small"
              rowKey="id"
              loading={rooms.isFetching}
              dataSource={rooms.data?.records}
              scroll={{ x: 620 }}
              rowSelection={{
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }}
              pagination={{
                current: page,
                pageSize: ROOM_PAGE,
                total: rooms.data?.total ?? 0,
                showSizeChanger: false,
                onChange: setPage,
              }}
              columns={[
                { title: t('upgrades.room.num'), dataIndex: 'room_num', key: 'room_num', width: 100 },
                { title: t('upgrades.new.floor'), dataIndex: 'floor_num', key: 'floor_num', width: 70 },
                { title: t('upgrades.new.roomType'), dataIndex: 'room_type_name', key: 'type', width: 140 },
                {
                  title: t('upgrades.new.currentVersion'),
                  key: 'version',
                  width: 140,
                  render: (_value, room) => room[versionField] ?? t('upgrades.new.noVersion'),
                },
                {
                  title: t('upgrades.new.online'),
                  key: 'online',
                  width: 120,
                  render: (_value, room) => <OnlineTag online={room.online} />,
                },
              ]}
            />
          </>
        )}
        {step === 2 && (
          <Form<Settings>
            form={settingsForm}
            name="upgrade-settings"
            layout="vertical"
            initialValues={settings}
            className="rp-upgrades__settings"
          >
            {numberItem('batch_size', 1, 1000, t('upgrades.unit.rooms'))}
            {numberItem('batch_pause_s', 0, 86_400, t('upgrades.unit.seconds'))}
            {numberItem('canary', 0, 1000, t('upgrades.unit.rooms'))}
            {numberItem('max_failure_pct', 0, 100, '%')}
            <Form.Item
              name="window_from"
              label={t('upgrades.setting.window_from')}
              extra={t('upgrades.setting.windowHelp')}
              dependencies={['window_to']}
              rules={[
                {
                  validator: async (_rule, from: string | undefined) => {
                    const problem = windowProblem(from, settingsForm.getFieldValue('window_to'));
                    if (problem) throw new Error(t(`upgrades.setting.window.${problem}`));
                  },
                },
              ]}
            >
              <Input placeholder="22:00" autoComplete="off" maxLength={5} />
            </Form.Item>
            <Form.Item
              name="window_to"
              label={t('upgrades.setting.window_to')}
              extra={t('upgrades.setting.windowToHelp')}
            >
              <Input placeholder="06:00" autoComplete="off" maxLength={5} />
            </Form.Item>
            {numberItem('room_timeout_s', 10, 86_400, t('upgrades.unit.seconds'))}
            {numberItem('max_downloads', 1, 1000, t('upgrades.unit.downloads'))}
            <Form.Item name="force" valuePropName="checked" extra={t('upgrades.setting.forceHelp')}>
              <Checkbox>{t('upgrades.setting.force')}</Checkbox>
            </Form.Item>
          </Form>
        )}
        {step === 3 && file && (
          <>
            <Alert
              type="info"
              showIcon
              title={t('upgrades.new.confirm', { version: file.version, n: formatNumber(selected.length) })}
            />
            <Descriptions
              size="small"
              bordered
              column={1}
              items={[
                {
                  key: 'file',
                  label: t('upgrades.new.file'),
                  children: `${t(`upgrades.kind.${kind}`)} ${file.version}`,
                },
                { key: 'rooms', label: t('upgrades.new.step.rooms'), children: formatNumber(selected.length) },
                {
                  key: 'batches',
                  label: t('upgrades.job.batches'),
                  children: t(settings.canary > 0 ? 'upgrades.job.batchesText' : 'upgrades.job.batchesTextNoCanary', {
                    size: settings.batch_size,
                    pause: settings.batch_pause_s,
                    canary: settings.canary,
                  }),
                },
                {
                  key: 'failure',
                  label: t('upgrades.setting.max_failure_pct'),
                  children: settings.max_failure_pct >= 100 ? t('upgrades.new.never') : `${settings.max_failure_pct} %`,
                },
                {
                  key: 'window',
                  label: t('upgrades.new.window'),
                  children:
                    settings.window_from?.trim() && settings.window_to?.trim()
                      ? `${settings.window_from} – ${settings.window_to}`
                      : t('upgrades.new.anyTime'),
                },
                {
                  key: 'timeout',
                  label: t('upgrades.setting.room_timeout_s'),
                  children: `${formatNumber(settings.room_timeout_s)} ${t('upgrades.unit.seconds')}`,
                },
                {
                  key: 'downloads',
                  label: t('upgrades.setting.max_downloads'),
                  children: formatNumber(settings.max_downloads),
                },
                {
                  key: 'force',
                  label: t('upgrades.setting.force'),
                  children: t(settings.force ? 'upgrades.param.yes' : 'upgrades.param.no'),
                },
              ]}
            />
          </>
        )}
      </div>
      {isParam ? (
        <ParamSetModal open={adding} onClose={closeAdding} />
      ) : (
        <UploadModal kind={kind} open={adding} onClose={closeAdding} />
      )}
    </Modal>
  );
}
