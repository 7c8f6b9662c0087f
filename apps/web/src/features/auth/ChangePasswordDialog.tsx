import { PASSWORD_DIALOG_WIDTH, type PasswordBody } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { clearToken } from '../../app/session';
import { newPasswordRules } from '../../components/passwordRules';

interface Props {
  userName: string;
  open: boolean;
  onClose: () => void;
}

/**
 * SPEC.md section 5: old password without a rule, new password required, confirmation required
 * and equal. Success ends every session of the user (API.md), so the console logs out at once.
 */
export function ChangePasswordDialog({ userName, open, onClose }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PasswordBody>();
  const change = useMutation({
    mutationFn: (body: PasswordBody) => api.auth.changePassword(body),
    onSuccess: () => {
      message.success(t('auth.passwordUpdated'));
      onClose();
      clearToken();
      queryClient.removeQueries({ queryKey: ['userinfo'] });
      navigate('/login', { replace: true });
    },
  });

  return (
    <Modal
      title={t('auth.changePassword')}
      open={open}
      width={PASSWORD_DIALOG_WIDTH}
      className="rp-password-dialog"
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      forceRender
    >
      <Form<PasswordBody>
        form={form}
        name="password"
        className="rp-password-form"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => change.mutate({ oldpwd: values.oldpwd ?? '', pwd: values.pwd, pwd2: values.pwd2 })}
      >
        {/* For password managers: the account whose password changes. */}
        <input type="text" name="username" autoComplete="username" value={userName} readOnly hidden />
        <Form.Item name="oldpwd" label={t('auth.oldPassword')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="pwd"
          label={t('auth.newPassword')}
          extra={t('common.passwordRule')}
          rules={newPasswordRules(t, t('auth.newPasswordRequired'))}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="pwd2"
          label={t('auth.confirmPassword')}
          dependencies={['pwd']}
          rules={[
            { required: true, message: t('auth.confirmPasswordRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || value === getFieldValue('pwd')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('auth.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
