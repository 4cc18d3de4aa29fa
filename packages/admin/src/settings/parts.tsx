/**
 * What every settings screen is made of: a list the server pages and sorts (headings that sort,
 * the loading, failed and empty states, the pager), a dialog with a form, and a write that
 * toasts its result and refreshes the screen's lists.
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { errorMessage } from '@canopy/client';
import type { ListPage } from './api';
import { LoadError } from './LoadError';
import { writeAndToast } from './write';

export const PAGE_SIZE = 25;

/** A list's state: text filter, sort and page; changing the filter or sort goes back to page 1. */
export function useListRequest<Sort extends string>(
  defaultSort: Sort,
  defaultOrder: 'asc' | 'desc' = 'asc',
) {
  const [q, setQ] = useState('');
  const [sort, setSort] = useState({ by: defaultSort, order: defaultOrder });
  const [page, setPage] = useState(1);
  const request = {
    ...(q.trim() && { q: q.trim() }),
    sort: sort.by,
    order: sort.order,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  return {
    request,
    q,
    setQ: (text: string) => {
      setQ(text);
      setPage(1);
    },
    page,
    setPage,
    sort,
    sortBy: (by: Sort) => {
      setSort((current) => ({
        by,
        order: current.by === by && current.order === 'asc' ? 'desc' : 'asc',
      }));
      setPage(1);
    },
  };
}

export type ListState<Sort extends string = string> = ReturnType<typeof useListRequest<Sort>>;

/** The list's text filter: 'Filter <what> by <by>', typed into the list's state. */
export function ListFilter<Sort extends string>(props: {
  list: ListState<Sort>;
  what: string;
  by: string;
}) {
  return (
    <TextInput
      aria-label={`Filter ${props.what} by ${props.by}`}
      placeholder={`Filter by ${props.by}`}
      leftSection={<IconSearch size={14} aria-hidden />}
      w={320}
      value={props.list.q}
      onChange={(event) => props.list.setQ(event.currentTarget.value)}
    />
  );
}

export interface Column<Sort extends string> {
  label: string;
  /** The server's sort key; absent: the column does not sort. */
  sort?: Sort;
}

/** A heading that sorts the list by its column (aria-sort says how it is sorted now). */
function SortHeading<Sort extends string>(props: { column: Column<Sort>; list: ListState<Sort> }) {
  const { column, list } = props;
  if (!column.sort) return <Table.Th>{column.label}</Table.Th>;
  const active = list.sort.by === column.sort;
  const Icon = !active ? IconSelector : list.sort.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (list.sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        onClick={() => list.sortBy(column.sort!)}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
      >
        {column.label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * A paged list: loading and failure states, an empty message, the table with its headings and
 * a hidden 'Actions' heading for the last column, and the pager under it.
 */
export function ListTable<T, Sort extends string>(props: {
  label: string;
  what: string;
  columns: Column<Sort>[];
  list: ListState<Sort>;
  query: { data?: ListPage<T> | undefined; isLoading: boolean; isError: boolean; error: unknown };
  empty: ReactNode;
  minWidth?: number;
  row: (item: T) => ReactNode;
}) {
  const { query, list } = props;
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));
  return (
    <>
      {query.isError && <LoadError what={props.what} error={query.error} />}
      {query.isLoading && <Skeleton h={200} />}
      {query.data && query.data.rows.length === 0 && (
        <Paper withBorder p="xl" ta="center">
          {props.empty}
        </Paper>
      )}
      {query.data && query.data.rows.length > 0 && (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={props.minWidth ?? 640}>
            <Table striped highlightOnHover aria-label={props.label} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {props.columns.map((column) => (
                    <SortHeading key={column.label} column={column} list={list} />
                  ))}
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{query.data.rows.map(props.row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {list.request.offset + 1}–{list.request.offset + query.data.rows.length} of{' '}
              {query.data.total}
            </Text>
            {pages > 1 && (
              <Pagination
                size="sm"
                total={pages}
                value={list.page}
                onChange={list.setPage}
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                })}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              />
            )}
          </Group>
        </Stack>
      )}
    </>
  );
}

/**
 * A dialog with a form: its fields, the server's refusal under them, Cancel and the submit
 * button. `onSubmit` resolves when done; a thrown error is shown in the dialog.
 */
export function FormDialog(props: {
  title: string;
  submitLabel: string;
  canSubmit: boolean;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  size?: string;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await props.onSubmit();
    } catch (error) {
      setProblem(errorMessage(error, 'The server could not be reached'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={props.title} size={props.size} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {props.children}
          {problem && (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!props.canSubmit}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A write of a settings screen: toasts the result and refreshes the lists under `resource`. */
export function useSettingsWrite(...resources: string[]) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all(
      resources.map((resource) =>
        queryClient.invalidateQueries({ queryKey: ['settings', resource] }),
      ),
    );
  };
  return {
    refresh,
    write: (run: () => Promise<unknown>, success: string) => writeAndToast(run, success, refresh),
  };
}
