import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import type { Department } from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Space, Spin, Tag, Tree } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useMayCall } from '../../app/permissions';
import { departmentsQuery, type HotelTarget } from '../../app/screenQueries';
import { AddButton } from '../../components/CallAction';
import { DeleteAction } from '../../components/DeleteAction';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';
import { EditAction, RowAction } from '../../components/RowActions';
import { formatNumber } from '../../lib/format';
import { usePeopleHotel } from '../users/hotelTarget';
import { type DepartmentEdit, DepartmentFormModal } from './DepartmentFormModal';
import { type DepartmentNode, departmentTree, pathUp } from './tree';
import './departments.css';

/** Departments (pm_dept): the hotel's tree with its users counted; add, rename, move, delete. */
export default function DepartmentsPage() {
  const hotel = usePeopleHotel();
  return (
    <section className="rp-page rp-people">
      {hotel.picker && <div className="rp-toolbar">{hotel.picker}</div>}
      {hotel.waiting ?? <DepartmentsOfHotel key={hotel.key} target={hotel.target} />}
    </section>
  );
}

function DepartmentsOfHotel({ target }: { target: HotelTarget }) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const mayAdd = useMayCall('departments.add').allowed;
  const mayEdit = useMayCall('departments.update').allowed;
  const mayRemove = useMayCall('departments.remove').allowed;
  const [edit, setEdit] = useState<DepartmentEdit | null>(null);
  const query = useQuery({ ...departmentsQuery(target), queryFn: () => departmentsQuery(target).queryFn() });
  const records = query.data?.records ?? [];
  // Open: every department until the user opens or closes one, then the user's choice; a saved
  // department's new parent opens too, so that it shows.
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const expandedKeys = expanded ?? records.map((department) => department.id);
  const reveal = (saved: Department) =>
    setExpanded([...new Set([...expandedKeys, ...pathUp(records, saved.parent_id)])]);

  const remove = useMutation({
    mutationFn: (department: Department) => api.departments.remove({ id: department.id, ...target }),
    onSuccess: (_data, department) => {
      message.success(t('departments.deletedOne', { name: department.name }));
      void queryClient.invalidateQueries({ queryKey: ['departments'] });
    },
  });

  const addButton = (
    <AddButton call="departments.add" onClick={() => setEdit({ add: true })}>
      {t('departments.add')}
    </AddButton>
  );

  const nodeTitle = (node: DepartmentNode) => {
    const { department } = node;
    return (
      <div className="rp-dept">
        <span className="rp-dept__name">{department.name}</span>
        <Tag
          className="rp-dept__count"
          title={t('departments.usersHint', {
            own: formatNumber(department.user_count),
            total: formatNumber(department.user_total),
          })}
        >
          {t('departments.users', { total: formatNumber(department.user_total) })}
        </Tag>
        <Space
          size={0}
          wrap
          className="rp-dept__actions"
          role="group"
          aria-label={t('departments.actionsOf', { name: department.name })}
          onClick={(event) => event.stopPropagation()}
        >
          {mayAdd && (
            <RowAction
              call="departments.add"
              icon={<PlusOutlined />}
              onClick={() => setEdit({ add: true, parent: department })}
            >
              {t('departments.addChild')}
            </RowAction>
          )}
          {mayEdit && <EditAction call="departments.update" onClick={() => setEdit({ add: false, department })} />}
          {mayRemove && (
            <DeleteAction
              call="departments.remove"
              title={t('departments.deleteTitle')}
              description={t('departments.deleteConfirm', { name: department.name })}
              onConfirm={() => remove.mutateAsync(department)}
            />
          )}
        </Space>
      </div>
    );
  };

  let body: ReactNode;
  if (query.isError && !query.data) {
    body = <QueryFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (query.isPending) {
    body = <Spin className="rp-people__waiting" />;
  } else if (records.length === 0) {
    body = <EmptyState description={t('departments.empty')} action={addButton} />;
  } else {
    body = (
      <Tree<DepartmentNode>
        className="rp-dept-tree"
        blockNode
        expandedKeys={expandedKeys}
        onExpand={setExpanded}
        selectable={false}
        showLine
        icon={<ApartmentOutlined />}
        treeData={departmentTree(records)}
        titleRender={nodeTitle}
      />
    );
  }

  return (
    <>
      <div className="rp-toolbar">
        <Space wrap>{addButton}</Space>
        <p className="rp-toolbar__hint">{t('departments.hint')}</p>
      </div>
      {body}
      <DepartmentFormModal
        edit={edit}
        onClose={() => setEdit(null)}
        onSaved={reveal}
        departments={records}
        target={target}
      />
    </>
  );
}
