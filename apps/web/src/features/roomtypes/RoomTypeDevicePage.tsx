import { DeleteOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import {
  DEVICE_KINDS,
  DEVICE_NAME_MAX,
  DEVICES_MAX,
  type DeviceKind,
  ErrorCode,
  SETPOINT_MAX,
  SETPOINT_MIN,
  SETPOINT_STEP,
} from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Breadcrumb,
  Button,
  Input,
  InputNumber,
  Result,
  Select,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { ApiError } from '../../app/http';
import { useMayCall } from '../../app/permissions';
import { CallAction } from '../../components/CallAction';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';
import { formatNumber } from '../../lib/format';
import { keyForKind, nextFreeKey } from './deviceKeys';
import { type DeviceRow, hasSetpoints, newUid, type RowProblem, rowProblems, toDevices, toRows } from './deviceRows';

const ROOM_TYPES_PATH = '/roomsystem/roomtype';

/** The device template of one room type (`?id=`): what every room of the type has. */
export default function RoomTypeDevicePage() {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  // Who may not save (the visitor) looks at the devices: no adding or removing rows for nothing.
  const maySave = useMayCall('roomTypes.saveDevices').allowed;
  const validId = Number.isInteger(id) && id > 0;

  // One type by id: the editor's route needs pm_roomdetail, which the room type list does not take.
  const types = useQuery({
    queryKey: ['roomtypes', 'detail', id],
    queryFn: () => api.roomTypes.detail({ id }),
    enabled: validId,
    retry: false,
  });
  const roomType = types.data;

  const [rows, setRows] = useState<DeviceRow[]>([]);
  const [touched, setTouched] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  useEffect(() => {
    if (roomType && !touched) setRows(toRows(roomType.devices));
  }, [roomType, touched]);

  const problems = useMemo(() => rowProblems(rows), [rows]);

  const save = useMutation({
    mutationFn: () => api.roomTypes.saveDevices({ id, devices: toDevices(rows) }),
    onSuccess: (saved) => {
      message.success(t('roomtypes.devicesSaved', { name: saved.name }));
      setTouched(false);
      setShowProblems(false);
      void queryClient.invalidateQueries({ queryKey: ['roomtypes'] });
    },
  });

  const change = (uid: number, patch: Partial<DeviceRow>) => {
    setTouched(true);
    setRows((current) => current.map((row) => (row.uid === uid ? { ...row, ...patch } : row)));
  };
  /** The name a new device starts with ("Light 2"); it follows the kind until the user edits it. */
  const autoName = (kind: DeviceKind, key: string) => `${t(`roomtypes.kind.${kind}`)} ${key.replace(/^[A-Z]+/, '')}`;
  const changeKind = (uid: number, kind: DeviceKind) => {
    setTouched(true);
    setRows((current) => {
      const others = current.filter((row) => row.uid !== uid).map((row) => row.key);
      return current.map((row) => {
        if (row.uid !== uid) return row;
        const key = keyForKind(kind, row.key, others);
        const name = row.name === autoName(row.kind, row.key) ? autoName(kind, key) : row.name;
        return { ...row, kind, key, name };
      });
    });
  };
  const addRow = () => {
    setTouched(true);
    setRows((current) => {
      const keys = current.map((row) => row.key);
      const kind: DeviceKind = 'light';
      const key = nextFreeKey(kind, keys) ?? '';
      return [...current, { uid: newUid(), kind, key, name: autoName(kind, key) }];
    });
  };
  const removeRow = (uid: number) => {
    setTouched(true);
    setRows((current) => current.filter((row) => row.uid !== uid));
  };
  const submit = () => {
    setShowProblems(true);
    if (problems.size > 0) {
      message.error(t('roomtypes.fixProblems'));
      return;
    }
    save.mutate();
  };

  const problemText = (row: DeviceRow, fields: RowProblem[]) => {
    if (!showProblems) return null;
    const found = (problems.get(row.uid) ?? []).filter((problem) => fields.includes(problem));
    return found.map((problem) => (
      <div key={problem} className="rp-cell-error" role="alert">
        {t(`roomtypes.problem.${problem}`)}
      </div>
    ));
  };
  const hasProblem = (row: DeviceRow, fields: RowProblem[]) =>
    showProblems && (problems.get(row.uid) ?? []).some((problem) => fields.includes(problem));

  const setpointInput = (row: DeviceRow, field: 'set_min' | 'set_max' | 'set', label: string) =>
    hasSetpoints(row.kind) ? (
      <InputNumber
        aria-label={`${row.key} ${label}`}
        min={SETPOINT_MIN}
        max={SETPOINT_MAX}
        step={SETPOINT_STEP}
        precision={1}
        value={row[field] ?? null}
        status={hasProblem(row, ['setpointOrder']) ? 'error' : undefined}
        onChange={(value) => change(row.uid, { [field]: value ?? null })}
        suffix="°C"
        className="rp-setpoint"
      />
    ) : (
      <span className="rp-muted">—</span>
    );

  const KEY_PROBLEMS: RowProblem[] = ['keyFormat', 'keyPrefix', 'keyDuplicate'];
  const NAME_PROBLEMS: RowProblem[] = ['nameRequired', 'nameLong'];
  const columns: TableColumnsType<DeviceRow> = [
    {
      title: t('roomtypes.deviceKind'),
      key: 'kind',
      width: 170,
      render: (_value, row) => (
        <Select<DeviceKind>
          aria-label={`${row.key} ${t('roomtypes.deviceKind')}`}
          value={row.kind}
          onChange={(kind) => changeKind(row.uid, kind)}
          options={DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`roomtypes.kind.${kind}`) }))}
          className="rp-full-width"
        />
      ),
    },
    {
      title: t('roomtypes.deviceKey'),
      key: 'key',
      width: 130,
      render: (_value, row) => (
        <>
          <Input
            aria-label={t('roomtypes.deviceKey')}
            value={row.key}
            maxLength={4}
            status={hasProblem(row, KEY_PROBLEMS) ? 'error' : undefined}
            onChange={(event) => change(row.uid, { key: event.target.value.toUpperCase().replace(/\s/g, '') })}
          />
          {problemText(row, KEY_PROBLEMS)}
        </>
      ),
    },
    {
      title: t('roomtypes.deviceName'),
      key: 'name',
      width: 220,
      render: (_value, row) => (
        <>
          <Input
            aria-label={`${row.key} ${t('roomtypes.deviceName')}`}
            value={row.name}
            maxLength={DEVICE_NAME_MAX}
            status={hasProblem(row, NAME_PROBLEMS) ? 'error' : undefined}
            onChange={(event) => change(row.uid, { name: event.target.value })}
          />
          {problemText(row, NAME_PROBLEMS)}
        </>
      ),
    },
    {
      title: t('roomtypes.setMin'),
      key: 'set_min',
      width: 130,
      render: (_value, row) => setpointInput(row, 'set_min', t('roomtypes.setMin')),
    },
    {
      title: t('roomtypes.setMax'),
      key: 'set_max',
      width: 130,
      render: (_value, row) => setpointInput(row, 'set_max', t('roomtypes.setMax')),
    },
    {
      title: t('roomtypes.setDefault'),
      key: 'set',
      width: 150,
      render: (_value, row) => (
        <>
          {setpointInput(row, 'set', t('roomtypes.setDefault'))}
          {problemText(row, ['setpointOrder'])}
        </>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      hidden: !maySave,
      render: (_value, row) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`${t('common.remove')} ${row.key}`}
          onClick={() => removeRow(row.uid)}
        >
          {t('common.remove')}
        </Button>
      ),
    },
  ];

  const crumbs = (
    <Breadcrumb
      className="rp-page__crumbs"
      items={[
        { title: <Link to={ROOM_TYPES_PATH}>{t('route.pm_roomtype')}</Link> },
        { title: roomType?.name ?? '…' },
        { title: t('roomtypes.devices') },
      ]}
    />
  );

  if (!validId || (types.isError && types.error instanceof ApiError && types.error.code === ErrorCode.notFound)) {
    return (
      <section className="rp-page">
        {crumbs}
        <Result
          status="404"
          title={t('roomtypes.notFound')}
          extra={
            <Link to={ROOM_TYPES_PATH}>
              <Button type="primary">{t('roomtypes.backToList')}</Button>
            </Link>
          }
        />
      </section>
    );
  }
  if (types.isError) {
    return (
      <section className="rp-page">
        {crumbs}
        <QueryFailed error={types.error} onRetry={() => void types.refetch()} retrying={types.isFetching} />
      </section>
    );
  }

  const full = rows.length >= DEVICES_MAX;
  const addButton = maySave && (
    <Button icon={<PlusOutlined />} onClick={addRow} disabled={full}>
      {t('roomtypes.addDevice')}
    </Button>
  );
  return (
    <section className="rp-page">
      {crumbs}
      <div className="rp-toolbar">
        <h2 className="rp-page__title">{t('roomtypes.devicesTitle', { name: roomType?.name ?? '' })}</h2>
        <Space wrap className="rp-toolbar__actions">
          {addButton}
          <Button
            icon={<UndoOutlined />}
            hidden={!maySave}
            disabled={!touched}
            onClick={() => {
              setTouched(false);
              setShowProblems(false);
              if (roomType) setRows(toRows(roomType.devices));
            }}
          >
            {t('roomtypes.discard')}
          </Button>
          <CallAction call="roomTypes.saveDevices">
            <Button
              type="primary"
              icon={<SaveOutlined />}
              onClick={submit}
              loading={save.isPending}
              disabled={!touched}
            >
              {t('common.save')}
            </Button>
          </CallAction>
        </Space>
      </div>
      {roomType && (
        <Alert
          className="rp-page__alert"
          type="info"
          showIcon
          title={t('roomtypes.appliesToRooms', { rooms: formatNumber(roomType.room_count) })}
          description={t('roomtypes.keyHint', { max: DEVICES_MAX })}
        />
      )}
      <Table<DeviceRow>
        rowKey="uid"
        columns={columns}
        dataSource={rows}
        loading={types.isFetching && !roomType}
        pagination={false}
        scroll={{ x: 1000 }}
        size="middle"
        locale={{
          emptyText: types.isPending ? ' ' : <EmptyState description={t('roomtypes.noDevices')} action={addButton} />,
        }}
        footer={
          rows.length > 0
            ? () => (
                <div className="rp-table-footer">
                  <span>{t('roomtypes.deviceTotal', { devices: rows.length, max: DEVICES_MAX })}</span>
                  {addButton}
                </div>
              )
            : undefined
        }
      />
    </section>
  );
}
