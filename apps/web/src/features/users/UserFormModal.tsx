import {
  EMAIL_MAX,
  NICK_NAME_MAX,
  PASSWORD_MAX,
  PHONE_MAX,
  USER_GROUP_MAX,
  USER_NAME_MAX,
  USER_NAME_MIN,
  USER_NAME_PATTERN,
  USER_ROLES_MAX,
  USER_SEXES,
  type User,
  type UserSex,
} from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { departmentsQuery, type HotelTarget, roleOptionsQuery } from '../../app/screenQueries';
import { FormModal } from '../../components/FormModal';
import { confirmRules, newPasswordRules } from '../../components/passwordRules';
import { departmentTree } from '../departments/tree';

interface Values {
  user_name: string;
  password?: string;
  confirm?: string;
  nick_name?: string;
  sex: UserSex;
  phone?: string;
  email?: string;
  dept_id?: number | null;
  role_ids: number[];
  group?: string;
  enabled: boolean;
}

interface Props {
  /** The user to edit; none to add one. */
  user?: User;
  open: boolean;
  onClose: () => void;
  target: HotelTarget;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+() -]*$/;

/** Add or edit a user: its login, who it is, its department and roles; a new user's password. */
export function UserFormModal({ user, open, onClose, target }: Props) {
  const { t } = useTranslation();
  const editing = user !== undefined;
  const departments = useQuery({
    ...departmentsQuery(target),
    queryFn: () => departmentsQuery(target).queryFn(),
    enabled: open,
  });
  const roles = useQuery({
    ...roleOptionsQuery(target),
    queryFn: () => roleOptionsQuery(target).queryFn(),
    enabled: open,
  });

  const save = (values: Values) => {
    const fields = {
      user_name: values.user_name.trim(),
      nick_name: values.nick_name?.trim() ?? '',
      sex: values.sex,
      phone: values.phone?.trim() ?? '',
      email: values.email?.trim() ?? '',
      dept_id: values.dept_id ?? null,
      role_ids: values.role_ids ?? [],
      group: values.group?.trim() ?? '',
      state: values.enabled ? ('enabled' as const) : ('disabled' as const),
      ...target,
    };
    return editing
      ? api.users.update({ id: user.id, ...fields })
      : api.users.add({ ...fields, password: values.password ?? '' });
  };

  const initialValues: Partial<Values> = user
    ? {
        user_name: user.user_name,
        nick_name: user.nick_name,
        sex: user.sex,
        phone: user.phone,
        email: user.email,
        dept_id: user.dept_id,
        role_ids: user.roles.map((role) => role.id),
        group: user.group,
        enabled: user.state === 'enabled',
      }
    : { sex: '', role_ids: [], enabled: true };

  return (
    <FormModal<Values, User>
      title={t(editing ? 'users.editTitle' : 'users.addTitle')}
      open={open}
      onClose={onClose}
      name="user"
      initialValues={initialValues}
      save={save}
      savedMessage={(saved) => t(editing ? 'common.saved' : 'users.added', { name: saved.user_name })}
      invalidates={[['users'], ['departments']]}
      width={560}
    >
      <div className="rp-form-row rp-form-row--two">
        <Form.Item
          name="user_name"
          label={t('users.field.user_name')}
          extra={t('users.userNameRule')}
          rules={[
            { required: true, whitespace: true, message: t('users.userNameRequired') },
            { min: USER_NAME_MIN, max: USER_NAME_MAX, message: t('users.userNameInvalid') },
            { pattern: new RegExp(USER_NAME_PATTERN), message: t('users.userNameInvalid') },
          ]}
        >
          <Input maxLength={USER_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="nick_name" label={t('users.field.nick_name')}>
          <Input maxLength={NICK_NAME_MAX} />
        </Form.Item>
      </div>
      {!editing && (
        <div className="rp-form-row rp-form-row--two">
          <Form.Item
            name="password"
            label={t('users.field.password')}
            extra={t('common.passwordRule')}
            rules={newPasswordRules(t)}
          >
            <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('users.field.confirm')}
            dependencies={['password']}
            rules={confirmRules(t)}
          >
            <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
        </div>
      )}
      <Form.Item name="dept_id" label={t('users.field.dept')}>
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('users.noDept')}
          loading={departments.isPending}
          treeData={departmentTree(departments.data?.records ?? [])}
        />
      </Form.Item>
      <Form.Item
        name="role_ids"
        label={t('users.field.roles')}
        extra={t('users.rolesHelp')}
        rules={[{ type: 'array', max: USER_ROLES_MAX }]}
      >
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          loading={roles.isPending}
          options={(roles.data?.records ?? []).map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
      <div className="rp-form-row rp-form-row--two">
        <Form.Item
          name="phone"
          label={t('users.field.phone')}
          rules={[{ pattern: PHONE, message: t('users.phoneInvalid') }]}
        >
          <Input maxLength={PHONE_MAX} inputMode="tel" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('users.field.email')}
          rules={[{ pattern: EMAIL, message: t('users.emailInvalid') }]}
        >
          <Input maxLength={EMAIL_MAX} inputMode="email" />
        </Form.Item>
      </div>
      <div className="rp-form-row rp-form-row--two">
        <Form.Item name="group" label={t('users.field.group')} extra={t('users.groupHelp')}>
          <Input maxLength={USER_GROUP_MAX} />
        </Form.Item>
        <Form.Item name="sex" label={t('users.field.sex')}>
          <Radio.Group options={USER_SEXES.map((sex) => ({ value: sex, label: t(`users.sex.${sex || 'unknown'}`) }))} />
        </Form.Item>
      </div>
      <Form.Item name="enabled" label={t('users.field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
