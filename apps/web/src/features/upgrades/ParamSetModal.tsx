import { CopyOutlined } from '@ant-design/icons';
import { paramSpecOf, paramValueProblem, RCU_PARAMS, type UpgradeFile } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { CallAction } from '../../components/CallAction';
import { FormModal } from '../../components/FormModal';
import { coerce, type ParamKind } from '../control/params';
import { paramLabel, rangeText, unitText, valueLabel } from '../control/paramText';
import { VersionFields } from './parts';

interface Props {
  open: boolean;
  onClose: () => void;
  /** A saved set, shown read-only; none: a new set in a form. */
  viewing?: UpgradeFile;
  /** A new set's form starts from these parameters (a saved set copied). */
  copyOf?: Record<string, unknown>;
  /** The read-only view offers to copy its parameters into a new set. */
  onCopy?: (params: Record<string, unknown>) => void;
}

interface Values {
  version: string;
  notes?: string;
  params: Record<string, string | undefined>;
}

const KEYS = Object.keys(RCU_PARAMS);

function kindOfSpec(key: string): ParamKind {
  const spec = paramSpecOf(key);
  if (!spec) return 'string';
  if (spec.type === 'integer' || spec.type === 'number') return 'number';
  return spec.type;
}

/** The form's text back to the parameter's type, or why it cannot be sent (checked before sending). */
export function paramValue(key: string, text: string): { value: unknown } | { problem: string } {
  const coerced = coerce(kindOfSpec(key), text);
  if (!coerced.ok) return { problem: coerced.problem };
  const problem = paramValueProblem(key, coerced.value);
  return problem ? { problem: problem === 'type' ? 'integer' : problem } : { value: coerced.value };
}

/** A parameter set: each RCU parameter left out or set within its range; saved once, read-only after. */
export function ParamSetModal({ open, onClose, viewing, copyOf, onCopy }: Props) {
  return viewing ? (
    <ParamSetView open={open} onClose={onClose} file={viewing} onCopy={onCopy} />
  ) : (
    <ParamSetForm open={open} onClose={onClose} copyOf={copyOf} />
  );
}

/** A saved set's values as the form's texts (every field is typed in as text). */
function formTexts(params: Record<string, unknown> | undefined): Values['params'] {
  return Object.fromEntries(Object.entries(params ?? {}).map(([key, value]) => [key, String(value)]));
}

function ParamSetForm({
  open,
  onClose,
  copyOf,
}: {
  open: boolean;
  onClose: () => void;
  copyOf?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormModal<Values, UpgradeFile>
      title={t('upgrades.param.addTitle')}
      open={open}
      onClose={onClose}
      name="upgrade-params"
      form={form}
      initialValues={{ params: formTexts(copyOf) }}
      width={620}
      save={(values) => {
        const params: Record<string, unknown> = {};
        for (const key of KEYS) {
          const text = values.params?.[key];
          if (text === undefined || String(text).trim() === '') continue;
          const checked = paramValue(key, String(text));
          if ('value' in checked) params[key] = checked.value;
        }
        return api.upgrades.paramAdd({
          version: values.version.trim(),
          ...(values.notes?.trim() ? { notes: values.notes.trim() } : {}),
          params,
        });
      }}
      savedMessage={(saved) => t('upgrades.param.saved', { version: saved.version })}
      invalidates={[['upgradefiles']]}
    >
      <VersionFields example="p-1" />
      <p className="rp-muted">{t('upgrades.param.formHelp')}</p>
      {KEYS.map((key, index) => {
        const spec = paramSpecOf(key);
        const label = paramLabel({ key, spec }, t);
        const range = rangeText(spec, t);
        return (
          <Form.Item
            key={key}
            name={['params', key]}
            label={label}
            extra={range || undefined}
            dependencies={index === 0 ? KEYS.slice(1).map((other) => ['params', other]) : undefined}
            rules={[
              {
                validator: async (_rule, text: string | undefined) => {
                  if (text === undefined || String(text).trim() === '') {
                    if (index === 0) {
                      const all = form.getFieldValue('params') as Values['params'] | undefined;
                      const any = KEYS.some((other) => (all?.[other] ?? '').toString().trim() !== '');
                      if (!any) throw new Error(t('upgrades.param.none'));
                    }
                    return;
                  }
                  const checked = paramValue(key, String(text));
                  if ('problem' in checked)
                    throw new Error(t(`control.params.problem.${checked.problem}` as 'control.params.problem.range'));
                },
              },
            ]}
          >
            {spec?.type === 'enum' ? (
              <Select
                aria-label={label}
                allowClear
                placeholder={t('upgrades.param.unset')}
                options={spec.values.map((value) => ({ value, label: valueLabel(key, value, t) }))}
              />
            ) : spec?.type === 'boolean' ? (
              <Select
                aria-label={label}
                allowClear
                placeholder={t('upgrades.param.unset')}
                options={[
                  { value: 'true', label: t('upgrades.param.yes') },
                  { value: 'false', label: t('upgrades.param.no') },
                ]}
              />
            ) : (
              <Input
                inputMode={spec?.type === 'string' ? undefined : 'numeric'}
                placeholder={t('upgrades.param.unset')}
                suffix={unitText(spec, t) || undefined}
                autoComplete="off"
              />
            )}
          </Form.Item>
        );
      })}
    </FormModal>
  );
}

function ParamSetView({
  open,
  onClose,
  file,
  onCopy,
}: {
  open: boolean;
  onClose: () => void;
  file: UpgradeFile;
  onCopy?: (params: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['upgradefileparams', file.id],
    queryFn: () => api.upgrades.fileParams({ id: file.id }),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const shown = (key: string, value: unknown) => {
    const spec = paramSpecOf(key);
    if (spec?.type === 'enum') return valueLabel(key, String(value), t);
    if (spec?.type === 'boolean') return t(value === true ? 'upgrades.param.yes' : 'upgrades.param.no');
    const unit = unitText(spec, t);
    return unit ? `${String(value)} ${unit}` : typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  return (
    <Modal
      title={t('upgrades.param.viewTitle', { version: file.version })}
      open={open}
      onCancel={onClose}
      footer={
        onCopy && query.data ? (
          <CallAction call="upgrades.paramAdd" refused="hide">
            <Button icon={<CopyOutlined />} onClick={() => query.data && onCopy(query.data.params)}>
              {t('upgrades.param.copy')}
            </Button>
          </CallAction>
        ) : null
      }
      width={560}
      destroyOnHidden
    >
      {query.isPending ? (
        <Spin />
      ) : query.isError ? (
        <Alert type="error" showIcon title={query.error.message} />
      ) : (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={Object.entries(query.data.params).map(([key, value]) => ({
            key,
            label: paramLabel({ key, spec: paramSpecOf(key) }, t),
            children: shown(key, value),
          }))}
        />
      )}
    </Modal>
  );
}
