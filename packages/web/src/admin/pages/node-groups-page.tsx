import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { NodeGroup, StaffMe } from '@portal/contract/admin';
import { DataList } from '../../components/data-list';
import type { DataColumn } from '../../components/data-list';
import { confirmAction } from '../../lib/confirm';
import { notify } from '../../lib/notify';
import { useCreateNodeGroup, useDeleteNodeGroup, useNodeGroups, useUpdateNodeGroup } from '../api';
import { PageTitle } from './page-title';

/** Node groups: add, rename, remove (packages reach nodes through them). */
export function NodeGroupsPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const canWrite = me.permissions.includes('nodes.write');
  const groups = useNodeGroups();
  const create = useCreateNodeGroup();
  const update = useUpdateNodeGroup();
  const remove = useDeleteNodeGroup();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { body: { name: name.trim() } },
      {
        onSuccess: (g) => {
          notify.success(t('groups.created', { name: g.name }));
          setName('');
        },
      },
    );
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    update.mutate(
      { params: { id: editing.id }, body: { name: editing.name.trim() } },
      {
        onSuccess: (g) => {
          notify.success(t('groups.renamed', { name: g.name }));
          setEditing(null);
        },
        onError: (error) => notify.error(error.message),
      },
    );
  };

  const columns: DataColumn<NodeGroup>[] = [
    {
      key: 'name',
      header: t('groups.name'),
      card: 'title',
      cell: (g) =>
        editing?.id === g.id ? (
          <form onSubmit={rename} aria-label={t('groups.rename')}>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                aria-label={t('groups.name')}
                value={editing.name}
                onChange={(e) => setEditing({ id: g.id, name: e.currentTarget.value })}
                maxLength={50}
                required
                size="xs"
                data-testid="group-rename-input"
              />
              <Button type="submit" size="xs" loading={update.isPending}>
                {t('groups.save')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                {t('groups.cancel')}
              </Button>
            </Group>
          </form>
        ) : (
          g.name
        ),
    },
    { key: 'nodes', header: t('groups.nodes'), cell: (g) => g.node_count, nowrap: true },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: '',
            card: 'actions' as const,
            cell: (g: NodeGroup) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="subtle" onClick={() => setEditing({ id: g.id, name: g.name })}>
                  {t('groups.rename')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    confirmAction({
                      title: t('groups.delete'),
                      message: t('groups.confirmDelete', { name: g.name }),
                      confirmLabel: t('groups.delete'),
                      onConfirm: () =>
                        remove.mutate(
                          { params: { id: g.id } },
                          {
                            onSuccess: () => notify.success(t('groups.deleted', { name: g.name })),
                            onError: (error) => notify.error(error.message),
                          },
                        ),
                    })
                  }
                >
                  {t('groups.delete')}
                </Button>
              </Group>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageTitle title={t('nav.nodeGroups')} intro={t('groups.intro')} />
      <Stack gap="md">
        {canWrite && (
          <Card withBorder radius="md" padding="md">
            <form onSubmit={submit} aria-label={t('groups.add')}>
              <Group align="flex-end" gap="sm">
                <TextInput
                  label={t('groups.name')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  required
                  maxLength={50}
                  error={create.error?.message}
                  data-testid="group-add-name"
                />
                <Button type="submit" loading={create.isPending} data-testid="group-add-submit">
                  {t('groups.addAction')}
                </Button>
              </Group>
            </form>
          </Card>
        )}
        {groups.isError ? (
          <Alert color="red" role="alert">
            {t('groups.loadFailed')}: {groups.error.message}
          </Alert>
        ) : groups.data && groups.data.length === 0 ? (
          <Text c="dimmed" data-testid="groups-empty">
            {t('groups.empty')}
          </Text>
        ) : groups.data ? (
          <DataList
            rows={groups.data}
            columns={columns}
            rowKey={(g) => g.id}
            rowAttributes={() => ({ 'data-testid': 'group-row' })}
            label={t('nav.nodeGroups')}
            minWidth={520}
          />
        ) : null}
      </Stack>
    </>
  );
}
