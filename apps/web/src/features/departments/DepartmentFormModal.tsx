import { DEPARTMENT_NAME_MAX, DEPARTMENT_SORT_MAX, type Department } from '@roompilot/contract';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import type { HotelTarget } from '../../app/screenQueries';
import { FormModal } from '../../components/FormModal';
import { departmentTree } from './tree';

interface Values {
  name: string;
  /** 0: at the top (a TreeSelect value of its own, as null cannot be one). */
  parent_id: number;
  sort: number;
}

const TOP = 0;

/** What the dialog does: add at the top or below a department, or edit (rename, reorder, move) one. */
export type DepartmentEdit = { add: true; parent?: Department } | { add: false; department: Department };

interface Props {
  edit: DepartmentEdit | null;
  onClose: () => void;
  /** Once saved (added, or edited: maybe moved), with the department as it is now. */
  onSaved?: (saved: Department) => void;
  departments: readonly Department[];
  target: HotelTarget;
}

/** Adds or edits a department: its name, where it sits in the tree, its order among its siblings. */
export function DepartmentFormModal({ edit, onClose, onSaved, departments, target }: Props) {
  const { t } = useTranslation();
  const editing = edit?.add === false ? edit.department : undefined;
  const parent = edit?.add ? edit.parent : undefined;
  const title = editing
    ? t('departments.editTitle')
    : parent
      ? t('departments.addChildTitle', { name: parent.name })
      : t('departments.addTitle');
  const parents = [{ key: TOP, value: TOP, title: t('departments.top') }, ...departmentTree(departments, editing?.id)];

  const save = (values: Values) => {
    const fields = {
      name: values.name.trim(),
      parent_id: values.parent_id === TOP ? null : values.parent_id,
      sort: values.sort ?? 0,
      ...target,
    };
    return editing ? api.departments.update({ id: editing.id, ...fields }) : api.departments.add(fields);
  };

  return (
    <FormModal<Values, Department>
      title={title}
      open={edit !== null}
      onClose={onClose}
      name="department"
      initialValues={
        editing
          ? { name: editing.name, parent_id: editing.parent_id ?? TOP, sort: editing.sort }
          : { parent_id: parent?.id ?? TOP, sort: 0 }
      }
      save={save}
      savedMessage={(saved) => t(editing ? 'common.saved' : 'departments.added', { name: saved.name })}
      invalidates={[['departments'], ['users']]}
      onSaved={onSaved}
    >
      <Form.Item
        name="name"
        label={t('departments.name')}
        rules={[{ required: true, whitespace: true, message: t('departments.nameRequired') }]}
      >
        <Input maxLength={DEPARTMENT_NAME_MAX} />
      </Form.Item>
      <Form.Item name="parent_id" label={t('departments.parent')}>
        <TreeSelect showSearch treeNodeFilterProp="title" treeDefaultExpandAll treeData={parents} />
      </Form.Item>
      <Form.Item name="sort" label={t('departments.sort')} extra={t('departments.sortHelp')}>
        <InputNumber min={0} max={DEPARTMENT_SORT_MAX} precision={0} className="rp-full-width" />
      </Form.Item>
    </FormModal>
  );
}
