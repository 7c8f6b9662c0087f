import { PlusOutlined } from '@ant-design/icons';
import { type CallId, GUEST_KEYWORD_MAX, type GuestDeleteResult, type Page } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, type TableColumnsType } from 'antd';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../app/feedback';
import type { RequestOptions } from '../../app/http';
import { useMayCall } from '../../app/permissions';
import { CallAction } from '../../components/CallAction';
import { DeleteAction } from '../../components/DeleteAction';
import { DeleteSelected } from '../../components/DeleteSelected';
import { ListTable } from '../../components/ListTable';
import { EditAction } from '../../components/RowActions';
import { SearchInput } from '../../components/SearchInput';
import type { Paging } from '../../components/useListQuery';
import { useListQuery } from '../../components/useListQuery';
import { formatNumber } from '../../lib/format';
import type { MessageKey } from '../../locales/types';
import './guestservice.css';

interface Filters<Type extends string> {
  keyword?: string;
  type?: Type;
}

/** A row's form dialog: the row to edit, or none to add one. */
export type RowForm<Row> = ComponentType<{ row?: Row; open: boolean; onClose: () => void }>;

interface Props<Row extends { id: number; type: string }> {
  /** `goods` or `question`: the strings `guestservice.<kind>.*`. */
  kind: 'goods' | 'question';
  list: { key: string; fetch: (body: Paging & Filters<Row['type']>, options?: RequestOptions) => Promise<Page<Row>> };
  calls: { add: CallId; update: CallId; remove: CallId };
  remove: (body: { ids: number[] }) => Promise<GuestDeleteResult>;
  /** The kinds of row and the key of their names (`guestservice.goodsType`). */
  types: readonly Row['type'][];
  typeKey: 'guestservice.goodsType' | 'guestservice.questionType';
  keywordHint: string;
  /** The columns; the type goes second. */
  columns: TableColumnsType<Row>;
  /** What the delete confirmation names the row by. */
  nameOf: (row: Row) => string;
  Form: RowForm<Row>;
  scrollX: number;
}

/**
 * A list of guest service (goods, questions): filtered by type and keyword, server-paged, each row
 * edited in its dialog or deleted, several deleted at once; every action offered only to who may
 * make its call.
 */
export function GuestServiceList<Row extends { id: number; type: string }>({
  kind,
  list: listCall,
  calls,
  remove: removeCall,
  types,
  typeKey,
  keywordHint,
  columns,
  nameOf,
  Form,
  scrollX,
}: Props<Row>) {
  const { t } = useTranslation();
  const say = (key: string, params?: Record<string, unknown>) => t(`guestservice.${kind}.${key}` as MessageKey, params);
  const message = useMessage();
  const queryClient = useQueryClient();
  const mayEdit = useMayCall(calls.update).allowed;
  const mayRemove = useMayCall(calls.remove).allowed;
  const [filters, setFilters] = useState<Filters<Row['type']>>({});
  const [keywordInput, setKeywordInput] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ row?: Row } | null>(null);
  const list = useListQuery({ ...listCall, params: filters });
  const hasFilters = filters.keyword !== undefined || filters.type !== undefined;
  const typeLabel = (type: string) => t(`${typeKey}.${type}` as MessageKey);

  const filter = (patch: Filters<Row['type']>) => {
    setFilters((current) => ({ ...current, ...patch }));
    list.firstPage();
    setSelected([]);
  };

  const remove = useMutation({
    mutationFn: (rows: { ids: number[]; one?: Row }) => removeCall({ ids: rows.ids }),
    onSuccess: ({ deleted }, { ids, one }) => {
      message.success(
        one ? say('deletedOne', { name: nameOf(one) }) : t('guestservice.deleted', { deleted: formatNumber(deleted) }),
      );
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      void queryClient.invalidateQueries({ queryKey: [listCall.key] });
    },
  });

  const addButton = (
    <CallAction call={calls.add}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
        {say('add')}
      </Button>
    </CallAction>
  );

  const typeColumn: TableColumnsType<Row>[number] = {
    title: t('guestservice.type'),
    dataIndex: 'type',
    key: 'type',
    width: 150,
    render: (type: string) => typeLabel(type),
  };

  return (
    <section className="rp-page">
      <div className="rp-toolbar rp-toolbar--filters">
        <Select
          className="rp-filter"
          allowClear
          placeholder={t('guestservice.allTypes')}
          aria-label={t('guestservice.type')}
          value={filters.type}
          onChange={(value: Row['type'] | undefined) => filter({ type: value })}
          options={types.map((type) => ({ value: type, label: typeLabel(type) }))}
        />
        <SearchInput
          className="rp-filter rp-filter--keyword rp-guestservice__keyword"
          hint={keywordHint}
          maxLength={GUEST_KEYWORD_MAX}
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => filter({ keyword: value.trim() || undefined })}
        />
      </div>
      <div className="rp-toolbar">
        <Space wrap>{addButton}</Space>
        {mayRemove && selected.length > 0 && (
          <DeleteSelected
            call={calls.remove}
            count={selected.length}
            area="guestservice"
            confirm={say('deleteSelectedConfirm', { selected: formatNumber(selected.length) })}
            deleting={remove.isPending}
            onClear={() => setSelected([])}
            onConfirm={() => remove.mutateAsync({ ids: selected })}
          />
        )}
      </div>
      <ListTable<Row>
        rowKey="id"
        list={list}
        columns={[...columns.slice(0, 1), typeColumn, ...columns.slice(1)]}
        rowActions={
          mayEdit || mayRemove
            ? {
                width: 170,
                fixed: 'right',
                render: (row) => (
                  <>
                    {mayEdit && <EditAction call={calls.update} onClick={() => setEditing({ row })} />}
                    {mayRemove && (
                      <DeleteAction
                        call={calls.remove}
                        title={say('deleteTitle')}
                        description={say('deleteConfirm', { name: nameOf(row) })}
                        onConfirm={() => remove.mutateAsync({ ids: [row.id], one: row })}
                      />
                    )}
                  </>
                ),
              }
            : undefined
        }
        rowSelection={
          mayRemove
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        scroll={{ x: scrollX }}
        emptyText={hasFilters ? t('common.noMatch') : say('empty')}
        emptyAction={!hasFilters && addButton}
      />
      <Form row={editing?.row} open={editing !== null} onClose={() => setEditing(null)} />
    </section>
  );
}
