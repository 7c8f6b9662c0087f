import { PASSWORD_MAX, type User } from '@roompilot/contract';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import type { HotelTarget } from '../../app/screenQueries';
import { FormModal } from '../../components/FormModal';
import { confirmRules, newPasswordRules } from '../../components/passwordRules';

interface Values {
  password: string;
  confirm: string;
}

/** Sets another user's password: the rule explained, typed twice; the user's sessions end. */
export function ResetPasswordModal({
  user,
  onClose,
  target,
}: {
  user: User | undefined;
  onClose: () => void;
  target: HotelTarget;
}) {
  const { t } = useTranslation();
  const name = user?.user_name ?? '';
  return (
    <FormModal<Values, null>
      title={t('users.resetTitle', { name })}
      open={user !== undefined}
      onClose={onClose}
      name="reset"
      initialValues={{}}
      save={(values) => api.users.resetPassword({ id: user?.id ?? 0, password: values.password, ...target })}
      savedMessage={() => t('users.resetDone', { name })}
      invalidates={[]}
    >
      <Alert className="rp-people__notice" type="info" showIcon message={t('users.resetHint')} />
      <Form.Item
        name="password"
        label={t('users.field.newPassword')}
        extra={t('common.passwordRule')}
        rules={newPasswordRules(t)}
      >
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('users.field.confirm')} dependencies={['password']} rules={confirmRules(t)}>
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
