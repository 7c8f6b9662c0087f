import {
  type Hotel,
  type HotelAddBody,
  USER_NAME_MAX,
  USER_NAME_MIN,
  USER_NAME_PATTERN,
  WELCOME_WORD_MAX,
} from '@roompilot/contract';
import { Checkbox, DatePicker, Divider, Form, Input, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { FormModal } from '../../components/FormModal';
import { newPasswordRules } from '../../components/passwordRules';

interface Values {
  hotel_name: string;
  province?: string;
  city?: string;
  area?: string;
  address?: string;
  welcome_word?: string;
  validdate?: Dayjs | null;
  two_factor_required?: boolean;
  withManager?: boolean;
  manager?: { user_name: string; password: string; nick_name?: string };
}

interface Props {
  /** The hotel to edit; undefined to add one. */
  hotel?: Hotel;
  open: boolean;
  onClose: () => void;
}

const DATE = 'YYYY-MM-DD';

/** Add a hotel (optionally with its first manager) or edit one. */
export function HotelFormModal({ hotel, open, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const withManager = Form.useWatch('withManager', form);
  const editing = hotel !== undefined;

  const save = (values: Values) => {
    const fields = {
      hotel_name: values.hotel_name.trim(),
      province: values.province?.trim() ?? '',
      city: values.city?.trim() ?? '',
      area: values.area?.trim() ?? '',
      address: values.address?.trim() ?? '',
      welcome_word: values.welcome_word ?? '',
      validdate: values.validdate ? values.validdate.format(DATE) : null,
      two_factor_required: values.two_factor_required ?? false,
    };
    if (editing) return api.hotels.update({ hotel_id: hotel.hotel_id, ...fields });
    const body: HotelAddBody = { ...fields };
    if (values.withManager && values.manager) {
      const { user_name, password, nick_name } = values.manager;
      body.manager = {
        user_name: user_name.trim(),
        password,
        ...(nick_name?.trim() ? { nick_name: nick_name.trim() } : {}),
      };
    }
    return api.hotels.add(body);
  };

  return (
    <FormModal<Values, Hotel>
      title={t(editing ? 'hotels.editTitle' : 'hotels.addTitle')}
      open={open}
      onClose={onClose}
      name="hotel"
      form={form}
      initialValues={
        hotel
          ? { ...hotel, validdate: hotel.validdate ? dayjs(hotel.validdate, DATE) : null }
          : { validdate: dayjs().add(1, 'year'), two_factor_required: false, withManager: true }
      }
      save={save}
      savedMessage={() => t(editing ? 'common.saved' : 'hotels.added')}
      invalidates={[['hotels'], ['validity']]}
      width={560}
    >
      <Form.Item
        name="hotel_name"
        label={t('hotels.name')}
        rules={[{ required: true, whitespace: true, message: t('hotels.nameRequired') }]}
      >
        <Input maxLength={128} />
      </Form.Item>
      <div className="rp-form-row">
        <Form.Item name="province" label={t('hotels.province')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="city" label={t('hotels.city')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="area" label={t('hotels.area')}>
          <Input maxLength={64} />
        </Form.Item>
      </div>
      <Form.Item name="address" label={t('hotels.address')}>
        <Input maxLength={256} />
      </Form.Item>
      <Form.Item name="welcome_word" label={t('hotels.welcomeWord')}>
        <Input.TextArea maxLength={WELCOME_WORD_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="validdate" label={t('hotels.validdate')} extra={t('hotels.validdateHelp')}>
        <DatePicker className="rp-full-width" allowClear placeholder={t('validity.unlimited')} />
      </Form.Item>
      <Form.Item
        name="two_factor_required"
        label={t('hotels.twoFactorRequired')}
        valuePropName="checked"
        extra={t('hotels.twoFactorRequiredHelp')}
      >
        <Switch />
      </Form.Item>
      {!editing && (
        <>
          <Divider className="rp-form-divider" />
          <Form.Item name="withManager" valuePropName="checked">
            <Checkbox>{t('hotels.withManager')}</Checkbox>
          </Form.Item>
          {withManager && (
            <div className="rp-form-row">
              <Form.Item
                name={['manager', 'user_name']}
                label={t('hotels.managerUserName')}
                extra={t('hotels.managerUserNameRule')}
                rules={[
                  { required: true, whitespace: true, message: t('hotels.managerUserNameRequired') },
                  { min: USER_NAME_MIN, max: USER_NAME_MAX, message: t('hotels.managerUserNameInvalid') },
                  { pattern: new RegExp(USER_NAME_PATTERN), message: t('hotels.managerUserNameInvalid') },
                ]}
              >
                <Input maxLength={USER_NAME_MAX} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name={['manager', 'password']}
                label={t('hotels.managerPassword')}
                extra={t('common.passwordRule')}
                rules={newPasswordRules(t, t('hotels.managerPasswordRequired'))}
              >
                <Input.Password maxLength={128} autoComplete="new-password" />
              </Form.Item>
              <Form.Item name={['manager', 'nick_name']} label={t('hotels.managerNickName')}>
                <Input maxLength={64} />
              </Form.Item>
            </div>
          )}
        </>
      )}
    </FormModal>
  );
}
