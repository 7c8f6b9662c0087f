import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import {
  AC_MODES,
  type AirPolicy,
  FAN_SPEEDS,
  isMonthDay,
  RUN_MINUTES_MAX,
  SEASONS,
  SETBACK_MINUTES_MAX,
  SETPOINT_MAX,
  SETPOINT_MIN,
  SETPOINT_STEP,
  type Season,
  seasonOf,
  seasonsOverlap,
  UNSOLD_ACTIONS,
} from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  type FormInstance,
  type GetProps,
  Input,
  InputNumber,
  Modal,
  Radio,
  Skeleton,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useMayCall } from '../../app/permissions';
import { airPolicyQuery, asQuery } from '../../app/screenQueries';
import { CallAction } from '../../components/CallAction';
import { QueryFailed } from '../../components/QueryFailed';
import type { MessageKey } from '../../locales/types';
import { LIMIT_RENTS, type PolicyChange, policyChanges, updateBodyOf } from './policyDiff';
import './airpolicy.css';

const POLICY_KEY = airPolicyQuery().queryKey;
const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

/**
 * Air-conditioning energy saving (pm_config): the hotel's policy, which the server enforces on
 * every room: seasons by dates, what a guest may choose in each season, setback when the card is
 * out, the window, rooms not sold, check-in, and the longest run with nobody in. Saving shows
 * what changes first.
 */
export default function AirPolicyPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AirPolicy>();
  const [confirming, setConfirming] = useState<{ edited: AirPolicy; changes: PolicyChange[] } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const canSave = useMayCall('airPolicy.update').allowed;
  const policy = useQuery(asQuery(airPolicyQuery()));

  const save = useMutation({
    mutationFn: (edited: AirPolicy) =>
      api.airPolicy.update(updateBodyOf(edited, confirming?.changes ?? policyChanges(policy.data ?? edited, edited))),
    onSuccess: (saved) => {
      queryClient.setQueryData(POLICY_KEY, saved);
      form.setFieldsValue(saved);
      setConfirming(null);
      message.success(t('airpolicy.saved'));
    },
  });

  const review = (edited: AirPolicy) => {
    if (!policy.data) return;
    if (seasonsOverlap(edited.seasons.cooling, edited.seasons.heating)) {
      setFormError(t('airpolicy.seasonsOverlap'));
      return;
    }
    setFormError(null);
    const changes = policyChanges(policy.data, edited);
    if (changes.length === 0) {
      message.success(t('airpolicy.noChanges'));
      return;
    }
    setConfirming({ edited, changes });
  };

  const today = policy.data ? seasonOf(policy.data.seasons, new Date()) : null;

  return (
    <section className="rp-page rp-airpolicy">
      <div className="rp-toolbar">
        <h1 className="rp-page__title">{t('route.pm_config')}</h1>
        {today && (
          <span className="rp-airpolicy__today" role="status">
            {t('airpolicy.today', { season: t(`airpolicy.season.${today}`) })}
          </span>
        )}
      </div>
      <Typography.Paragraph type="secondary">{t('airpolicy.intro')}</Typography.Paragraph>
      {!canSave && <Alert className="rp-page__alert" type="info" showIcon title={t('airpolicy.readOnly')} />}
      {policy.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : policy.error ? (
        <QueryFailed error={policy.error} onRetry={() => void policy.refetch()} retrying={policy.isFetching} />
      ) : (
        <Form<AirPolicy>
          form={form}
          name="air-policy"
          layout="vertical"
          initialValues={policy.data}
          disabled={!canSave}
          onFinish={review}
          onFinishFailed={() => setFormError(t('airpolicy.fixErrors'))}
          scrollToFirstError
        >
          <fieldset className="rp-airpolicy__group">
            <legend>{t('airpolicy.seasons')}</legend>
            <Typography.Paragraph type="secondary">{t('airpolicy.seasonsHelp')}</Typography.Paragraph>
            <div className="rp-airpolicy__grid">
              {(['cooling', 'heating'] as const).flatMap((season) =>
                (['from', 'to'] as const).map((end) => (
                  <Form.Item
                    key={`${season}.${end}`}
                    name={['seasons', season, end]}
                    label={t(`airpolicy.seasonDate.${season}.${end}`)}
                    rules={[
                      { required: true, message: t('airpolicy.dateRequired') },
                      {
                        validator: async (_rule, value: string) => {
                          if (value && !(MONTH_DAY.test(value) && isMonthDay(value))) {
                            throw new Error(t('airpolicy.badDate'));
                          }
                        },
                      },
                    ]}
                  >
                    <Input placeholder="MM-DD" maxLength={5} inputMode="numeric" />
                  </Form.Item>
                )),
              )}
            </div>
          </fieldset>

          <fieldset className="rp-airpolicy__group">
            <legend>{t('airpolicy.presence')}</legend>
            <div className="rp-airpolicy__grid">
              <MinutesItem name="card_out_setback_min" max={SETBACK_MINUTES_MAX} />
              <SetpointItem name="setback_cool" />
              <SetpointItem name="setback_heat" />
              <MinutesItem name="max_run_min" max={RUN_MINUTES_MAX} />
            </div>
          </fieldset>

          <fieldset className="rp-airpolicy__group">
            <legend>{t('airpolicy.rooms')}</legend>
            <Form.Item
              name="window_off"
              label={t('airpolicy.field.window_off')}
              extra={t('airpolicy.field.window_off.help')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item name="unsold" label={t('airpolicy.field.unsold')} extra={t('airpolicy.field.unsold.help')}>
              <Radio.Group
                optionType="button"
                options={UNSOLD_ACTIONS.map((value) => ({ value, label: t(`airpolicy.unsold.${value}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="checkin_precondition"
              label={t('airpolicy.field.checkin_precondition')}
              extra={t('airpolicy.field.checkin_precondition.help')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </fieldset>

          <fieldset className="rp-airpolicy__group">
            <legend>{t('airpolicy.limits')}</legend>
            <Typography.Paragraph type="secondary">{t('airpolicy.limitsHelp')}</Typography.Paragraph>
            <Tabs
              defaultActiveKey={today ?? 'cooling'}
              items={SEASONS.map((season) => ({
                key: season,
                label: t(`airpolicy.season.${season}`),
                forceRender: true,
                children: <SeasonLimits season={season} form={form} />,
              }))}
            />
          </fieldset>

          {formError && <Alert className="rp-page__alert" type="error" showIcon title={formError} />}
          <div className="rp-airpolicy__actions">
            <Button
              icon={<UndoOutlined />}
              onClick={() => {
                form.resetFields();
                setFormError(null);
              }}
            >
              {t('airpolicy.reset')}
            </Button>
            <CallAction call="airPolicy.update">
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />}>
                {t('common.save')}
              </Button>
            </CallAction>
          </div>
        </Form>
      )}
      <Modal
        open={confirming !== null}
        title={t('airpolicy.confirmTitle')}
        okText={t('airpolicy.confirmSave')}
        cancelText={t('common.cancel')}
        okButtonProps={{ ...{ 'data-call': 'airPolicy.update' } }}
        confirmLoading={save.isPending}
        onOk={() => confirming && save.mutate(confirming.edited)}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {t('airpolicy.confirmText', { count: confirming?.changes.length ?? 0 })}
        </Typography.Paragraph>
        <ul className="rp-airpolicy__changes">
          {confirming?.changes.map((change) => (
            <ChangeLine key={change.path} change={change} />
          ))}
        </ul>
      </Modal>
    </section>
  );
}

function MinutesItem({ name, max }: { name: 'card_out_setback_min' | 'max_run_min'; max: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(`airpolicy.field.${name}`)}
      extra={t(`airpolicy.field.${name}.help`)}
      rules={[{ required: true, message: t('airpolicy.minutesRequired', { max }) }]}
    >
      <InputNumber min={0} max={max} precision={0} suffix={t('airpolicy.minutes')} className="rp-full-width" />
    </Form.Item>
  );
}

function SetpointItem({ name }: { name: 'setback_cool' | 'setback_heat' }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(`airpolicy.field.${name}`)}
      extra={t(`airpolicy.field.${name}.help`)}
      rules={[{ required: true, message: t('airpolicy.setpointRequired', { min: SETPOINT_MIN, max: SETPOINT_MAX }) }]}
    >
      <SetpointInput />
    </Form.Item>
  );
}

function SetpointInput(props: { value?: number; onChange?: (value: number | null) => void; id?: string }) {
  return (
    <InputNumber
      {...props}
      min={SETPOINT_MIN}
      max={SETPOINT_MAX}
      step={SETPOINT_STEP}
      precision={1}
      suffix="°C"
      className="rp-full-width"
    />
  );
}

/** A season's limits of a checked-in and of a sold room. */
function SeasonLimits({ season, form }: { season: Season; form: FormInstance<AirPolicy> }) {
  const { t } = useTranslation();
  return (
    <div className="rp-airpolicy__limits">
      {LIMIT_RENTS.map((rent) => {
        const base = ['limits', season, rent] as const;
        const inOrder = async () => {
          const min = form.getFieldValue([...base, 'set_min']) as number | null;
          const value = form.getFieldValue([...base, 'set_default']) as number | null;
          const max = form.getFieldValue([...base, 'set_max']) as number | null;
          if (min !== null && value !== null && max !== null && !(min <= value && value <= max)) {
            throw new Error(t('airpolicy.setpointOrder'));
          }
        };
        const setpoint = (field: 'set_min' | 'set_default' | 'set_max') => (
          <Form.Item
            name={[...base, field]}
            label={t(`airpolicy.field.${field}`)}
            dependencies={[
              [...base, 'set_min'],
              [...base, 'set_default'],
              [...base, 'set_max'],
            ]}
            rules={[
              { required: true, message: t('airpolicy.setpointRequired', { min: SETPOINT_MIN, max: SETPOINT_MAX }) },
              ...(field === 'set_default' ? [{ validator: inOrder }] : []),
            ]}
          >
            <SetpointInput />
          </Form.Item>
        );
        return (
          <section key={rent} className="rp-airpolicy__rent" aria-label={t(`airpolicy.rentLimits.${rent}`)}>
            <h3 className="rp-airpolicy__rent-title">{t(`airpolicy.rentLimits.${rent}`)}</h3>
            <Form.Item
              name={[...base, 'modes']}
              label={t('airpolicy.field.modes')}
              rules={[{ required: true, type: 'array', min: 1, message: t('airpolicy.pickOne') }]}
            >
              <ChoiceGroup options={AC_MODES.map((mode) => ({ value: mode, label: t(`live.mode.${mode}`) }))} />
            </Form.Item>
            <div className="rp-airpolicy__grid rp-airpolicy__grid--three">
              {setpoint('set_min')}
              {setpoint('set_default')}
              {setpoint('set_max')}
            </div>
            <Form.Item
              name={[...base, 'fans']}
              label={t('airpolicy.field.fans')}
              rules={[{ required: true, type: 'array', min: 1, message: t('airpolicy.pickOne') }]}
            >
              <ChoiceGroup options={FAN_SPEEDS.map((fan) => ({ value: fan, label: t(`live.fan.${fan}`) }))} />
            </Form.Item>
          </section>
        );
      })}
    </div>
  );
}

/**
 * A required set of check boxes. Form.Item marks its control `aria-required`, which a group of
 * check boxes may not carry (ARIA allows it on a radio group, not on a group): the rule's message
 * says what is required, and each box keeps its own label.
 */
function ChoiceGroup({
  'aria-required': _required,
  ...props
}: GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group role="group" {...props} />;
}

/** One change of the confirmation: the field as the form labels it, before → after, in words. */
function ChangeLine({ change }: { change: PolicyChange }) {
  const { t } = useTranslation();
  const [top = '', second = '', third = '', fourth = ''] = change.path.split('.');
  const key = (text: string) => text as MessageKey;
  const label =
    top === 'seasons'
      ? t(key(`airpolicy.seasonDate.${second}.${third}`))
      : top === 'limits'
        ? `${t(key(`airpolicy.season.${second}`))} · ${t(key(`airpolicy.rentLimits.${third}`))} · ${t(key(`airpolicy.field.${fourth}`))}`
        : t(key(`airpolicy.field.${top}`));
  const field = top === 'limits' ? fourth : top === 'seasons' ? third : top;
  const word = (value: unknown): string => {
    if (typeof value === 'boolean') return value ? t('airpolicy.yes') : t('airpolicy.no');
    if (Array.isArray(value)) {
      return value.map((item) => t(key(field === 'modes' ? `live.mode.${item}` : `live.fan.${item}`))).join(', ');
    }
    if (field === 'unsold') return t(key(`airpolicy.unsold.${String(value)}`));
    if (field === 'card_out_setback_min' || field === 'max_run_min') {
      return t('airpolicy.minutesValue', { value: String(value) });
    }
    if (typeof value === 'number') return `${value} °C`;
    return String(value);
  };
  return (
    <li>
      <strong>{label}</strong>: {word(change.before)} → {word(change.after)}
    </li>
  );
}
