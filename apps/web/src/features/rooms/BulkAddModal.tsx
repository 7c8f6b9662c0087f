import { FLOOR_MAX, FLOOR_MIN, ROOM_PATTERN_DEFAULT, ROOMS_BULK_MAX, type RoomsAddResult } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Result, Select, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { formatNumber } from '../../lib/format';
import { effectivePattern, previewBulk } from './bulkPattern';
import { useBuildings, useRoomTypeOptions } from './options';

interface Values {
  building_id?: number;
  room_type_id?: number;
  floor_from?: number | null;
  floor_to?: number | null;
  room_from?: number | null;
  room_to?: number | null;
  pattern?: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Skipped numbers shown before "and N more". */
const SKIPPED_SHOWN = 200;

/** Floors × rooms with a number pattern; existing numbers are skipped and reported. */
export function BulkAddModal({ open, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const buildings = useBuildings();
  const types = useRoomTypeOptions();
  const [result, setResult] = useState<RoomsAddResult | null>(null);
  // A new form each time the dialog opens: it starts empty, with the first building chosen.
  const [round, setRound] = useState(0);
  const values = Form.useWatch([], form) as Values | undefined;
  const firstBuilding = buildings.data?.records[0]?.id;
  // The buildings may arrive after the form: start in the first one, as the server would.
  useEffect(() => {
    if (open && firstBuilding !== undefined && form.getFieldValue('building_id') === undefined) {
      form.setFieldValue('building_id', firstBuilding);
    }
  }, [open, firstBuilding, form]);

  const building = buildings.data?.records.find((candidate) => candidate.id === values?.building_id);
  const numbers = [values?.floor_from, values?.floor_to, values?.room_from, values?.room_to];
  const complete = numbers.every((value) => typeof value === 'number');
  const preview = complete
    ? previewBulk(
        {
          floors: [values?.floor_from ?? 0, values?.floor_to ?? 0],
          rooms: [values?.room_from ?? 0, values?.room_to ?? 0],
          pattern: values?.pattern,
        },
        ROOMS_BULK_MAX,
      )
    : undefined;
  const outsideBuilding =
    building &&
    complete &&
    ((values?.floor_from ?? 0) < building.floor_from || (values?.floor_to ?? 0) > building.floor_to);

  const create = useMutation({
    mutationFn: (input: Values) =>
      api.rooms.bulkAdd({
        floors: [input.floor_from ?? 0, input.floor_to ?? 0],
        rooms: [input.room_from ?? 0, input.room_to ?? 0],
        pattern: effectivePattern(input.pattern),
        room_type_id: input.room_type_id ?? 0,
        ...(input.building_id !== undefined ? { building_id: input.building_id } : {}),
      }),
    onSuccess: (answer) => {
      setResult(answer);
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
      void queryClient.invalidateQueries({ queryKey: ['buildings'] });
      void queryClient.invalidateQueries({ queryKey: ['roomtypes'] });
    },
  });

  const close = () => {
    onClose();
  };
  const canSubmit = preview?.ok === true && !outsideBuilding;

  return (
    <Modal
      title={t('rooms.bulkTitle')}
      open={open}
      onCancel={close}
      afterClose={() => {
        setResult(null);
        // The form instance outlives the remount (its store keeps the values): emptied as well.
        form.resetFields();
        setRound((current) => current + 1);
      }}
      width={620}
      forceRender
      footer={
        result
          ? [
              <Button key="done" type="primary" onClick={close}>
                {t('common.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('common.cancel')}
              </Button>,
              <Button
                key="create"
                type="primary"
                loading={create.isPending}
                disabled={!canSubmit}
                onClick={() => form.submit()}
              >
                {preview?.ok
                  ? t('rooms.bulkCreate', { total: formatNumber(preview.total) })
                  : t('rooms.bulkCreateNone')}
              </Button>,
            ]
      }
    >
      {result ? (
        <Result
          status={result.created > 0 ? 'success' : 'info'}
          title={t('rooms.bulkDone', {
            created: formatNumber(result.created),
            skipped: formatNumber(result.skipped.length),
          })}
          subTitle={result.skipped.length > 0 ? t('rooms.bulkSkippedHelp') : undefined}
        >
          {result.skipped.length > 0 && (
            <div className="rp-skipped">
              {result.skipped.slice(0, SKIPPED_SHOWN).map((number) => (
                <Tag key={number}>{number}</Tag>
              ))}
              {result.skipped.length > SKIPPED_SHOWN && (
                <span>{t('rooms.andMore', { more: formatNumber(result.skipped.length - SKIPPED_SHOWN) })}</span>
              )}
            </div>
          )}
        </Result>
      ) : (
        <Form<Values>
          key={round}
          form={form}
          name="bulk"
          layout="vertical"
          onFinish={(input) => canSubmit && create.mutate(input)}
        >
          <div className="rp-form-row">
            <Form.Item name="building_id" label={t('rooms.building')}>
              <Select
                loading={buildings.isPending}
                placeholder={t('rooms.buildingDefault')}
                options={(buildings.data?.records ?? []).map((candidate) => ({
                  value: candidate.id,
                  label: t('rooms.buildingWithFloors', {
                    name: candidate.name,
                    from: candidate.floor_from,
                    to: candidate.floor_to,
                  }),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="room_type_id"
              label={t('rooms.roomType')}
              rules={[{ required: true, message: t('rooms.roomTypeRequired') }]}
              extra={types.data?.length === 0 ? t('rooms.noRoomTypes') : undefined}
            >
              <Select
                loading={types.isPending}
                options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
              />
            </Form.Item>
          </div>
          <div className="rp-form-row rp-form-row--four">
            <Form.Item
              name="floor_from"
              label={t('rooms.floorFrom')}
              rules={[{ required: true, message: t('rooms.required') }]}
            >
              <InputNumber min={FLOOR_MIN} max={FLOOR_MAX} precision={0} className="rp-full-width" />
            </Form.Item>
            <Form.Item
              name="floor_to"
              label={t('rooms.floorTo')}
              rules={[{ required: true, message: t('rooms.required') }]}
            >
              <InputNumber min={FLOOR_MIN} max={FLOOR_MAX} precision={0} className="rp-full-width" />
            </Form.Item>
            <Form.Item
              name="room_from"
              label={t('rooms.roomFrom')}
              rules={[{ required: true, message: t('rooms.required') }]}
            >
              <InputNumber min={1} max={999} precision={0} className="rp-full-width" />
            </Form.Item>
            <Form.Item
              name="room_to"
              label={t('rooms.roomTo')}
              rules={[{ required: true, message: t('rooms.required') }]}
            >
              <InputNumber min={1} max={999} precision={0} className="rp-full-width" />
            </Form.Item>
          </div>
          <Form.Item name="pattern" label={t('rooms.pattern')} extra={t('rooms.patternHelp')}>
            <Input placeholder={ROOM_PATTERN_DEFAULT} maxLength={32} autoComplete="off" />
          </Form.Item>
          <div aria-live="polite">
            {!preview ? (
              <Alert type="info" showIcon title={t('rooms.previewEmpty')} />
            ) : preview.ok ? (
              outsideBuilding && building ? (
                <Alert
                  type="error"
                  showIcon
                  title={t('rooms.floorsOutside', { from: building.floor_from, to: building.floor_to })}
                />
              ) : (
                <Alert
                  type="success"
                  showIcon
                  title={t('rooms.preview', {
                    first: preview.first,
                    last: preview.last,
                    total: formatNumber(preview.total),
                  })}
                  description={t('rooms.previewSkip')}
                />
              )
            ) : (
              <Alert
                type="error"
                showIcon
                title={t(`rooms.previewProblem.${preview.problem}`, {
                  total: formatNumber(preview.total),
                  max: formatNumber(ROOMS_BULK_MAX),
                })}
              />
            )}
          </div>
        </Form>
      )}
    </Modal>
  );
}
