import { FLOOR_MAX, FLOOR_MIN, ROOM_NUM_PATTERN, ROOM_REMARK_MAX, type Room } from '@roompilot/contract';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { FormModal } from '../../components/FormModal';
import { normalizeAlnum } from '../../lib/alnum';
import { useBuildings, useRoomTypeOptions } from './options';

interface Values {
  room_num: string;
  floor_num: number;
  building_id?: number;
  room_type_id: number;
  rcu_id: string;
  mac?: string;
  remark?: string;
  validdate?: Dayjs | null;
}

interface Props {
  room?: Room;
  open: boolean;
  onClose: () => void;
}

const DATE = 'YYYY-MM-DD';
const ROOM_NUM = new RegExp(ROOM_NUM_PATTERN);
const MAC = /^([0-9A-Fa-f]{12})?$/;

/** Add one room or edit one: the same form. rcu_id and mac keep letters and digits only. */
export function RoomFormModal({ room, open, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const buildings = useBuildings();
  const types = useRoomTypeOptions();
  const editing = room !== undefined;

  const save = (values: Values) => {
    const fields = {
      room_num: values.room_num.trim(),
      floor_num: values.floor_num,
      room_type_id: values.room_type_id,
      rcu_id: values.rcu_id,
      mac: values.mac ?? '',
      remark: values.remark?.trim() ?? '',
      validdate: values.validdate ? values.validdate.format(DATE) : null,
      ...(values.building_id !== undefined ? { building_id: values.building_id } : {}),
    };
    return editing ? api.rooms.update({ id: room.id, ...fields }) : api.rooms.add(fields);
  };

  const buildingRecords = buildings.data?.records ?? [];
  const chosenBuilding = Form.useWatch('building_id', form);
  const building = buildingRecords.find((candidate) => candidate.id === chosenBuilding);

  return (
    <FormModal<Values, Room>
      title={t(editing ? 'rooms.editTitle' : 'rooms.addTitle')}
      open={open}
      onClose={onClose}
      name="room"
      form={form}
      initialValues={
        room
          ? { ...room, validdate: room.validdate ? dayjs(room.validdate, DATE) : null }
          : { building_id: buildingRecords[0]?.id }
      }
      save={save}
      savedMessage={(saved) => t(editing ? 'rooms.updated' : 'rooms.added', { room: saved.room_num })}
      invalidates={[['rooms'], ['buildings'], ['roomtypes']]}
      width={600}
    >
      <div className="rp-form-row">
        <Form.Item
          name="room_num"
          label={t('rooms.roomNum')}
          rules={[
            { required: true, whitespace: true, message: t('rooms.roomNumRequired') },
            { pattern: ROOM_NUM, message: t('rooms.roomNumInvalid') },
          ]}
        >
          <Input maxLength={16} />
        </Form.Item>
        <Form.Item
          name="floor_num"
          label={t('rooms.floor')}
          rules={[
            { required: true, message: t('rooms.floorRequired') },
            {
              validator: (_rule, value: number | undefined) =>
                value === undefined || !building || (value >= building.floor_from && value <= building.floor_to)
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t('rooms.floorOutside', { from: building.floor_from, to: building.floor_to })),
                    ),
            },
          ]}
          dependencies={['building_id']}
        >
          <InputNumber min={FLOOR_MIN} max={FLOOR_MAX} precision={0} className="rp-full-width" />
        </Form.Item>
      </div>
      <div className="rp-form-row">
        <Form.Item
          name="building_id"
          label={t('rooms.building')}
          extra={buildingRecords.length ? undefined : t('rooms.buildingDefault')}
        >
          <Select
            loading={buildings.isPending}
            options={buildingRecords.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            placeholder={t('rooms.buildingDefault')}
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
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </div>
      <div className="rp-form-row">
        <Form.Item
          name="rcu_id"
          label={t('rooms.rcuId')}
          normalize={normalizeAlnum}
          extra={t('rooms.alnumHelp')}
          rules={[{ required: true, message: t('rooms.rcuIdRequired') }]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="mac"
          label={t('rooms.mac')}
          normalize={(value: unknown) => {
            const clean = normalizeAlnum(value);
            return typeof clean === 'string' ? clean.toUpperCase() : clean;
          }}
          extra={t('rooms.macHelp')}
          rules={[{ pattern: MAC, message: t('rooms.macInvalid') }]}
        >
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
      </div>
      <Form.Item name="validdate" label={t('rooms.validdate')}>
        <DatePicker className="rp-full-width" allowClear />
      </Form.Item>
      <Form.Item name="remark" label={t('rooms.remark')}>
        <Input.TextArea maxLength={ROOM_REMARK_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
