import { ActionIcon, Alert, Badge, Button, Group, Loader, Switch, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { hasPermission } from '@portal/contract';
import type { AdminPackage, StaffMe } from '@portal/contract/admin';
import { DataList } from '../../components/data-list';
import type { DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { confirmAction } from '../../lib/confirm';
import { yuan } from '../../lib/money';
import { notify } from '../../lib/notify';
import { useDeletePackage, usePackages, useReorderPackages, useSetPackageOnSale } from '../api';
import { PackageForm } from './package-form';
import { PageTitle } from './page-title';
import { TrialCard } from './trial-card';

/** The catalogue: every package in the pricing page's order, shown or hidden, with its figures; editing for packages.write. */
export function PackagesPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const packages = usePackages();
  const onSale = useSetPackageOnSale();
  const reorder = useReorderPackages();
  const remove = useDeletePackage();
  const canWrite = hasPermission(me.role, 'packages.write');
  // The dialog: closed, a new package ('new') or the package edited.
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const list = packages.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate({ body: { ids } }, { onError: (error) => notify.error(error.message) });
  };
  const toggle = (pkg: AdminPackage, next: boolean) =>
    onSale.mutate(
      { params: { id: pkg.id }, body: { on_sale: next } },
      {
        onSuccess: () =>
          notify.success(t(next ? 'packages.shownNow' : 'packages.hiddenNow', { name: pkg.name[locale] })),
        onError: (error) => notify.error(error.message),
      },
    );
  const askDelete = (pkg: AdminPackage) =>
    confirmAction({
      title: t('packages.deleteTitle'),
      message: t('packages.deleteMessage', { name: pkg.name[locale] }),
      confirmLabel: t('packages.delete'),
      onConfirm: () =>
        remove.mutate(
          { params: { id: pkg.id } },
          {
            onSuccess: () => notify.success(t('packages.deleted', { name: pkg.name[locale] })),
            onError: (error) => notify.error(error.message),
          },
        ),
    });

  const columns: DataColumn<AdminPackage>[] = [
    {
      key: 'name',
      header: t('packages.name'),
      cell: (p) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm">
            {p.name[locale]}
          </Text>
          {p.popular && (
            <Badge size="xs" variant="light">
              {t('packages.popular')}
            </Badge>
          )}
        </Group>
      ),
      card: 'title',
    },
    {
      key: 'state',
      header: t('packages.onSale'),
      cell: (p) =>
        canWrite ? (
          <Switch
            aria-label={t('packages.onSaleOf', { name: p.name[locale] })}
            checked={p.on_sale}
            onChange={(e) => toggle(p, e.currentTarget.checked)}
            disabled={onSale.isPending}
            data-testid="package-sale-toggle"
          />
        ) : (
          <Badge variant="light" color={p.on_sale ? 'teal' : 'gray'}>
            {t(p.on_sale ? 'packages.shown' : 'packages.hidden')}
          </Badge>
        ),
      card: 'aside',
    },
    {
      key: 'period',
      header: t('packages.type'),
      cell: (p) => `${t(`packages.types.${p.type}`)} · ${t('packages.days', { count: p.validity_days })}`,
      nowrap: true,
    },
    { key: 'price', header: t('packages.price'), cell: (p) => yuan(p.price, locale), nowrap: true },
    {
      key: 'traffic',
      header: t('packages.traffic'),
      cell: (p) =>
        `${p.traffic_gb === null ? t('packages.unlimited') : `${p.traffic_gb} GB`} · ${t(`packages.resets.${p.traffic_reset}`)}`,
    },
    {
      key: 'devices',
      header: t('packages.devices'),
      cell: (p) =>
        p.speed_limit_mbps === null
          ? String(p.device_limit)
          : `${p.device_limit} · ${p.speed_limit_mbps} Mbps`,
      nowrap: true,
    },
    {
      key: 'figures',
      header: t('packages.figures'),
      cell: (p) => t('packages.figuresValue', { orders: p.orders, active: p.active_subscriptions }),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: '',
            card: 'actions' as const,
            cell: (p: AdminPackage) => {
              const index = list.indexOf(p);
              return (
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('packages.moveUp', { name: p.name[locale] })}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('packages.moveDown', { name: p.name[locale] })}
                    disabled={index === list.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <Button size="xs" variant="light" onClick={() => setEditing(p)} data-testid="package-edit">
                    {t('packages.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    disabled={p.orders > 0 || remove.isPending}
                    title={p.orders > 0 ? t('packages.soldCannotDelete') : undefined}
                    onClick={() => askDelete(p)}
                    data-testid="package-delete"
                  >
                    {t('packages.delete')}
                  </Button>
                </Group>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <>
      <PageTitle
        title={t('nav.packages')}
        intro={t('packages.intro')}
        actions={
          canWrite && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing('new')}
              data-testid="package-add"
            >
              {t('packages.add')}
            </Button>
          )
        }
      />
      {packages.isError ? (
        <Alert color="red" role="alert">
          {t('packages.loadFailed')}: {packages.error.message}
        </Alert>
      ) : packages.isPending ? (
        <Loader aria-label={t('access.checking')} />
      ) : list.length === 0 ? (
        <Text c="dimmed" data-testid="packages-empty">
          {t('packages.empty')}
        </Text>
      ) : (
        <DataList
          rows={list}
          columns={columns}
          rowKey={(p) => p.id}
          rowAttributes={(p) => ({
            'data-testid': 'package-row',
            'data-id': String(p.id),
            'data-on-sale': String(p.on_sale),
          })}
          label={t('nav.packages')}
          minWidth={980}
        />
      )}
      {packages.isSuccess && <TrialCard packages={list} canWrite={canWrite} />}
      {editing !== null && (
        <PackageForm
          key={editing === 'new' ? 'new' : editing.id}
          pkg={editing === 'new' ? null : editing}
          packages={list}
          opened
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
