// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, test, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { FormModal } from './FormModal';

interface Values {
  name: string;
  remark?: string;
}

interface Saved {
  id: number;
  name: string;
}

type Save = (values: Values) => Promise<Saved>;

function ThingFormModal({
  open = true,
  thing,
  save,
  onClose = () => undefined,
}: {
  open?: boolean;
  thing?: Values;
  save: Save;
  onClose?: () => void;
}) {
  return (
    <FormModal<Values, Saved>
      title={thing ? 'Edit thing' : 'Add thing'}
      open={open}
      onClose={onClose}
      name="thing"
      initialValues={thing ?? { remark: 'new' }}
      save={save}
      savedMessage={(saved) => `${saved.name} saved`}
      invalidates={[['things']]}
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="remark" label="Remark">
        <Input />
      </Form.Item>
    </FormModal>
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('FormModal', () => {
  test('a missing field is named and nothing is sent', async () => {
    const save = vi.fn<Save>();
    await renderInApp(<ThingFormModal save={save} />);
    await userEvent.click(saveButton());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  test('Save sends the fields, tells the user, refreshes the list and closes', async () => {
    const save = vi.fn<Save>(async (values) => ({ id: 7, name: values.name }));
    const onClose = vi.fn();
    const { queryClient } = await renderInApp(<ThingFormModal save={save} onClose={onClose} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.type(screen.getByLabelText('Name'), 'Lamp');
    await userEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({ name: 'Lamp', remark: 'new' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
    expect(await screen.findByText('Lamp saved')).toBeInTheDocument();
  });

  test('a refusal keeps the dialog open with what was typed', async () => {
    const save = vi.fn<Save>().mockRejectedValue(new Error('The name is taken'));
    const onClose = vi.fn();
    await renderInApp(<ThingFormModal save={save} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Lamp');
    await userEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(saveButton()).not.toHaveClass('ant-btn-loading'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add thing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Lamp');
  });

  test('each opening starts from its own values', async () => {
    const save = vi.fn<Save>();
    const { rerender } = await renderInApp(<ThingFormModal save={save} thing={{ name: 'Lamp', remark: 'desk' }} />);
    expect(screen.getByLabelText('Name')).toHaveValue('Lamp');
    await userEvent.type(screen.getByLabelText('Remark'), ' top');
    rerender(<ThingFormModal save={save} open={false} thing={{ name: 'Lamp', remark: 'desk' }} />);
    await waitFor(() => expect(screen.queryByLabelText('Name')).toBeNull());
    rerender(<ThingFormModal save={save} />);
    expect(await screen.findByRole('dialog', { name: 'Add thing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Remark')).toHaveValue('new');
  });
});
