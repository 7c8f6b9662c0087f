// @vitest-environment jsdom
import type { Page } from '@roompilot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderInApp } from '../test/render';
import { DeleteAction } from './DeleteAction';
import { ListTable } from './ListTable';
import { EditAction } from './RowActions';
import { type Paging, useListQuery } from './useListQuery';

interface Thing {
  id: number;
  name: string;
}

type Fetch = (body: Paging) => Promise<Page<Thing>>;

function pageOf(body: Paging, total: number): Page<Thing> {
  const first = (body.current - 1) * body.size;
  const count = Math.max(0, Math.min(body.size, total - first));
  const records = Array.from({ length: count }, (_, i) => ({ id: first + i + 1, name: `Thing ${first + i + 1}` }));
  return { records, total, current: body.current, size: body.size };
}

function Things({
  fetch,
  onEdit,
  onDelete,
}: {
  fetch: Fetch;
  onEdit?: (thing: Thing) => void;
  onDelete?: () => Promise<unknown>;
}) {
  const list = useListQuery({ key: 'things', fetch });
  return (
    <ListTable<Thing>
      rowKey="id"
      list={list}
      columns={[{ title: 'Name', dataIndex: 'name', key: 'name' }]}
      emptyText="No things yet"
      rowActions={{
        width: 160,
        render: (thing) => (
          <>
            <EditAction onClick={() => onEdit?.(thing)} />
            <DeleteAction
              title="Delete this thing?"
              description={`${thing.name} goes for good.`}
              onConfirm={onDelete ?? (() => Promise.resolve())}
            />
          </>
        ),
      }}
    />
  );
}

const rows = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row');

describe('ListTable over useListQuery', () => {
  test('loading: a spinner, and no empty state before the first answer', async () => {
    await renderInApp(<Things fetch={() => new Promise(() => undefined)} />);
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(screen.queryByText('No things yet')).toBeNull();
  });

  test('empty: what would be here', async () => {
    await renderInApp(<Things fetch={async (body) => pageOf(body, 0)} />);
    expect(await screen.findByText('No things yet')).toBeInTheDocument();
  });

  test('failed: the reason and a retry that asks again', async () => {
    const fetch = vi.fn<Fetch>().mockRejectedValueOnce(new Error('The server is down'));
    fetch.mockImplementation(async (body) => pageOf(body, 3));
    await renderInApp(<Things fetch={fetch} />);
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(screen.getByText('The server is down')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Thing 3')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test('a page of rows, the total, and the next page asked for with the same size', async () => {
    const fetch = vi.fn<Fetch>(async (body) => pageOf(body, 45));
    await renderInApp(<Things fetch={fetch} />);
    expect(await screen.findByText('Thing 1')).toBeInTheDocument();
    expect(rows()).toHaveLength(20);
    expect(screen.getByText('45 in total')).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith({ current: 1, size: 20 });

    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Thing 21')).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith({ current: 2, size: 20 });
    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(rows()).toHaveLength(5));
  });

  test('row actions: edit opens the row, delete asks first', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn(() => Promise.resolve());
    await renderInApp(<Things fetch={async (body) => pageOf(body, 2)} onEdit={onEdit} onDelete={onDelete} />);
    const second = (await screen.findByText('Thing 2')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();

    await userEvent.click(within(second).getByRole('button', { name: /Edit/ }));
    expect(onEdit).toHaveBeenCalledWith({ id: 2, name: 'Thing 2' });

    await userEvent.click(within(second).getByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete this thing?')).toBeInTheDocument();
    expect(within(confirm).getByText('Thing 2 goes for good.')).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
