import { ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { ErrorCode } from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Input,
  Popconfirm,
  Result,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { ApiError } from '../../app/http';
import { useMayCall } from '../../app/permissions';
import { paramsRoomsQuery } from '../../app/screenQueries';
import { EmptyState } from '../../components/EmptyState';
import { OnlineTag } from '../../components/OnlineTag';
import { intlLocale } from '../../lib/format';
import { byNaturalOrder } from '../../lib/natural';
import { reasonOf } from './ControlResults';
import { changedParams, type ParamDraft, type ParamField, toDraft, toFields } from './params';
import { paramLabel, rangeText, unitText, valueLabel } from './paramText';
import './control.css';

interface RoomOption {
  room_id: number;
  room_num: string;
  online?: boolean;
}

const paramsKey = (roomId: number) => ['params', roomId] as const;
/** 4408: the RCU is offline or did not answer in 10 s (the server's message says which). */
const isRcuFailure = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.device;

/** The rooms to pick from: their live state (online), or the room list when that cannot be read. */
function useRoomOptions() {
  const states = useQuery(paramsRoomsQuery());
  const basic = useQuery({
    queryKey: ['rooms', 'basic', 'quiet'],
    queryFn: () => api.rooms.basic({}, { quiet: true }),
    enabled: states.isError,
  });
  const options: RoomOption[] | undefined =
    states.data ?? basic.data?.records.map((room) => ({ room_id: room.id, room_num: room.room_num }));
  const sorted = useMemo(
    () => options && [...options].sort((a, b) => byNaturalOrder(a.room_num, b.room_num)),
    [options],
  );
  return { options: sorted, pending: states.isPending || (states.isError && basic.isPending), error: basic.error };
}

/** Parameter query (pm_checkquanxian): an RCU's parameters read live, edited and written back. */
export default function ParamsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('room_id');
  const roomId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const rooms = useRoomOptions();
  const room = rooms.options?.find((option) => option.room_id === roomId);

  return (
    <section className="rp-page rp-control">
      <div className="rp-toolbar">
        <h1 className="rp-page__title">{t('route.pm_checkquanxian')}</h1>
      </div>
      <div className="rp-control__panel">
        <label className="rp-control__field" htmlFor="params-room">
          <span className="rp-control__label">{t('control.params.room')}</span>
          <Select<number>
            id="params-room"
            showSearch={{ optionFilterProp: 'label' }}
            loading={rooms.pending}
            placeholder={t('control.params.chooseRoom')}
            value={room ? room.room_id : undefined}
            onChange={(id) => setParams({ room_id: String(id) }, { replace: true })}
            options={(rooms.options ?? []).map((option) => ({
              value: option.room_id,
              label: option.room_num,
            }))}
            className="rp-control__room"
            notFoundContent={rooms.pending ? <Spin size="small" /> : t('control.noRooms')}
          />
        </label>
        {room?.online !== undefined && <OnlineTag online={room.online} />}
      </div>
      {rooms.error && <Alert className="rp-page__alert" type="error" showIcon title={rooms.error.message} />}
      {roomId === null || !room ? (
        rooms.pending ? (
          <Spin className="rp-dashboard__loading" />
        ) : (
          <EmptyState description={t('control.params.pick')} />
        )
      ) : (
        <RoomParams key={room.room_id} roomId={room.room_id} roomNum={room.room_num} />
      )}
    </section>
  );
}

function RoomParams({ roomId, roomNum }: { roomId: number; roomNum: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const canWrite = useMayCall('control.writeParams').allowed;
  const [drafts, setDrafts] = useState<Record<string, ParamDraft>>({});
  const [showProblems, setShowProblems] = useState(false);

  const read = useQuery({
    queryKey: paramsKey(roomId),
    // Quiet: an offline RCU or one that does not answer (4408) is explained on the screen.
    queryFn: () => api.control.readParams({ room_id: roomId }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const fields = useMemo(() => (read.data ? toFields(read.data.params) : []), [read.data]);
  const { changes, problems } = useMemo(() => changedParams(fields, drafts), [fields, drafts]);
  const changedCount = Object.keys(changes).length;
  const problemCount = Object.keys(problems).length;

  const write = useMutation({
    mutationFn: () => api.control.writeParams({ room_id: roomId, params: changes }, { quiet: true }),
    onSuccess: (result) => {
      queryClient.setQueryData(paramsKey(roomId), result);
      setDrafts({});
      setShowProblems(false);
      message.success(t('control.params.written', { count: changedCount }));
    },
  });

  const draftOf = (field: ParamField) => drafts[field.key] ?? toDraft(field);
  const edit = (key: string, value: ParamDraft) => setDrafts((current) => ({ ...current, [key]: value }));

  if (read.isPending) {
    return (
      <div className="rp-control__running" role="status">
        <Spin />
        <span>{t('control.params.reading')}</span>
      </div>
    );
  }
  if (read.isError) {
    return (
      <Result
        status="warning"
        title={t('control.params.readFailed')}
        subTitle={
          <>
            <div role="alert">{reasonOf(read.error)}</div>
            {isRcuFailure(read.error) && <div>{t('control.params.offlineHint')}</div>}
          </>
        }
        extra={
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={read.isFetching}
            onClick={() => void read.refetch()}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const columns: TableColumnsType<ParamField> = [
    {
      title: t('control.params.key'),
      key: 'key',
      width: 220,
      // A known parameter by its label (its key in the tooltip); another by the key the RCU reported.
      render: (_value, field) =>
        field.spec ? (
          <span title={field.key}>{paramLabel(field, t)}</span>
        ) : (
          <span className="rp-params__key">{field.key}</span>
        ),
    },
    {
      title: t('control.params.type'),
      key: 'kind',
      width: 110,
      render: (_value, field) => <Tag>{t(`control.params.kind.${field.kind}`)}</Tag>,
    },
    {
      title: t('control.params.value'),
      key: 'value',
      render: (_value, field) => {
        const draft = draftOf(field);
        const problem = showProblems ? problems[field.key] : undefined;
        const label = `${paramLabel(field, t)} ${t('control.params.value')}`;
        const range = rangeText(field.spec, t);
        const choices = field.spec?.type === 'enum' ? field.spec.values : [];
        return (
          <>
            {field.kind === 'enum' ? (
              <Select<string>
                aria-label={label}
                className="rp-params__choice"
                value={String(draft)}
                disabled={!canWrite}
                status={problem ? 'error' : undefined}
                onChange={(value) => edit(field.key, value)}
                options={[...new Set([...choices, String(field.value)])].map((value) => ({
                  value,
                  label: valueLabel(field.key, value, t),
                }))}
              />
            ) : field.kind === 'boolean' ? (
              <Switch
                aria-label={label}
                checked={draft === true}
                disabled={!canWrite}
                onChange={(on) => edit(field.key, on)}
              />
            ) : field.kind === 'json' ? (
              <Input.TextArea
                aria-label={label}
                autoSize={{ minRows: 1, maxRows: 6 }}
                value={String(draft)}
                disabled={!canWrite}
                status={problem ? 'error' : undefined}
                onChange={(event) => edit(field.key, event.target.value)}
              />
            ) : (
              <Input
                aria-label={label}
                inputMode={field.kind === 'number' ? 'decimal' : undefined}
                suffix={unitText(field.spec, t) || undefined}
                value={String(draft)}
                disabled={!canWrite}
                status={problem ? 'error' : undefined}
                onChange={(event) => edit(field.key, event.target.value)}
              />
            )}
            {range && <div className="rp-params__hint">{range}</div>}
            {problem && (
              <div className="rp-params__problem" role="alert">
                {t(`control.params.problem.${problem}`)}
              </div>
            )}
          </>
        );
      },
    },
    {
      title: '',
      key: 'changed',
      width: 100,
      render: (_value, field) =>
        field.key in changes ? <Tag color="processing">{t('control.params.changed')}</Tag> : null,
    },
  ];

  const submit = () => {
    setShowProblems(true);
    if (problemCount > 0) message.error(t('control.params.fixProblems'));
  };
  const writeButton = (
    <Button
      type="primary"
      icon={<SaveOutlined />}
      loading={write.isPending}
      disabled={changedCount === 0 && problemCount === 0}
      data-call="control.writeParams"
    >
      {t('control.params.write')}
    </Button>
  );

  return (
    <>
      <div className="rp-toolbar">
        <span className="rp-toolbar__hint">
          {read.dataUpdatedAt > 0 &&
            t('control.params.readAt', { time: new Date(read.dataUpdatedAt).toLocaleTimeString(intlLocale()) })}
        </span>
        <Space wrap className="rp-toolbar__actions">
          <Button
            icon={<ReloadOutlined />}
            loading={read.isFetching}
            onClick={() => void read.refetch()}
            data-call="control.readParams"
          >
            {t('control.params.read')}
          </Button>
          {canWrite && (
            <>
              <Button icon={<UndoOutlined />} disabled={Object.keys(drafts).length === 0} onClick={() => setDrafts({})}>
                {t('control.params.reset')}
              </Button>
              {problemCount > 0 ? (
                <span onClickCapture={submit}>{writeButton}</span>
              ) : changedCount > 0 ? (
                <Popconfirm
                  title={t('control.confirmTitle')}
                  description={t('control.params.confirmWrite', { count: changedCount, room: roomNum })}
                  okText={t('control.apply')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => write.mutate()}
                >
                  {writeButton}
                </Popconfirm>
              ) : (
                writeButton
              )}
            </>
          )}
        </Space>
      </div>
      {write.isError && (
        <Alert
          className="rp-page__alert"
          type="error"
          showIcon
          title={t('control.params.writeFailed', { reason: reasonOf(write.error) })}
          description={isRcuFailure(write.error) ? t('control.params.offlineHint') : undefined}
        />
      )}
      <Table<ParamField>
        size="small"
        rowKey="key"
        columns={columns}
        // On a phone the table scrolls sideways rather than squeeze the value boxes.
        scroll={{ x: 640 }}
        dataSource={fields}
        pagination={false}
        locale={{ emptyText: <EmptyState description={t('control.params.empty')} /> }}
      />
    </>
  );
}
