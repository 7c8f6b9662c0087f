import {
  ControlOutlined,
  DownloadOutlined,
  DownOutlined,
  FileAddOutlined,
  KeyOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  FLOOR_MAX,
  FLOOR_MIN,
  ROOM_KEYWORD_MAX,
  type Room,
  type RoomFileFormat,
  type RoomSort,
} from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, InputNumber, Select, Space, type TableColumnsType, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import type { DownloadedFile } from '../../app/http';
import { useMayCall } from '../../app/permissions';
import { LISTS } from '../../app/screenQueries';
import { AddButton, CallAction } from '../../components/CallAction';
import { DeleteSelected } from '../../components/DeleteSelected';
import { ListTable } from '../../components/ListTable';
import { OnceOpened } from '../../components/OnceOpened';
import { EditAction, RowAction } from '../../components/RowActions';
import { SearchInput } from '../../components/SearchInput';
import { useListQuery } from '../../components/useListQuery';
import { formatDate, formatNumber } from '../../lib/format';
import { saveFile } from '../../lib/saveFile';
import { BulkAddModal } from './BulkAddModal';
import { DeviceKeyModal } from './DeviceKeyModal';
import { ImportModal } from './ImportModal';
import { useBuildings, useRoomTypeOptions } from './options';
import { RoomFormModal } from './RoomFormModal';
import './rooms.css';

const PAGE_SIZES = [LISTS.rooms.pageSize, 50, 100, 500];
/** The shell's top bar (App.tsx theme): long pages keep the column headers just below it. */
const SHELL_HEADER_HEIGHT = 56;

interface Filters {
  building_id?: number;
  floor_num?: number;
  room_type_id?: number;
  keyword?: string;
}

type Sorting = { sort: RoomSort; order: 'asc' | 'desc' } | undefined;

/** Column keys that the server sorts by. */
const SORT_OF: Partial<Record<string, RoomSort>> = {
  room_num: 'room_num',
  rcu_id: 'rcu_id',
  room_type_name: 'room_type',
  building_name: 'building',
};

/** A field of a cell that holds several, on a line of its own: "Firmware 2.1.0". */
function LabelledLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <span className="rp-muted">{label}</span> <span className="rp-rooms__value">{children}</span>
    </div>
  );
}

/** The Rooms tab: server paging, filters, sorting, selection, add/bulk/edit, key, import and export. */
export function RoomsTab() {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  // Adding stays in sight (disabled, saying why) for those who may not; a row's changes, its
  // device key and the keys' export are left out for them (the keys are secrets).
  const mayEdit = useMayCall('rooms.update').allowed;
  const mayKey = useMayCall('rooms.regenerateKey').allowed;
  const mayExportKeys = useMayCall('rooms.exportKeys').allowed;
  const mayControl = useMayCall('control.room').allowed;
  const mayRemove = useMayCall('rooms.remove').allowed;
  const buildings = useBuildings();
  const types = useRoomTypeOptions();

  const [filters, setFilters] = useState<Filters>({});
  const [keywordInput, setKeywordInput] = useState('');
  const [sorting, setSorting] = useState<Sorting>();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ room?: Room } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [keyRoom, setKeyRoom] = useState<Room>();

  const list = useListQuery({
    ...LISTS.rooms,
    params: { ...filters, ...sorting },
  });

  const filter = (patch: Filters) => {
    setFilters((current) => ({ ...current, ...patch }));
    list.firstPage();
    setSelected([]);
  };

  const remove = useMutation({
    mutationFn: (ids: number[]) => api.rooms.remove({ ids }),
    onSuccess: ({ deleted }) => {
      message.success(t('rooms.deleted', { deleted: formatNumber(deleted) }));
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
      void queryClient.invalidateQueries({ queryKey: ['buildings'] });
      void queryClient.invalidateQueries({ queryKey: ['roomtypes'] });
    },
  });

  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (what: string, call: () => Promise<DownloadedFile>, fallbackName: string) => {
    setDownloading(what);
    try {
      const file = await call();
      saveFile(file.blob, file.fileName || fallbackName);
    } catch {
      // The http client has shown the server's message.
    } finally {
      setDownloading(null);
    }
  };
  const exportRooms = (format: RoomFileFormat | 'keys') =>
    format === 'keys'
      ? download('export', () => api.rooms.exportKeys(filters), 'device-keys.csv')
      : download('export', () => api.rooms.export({ format, ...filters }), `rooms.${format}`);
  const downloadTemplate = (format: RoomFileFormat) =>
    download('template', () => api.rooms.template({ format }), `rooms-template.${format}`);

  const sortOrderOf = (column: RoomSort): SortOrder =>
    sorting?.sort === column ? (sorting.order === 'asc' ? 'ascend' : 'descend') : null;
  const sortable = (column: RoomSort) => ({ sorter: true, sortOrder: sortOrderOf(column) });
  const text = (value: string | null | undefined) => value || <span className="rp-muted">—</span>;

  // A room's floor, its RCU's MAC and versions go on lines of their own under a field of the same
  // column, so that the table and every header fit 1440 px in each language (twelve columns used
  // to scroll sideways).
  const columns: TableColumnsType<Room> = [
    {
      title: t('rooms.roomNum'),
      dataIndex: 'room_num',
      key: 'room_num',
      // "Habitación" and the sort arrows on one line.
      width: 120,
      fixed: 'left',
      ...sortable('room_num'),
      render: (_value, room) => (
        <>
          <div>{room.room_num}</div>
          <div>{t('rooms.floorN', { floor: room.floor_num })}</div>
        </>
      ),
    },
    {
      title: t('rooms.building'),
      dataIndex: 'building_name',
      key: 'building_name',
      width: 100,
      ...sortable('building'),
    },
    {
      title: t('rooms.roomType'),
      dataIndex: 'room_type_name',
      key: 'room_type_name',
      width: 120,
      ...sortable('room_type'),
    },
    {
      title: t('rooms.rcuMac'),
      key: 'rcu_id',
      width: 130,
      ...sortable('rcu_id'),
      render: (_value, room) => (
        <>
          <div>{room.rcu_id}</div>
          {room.mac ? <div className="rp-rooms__mac">{room.mac}</div> : <div>{text(null)}</div>}
        </>
      ),
    },
    {
      title: t('rooms.versions'),
      key: 'versions',
      // "ファームウェア 2.1.0" and "Configuración cfg-1" on one line each.
      width: 160,
      // An RCU that never connected has reported none.
      render: (_value, room) =>
        room.fw || room.cfg || room.ir ? (
          <>
            <LabelledLine label={t('rooms.fw')}>{text(room.fw)}</LabelledLine>
            <LabelledLine label={t('rooms.cfg')}>{text(room.cfg)}</LabelledLine>
            <LabelledLine label={t('rooms.ir')}>{text(room.ir)}</LabelledLine>
          </>
        ) : (
          text(null)
        ),
    },
    {
      title: t('rooms.validdate'),
      dataIndex: 'validdate',
      key: 'validdate',
      // "2027年12月31日" on one line.
      width: 130,
      render: (value: string | null) =>
        value ? <span className="rp-rooms__date">{formatDate(value)}</span> : text(null),
    },
    // The rest of the row, and no less than "Observaciones" needs.
    { title: t('rooms.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true, minWidth: 132 },
  ];

  /** Paging is ListTable's; a new sorting starts again from the first page. */
  const onTableChange: TableProps<Room>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = single?.columnKey ? SORT_OF[String(single.columnKey)] : undefined;
    setSorting(
      column && single?.order ? { sort: column, order: single.order === 'ascend' ? 'asc' : 'desc' } : undefined,
    );
    list.firstPage();
  };

  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  const addButton = (
    <AddButton call="rooms.add" onClick={() => setEditing({})}>
      {t('rooms.add')}
    </AddButton>
  );
  const bulkAddButton = (
    <CallAction call="rooms.bulkAdd">
      <Button icon={<FileAddOutlined />} onClick={() => setBulkOpen(true)}>
        {t('rooms.bulkAdd')}
      </Button>
    </CallAction>
  );
  const formatItems = (prefix: string, call: 'rooms.export' | 'rooms.template') => [
    { key: 'csv', label: <span data-call={call}>{t(`${prefix}Csv` as 'rooms.exportCsv')}</span> },
    { key: 'xlsx', label: <span data-call={call}>{t(`${prefix}Excel` as 'rooms.exportExcel')}</span> },
  ];

  return (
    <>
      <div className="rp-toolbar rp-toolbar--filters">
        <Select
          className="rp-filter"
          allowClear
          placeholder={t('rooms.allBuildings')}
          aria-label={t('rooms.building')}
          value={filters.building_id}
          onChange={(value: number | undefined) => filter({ building_id: value })}
          options={(buildings.data?.records ?? []).map((building) => ({ value: building.id, label: building.name }))}
        />
        <InputNumber
          className="rp-filter rp-filter--floor"
          placeholder={t('rooms.floor')}
          aria-label={t('rooms.floor')}
          min={FLOOR_MIN}
          max={FLOOR_MAX}
          precision={0}
          value={filters.floor_num ?? null}
          onChange={(value) => filter({ floor_num: typeof value === 'number' ? value : undefined })}
        />
        <Select
          className="rp-filter"
          allowClear
          placeholder={t('rooms.allTypes')}
          aria-label={t('rooms.roomType')}
          value={filters.room_type_id}
          onChange={(value: number | undefined) => filter({ room_type_id: value })}
          options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
        />
        <SearchInput
          className="rp-filter rp-filter--keyword"
          hint={t('rooms.keywordHint')}
          maxLength={ROOM_KEYWORD_MAX}
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => filter({ keyword: value.trim() || undefined })}
        />
      </div>
      <div className="rp-toolbar">
        <Space wrap>
          {addButton}
          {bulkAddButton}
          <CallAction call="rooms.import">
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
              {t('rooms.import')}
            </Button>
          </CallAction>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...formatItems('rooms.export', 'rooms.export'),
                // Device keys are secrets: only for those who may see them (the server checks too).
                ...(mayExportKeys
                  ? [
                      { type: 'divider' as const },
                      { key: 'keys', label: <span data-call="rooms.exportKeys">{t('rooms.exportKeys')}</span> },
                    ]
                  : []),
              ],
              onClick: ({ key }) => exportRooms(key as RoomFileFormat | 'keys'),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={downloading === 'export'}>
              {t('rooms.export')} <DownOutlined />
            </Button>
          </Dropdown>
          <Dropdown
            trigger={['click']}
            menu={{
              items: formatItems('rooms.template', 'rooms.template'),
              onClick: ({ key }) => downloadTemplate(key as RoomFileFormat),
            }}
          >
            <Button loading={downloading === 'template'}>
              {t('rooms.template')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
        {mayRemove && selected.length > 0 && (
          <DeleteSelected
            call="rooms.remove"
            count={selected.length}
            area="rooms"
            confirm={t('rooms.deleteSelectedConfirm', { selected: formatNumber(selected.length) })}
            deleting={remove.isPending}
            onClear={() => setSelected([])}
            onConfirm={() => remove.mutateAsync(selected)}
          />
        )}
      </div>
      <ListTable<Room>
        rowKey="id"
        list={list}
        columns={columns}
        rowActions={
          mayEdit || mayKey || mayControl
            ? {
                // Wrapping onto lines of their own as the row has several already ("Clave del
                // dispositivo" onto two).
                width: 180,
                fixed: 'right',
                render: (room) => (
                  <>
                    {mayEdit && <EditAction call="rooms.update" onClick={() => setEditing({ room })} />}
                    {mayKey && (
                      <RowAction call="rooms.regenerateKey" icon={<KeyOutlined />} onClick={() => setKeyRoom(room)}>
                        {t('rooms.deviceKey')}
                      </RowAction>
                    )}
                    {mayControl && (
                      <Link to={`/roomsystem/roomctrl?room_id=${room.id}`}>
                        <RowAction call="control.room" icon={<ControlOutlined />}>
                          {t('rooms.control')}
                        </RowAction>
                      </Link>
                    )}
                  </>
                ),
              }
            : undefined
        }
        onChange={onTableChange}
        sticky={{ offsetHeader: SHELL_HEADER_HEIGHT }}
        rowSelection={
          mayRemove
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        emptyText={t(hasFilters ? 'common.noMatch' : 'rooms.empty')}
        emptyAction={
          !hasFilters && (
            <Space wrap>
              {addButton}
              {bulkAddButton}
            </Space>
          )
        }
        pagination={{
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('rooms.total', { total: formatNumber(total) }),
        }}
      />
      <OnceOpened open={editing !== null}>
        <RoomFormModal room={editing?.room} open={editing !== null} onClose={() => setEditing(null)} />
      </OnceOpened>
      <OnceOpened open={bulkOpen}>
        <BulkAddModal open={bulkOpen} onClose={() => setBulkOpen(false)} />
      </OnceOpened>
      <OnceOpened open={importOpen}>
        <ImportModal open={importOpen} onClose={() => setImportOpen(false)} />
      </OnceOpened>
      <OnceOpened open={keyRoom !== undefined}>
        <DeviceKeyModal room={keyRoom} onClose={() => setKeyRoom(undefined)} />
      </OnceOpened>
    </>
  );
}
