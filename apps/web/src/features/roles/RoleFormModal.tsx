import { ROLE_NAME_MAX, type Role, type RolePerm } from '@roompilot/contract';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useCurrentUser } from '../../app/user';
import { FormModal } from '../../components/FormModal';
import { PermissionPicker } from './PermissionPicker';

interface Values {
  name: string;
  perms: RolePerm[];
}

interface Props {
  /** The role to edit; none to add one. */
  role?: Role;
  open: boolean;
  onClose: () => void;
}

/** Adds a role or edits one: its name and its permissions. */
export function RoleFormModal({ role, open, onClose }: Props) {
  const { t } = useTranslation();
  const { info } = useCurrentUser();
  const editing = role !== undefined;
  // Role names are unique in a hotel, and the user info names the user's roles.
  const ownRole = editing && info.roles.includes(role.name);

  const save = (values: Values) => {
    const fields = { name: values.name.trim(), perms: values.perms };
    return editing ? api.roles.update({ id: role.id, ...fields }) : api.roles.add(fields);
  };

  return (
    <FormModal<Values, Role>
      title={t(editing ? 'roles.editTitle' : 'roles.addTitle')}
      open={open}
      onClose={onClose}
      name="role"
      initialValues={role ? { name: role.name, perms: role.perms as RolePerm[] } : { name: '', perms: [] }}
      save={save}
      savedMessage={(saved) => t(editing ? 'roles.saved' : 'roles.added', { name: saved.name })}
      invalidates={[['roles']]}
      width={760}
    >
      {ownRole && <Alert type="warning" showIcon className="rp-page__alert" title={t('roles.ownRole')} />}
      <Form.Item
        name="name"
        label={t('roles.name')}
        rules={[{ required: true, whitespace: true, message: t('roles.nameRequired') }]}
      >
        <Input maxLength={ROLE_NAME_MAX} />
      </Form.Item>
      <Form.Item name="perms" label={t('roles.perms')}>
        <PermissionPicker />
      </Form.Item>
    </FormModal>
  );
}
