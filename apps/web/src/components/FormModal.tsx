import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, type FormInstance, type FormProps, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../app/feedback';

interface Props<Values, Saved> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The form's name: its fields' ids are `<name>_<field>`. */
  name: string;
  initialValues: FormProps<Values>['initialValues'];
  /** The form, when its fields watch each other (`Form.useWatch`); one of its own otherwise. */
  form?: FormInstance<Values>;
  /** Sends the checked values. A refusal has been shown by the http client; the dialog stays open. */
  save: (values: Values) => Promise<Saved>;
  /** The toast once saved. */
  savedMessage: (saved: Saved) => string;
  /** The lists that show what was saved. */
  invalidates: QueryKey[];
  /** After saving, once the dialog is closed. */
  onSaved?: (saved: Saved) => void;
  width?: number;
  /** The Form.Items. */
  children: ReactNode;
}

/**
 * A dialog around one form that saves through one call: Save checks the fields, sends them and,
 * once saved, tells the user, refreshes the lists and closes; every opening starts from
 * `initialValues`.
 */
export function FormModal<Values, Saved>({
  title,
  open,
  onClose,
  name,
  initialValues,
  form: givenForm,
  save,
  savedMessage,
  invalidates,
  onSaved,
  width,
  children,
}: Props<Values, Saved>) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>(givenForm);

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      message.success(savedMessage(saved));
      for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
      onClose();
      onSaved?.(saved);
    },
  });

  return (
    <Modal
      title={title}
      open={open}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={width}
    >
      <Form<Values>
        form={form}
        name={name}
        layout="vertical"
        preserve={false}
        // The closed dialog's form is destroyed with its values: without this, the next opening
        // would show the previous row's values over its own initialValues.
        clearOnDestroy
        initialValues={initialValues}
        onFinish={(values) => mutation.mutate(values)}
      >
        {children}
      </Form>
    </Modal>
  );
}
