import { USDT, type Network } from '@portal/contract';
import {
  moneyApi,
  type UsdtSettings as UsdtSettingsView,
  type UsdtSettingsInput,
} from '@portal/contract/admin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/types.js';
import { getMeta, setMeta } from '../../lib/meta-repository.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';

/** The app_meta key of the settings an operator saved (JSON, `UsdtSettingsInput`). */
export const USDT_SETTINGS_KEY = 'usdt_settings';

/** Confirmations of a network the environment does not configure (the defaults of config.ts). */
const DEFAULT_CONFIRMATIONS: Record<Network, number> = { TRC20: 19, ERC20: 12, BEP20: 15 };

export interface EffectiveUsdtSettings extends UsdtSettingsInput {
  source: 'environment' | 'database';
  updatedAt: string | null;
}

/**
 * USDT payment settings (issue 17 §7): the receiving address and confirmations of each network, the rate, the
 * limits of one order and the payment window. The environment's values (config.ts) are the defaults until an
 * operator saves settings in the console; from then on the database's are read by order creation and the chain
 * watcher. A network is offered when it has an address here and the server can read its chain (an RPC URL or
 * TronGrid in the environment). The last read is kept for the synchronous callers (confirmations shown on orders).
 */
export class UsdtSettings {
  private last: EffectiveUsdtSettings;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: AppConfig,
  ) {
    this.last = this.defaults();
  }

  /** The settings the environment gives. */
  defaults(): EffectiveUsdtSettings {
    const u = this.config.usdt;
    const networks = Object.fromEntries(
      USDT.networks.map((network) => {
        const chain = u.chains.find((c) => c.network === network);
        return [
          network,
          {
            address: chain?.address ?? null,
            confirmations: chain?.confirmations ?? DEFAULT_CONFIRMATIONS[network],
          },
        ];
      }),
    ) as UsdtSettingsInput['networks'];
    return {
      rate: u.rateCny,
      min_amount: u.minAmount,
      max_amount: u.maxAmount,
      window_minutes: u.windowMinutes,
      networks,
      source: 'environment',
      updatedAt: null,
    };
  }

  /** Whether the server can read the chain of a network (configured in the environment). */
  readable(network: string | null): boolean {
    return this.config.usdt.chains.some((c) => c.network === network);
  }

  async current(): Promise<EffectiveUsdtSettings> {
    const raw = await getMeta(this.db, USDT_SETTINGS_KEY);
    let next = this.defaults();
    if (raw) {
      try {
        const stored = JSON.parse(raw) as { settings?: unknown; updated_at?: string };
        const parsed = moneyApi.usdtSettingsInput.safeParse(stored.settings);
        if (parsed.success)
          next = { ...parsed.data, source: 'database', updatedAt: stored.updated_at ?? null };
      } catch {
        // unreadable: the environment's defaults
      }
    }
    this.last = next;
    return next;
  }

  /** The settings of the last read (for synchronous callers). */
  latest(): EffectiveUsdtSettings {
    return this.last;
  }

  toView(s: EffectiveUsdtSettings): UsdtSettingsView {
    const network = (n: Network) => ({ ...s.networks[n], readable: this.readable(n) });
    return {
      rate: s.rate,
      min_amount: s.min_amount,
      max_amount: s.max_amount,
      window_minutes: s.window_minutes,
      networks: { TRC20: network('TRC20'), ERC20: network('ERC20'), BEP20: network('BEP20') },
      source: s.source,
      updated_at: s.updatedAt,
    };
  }

  async view(): Promise<UsdtSettingsView> {
    return this.toView(await this.current());
  }

  async save(actor: StaffActor, input: UsdtSettingsInput): Promise<UsdtSettingsView> {
    const before = await this.current();
    const updatedAt = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await setMeta(trx, USDT_SETTINGS_KEY, JSON.stringify({ settings: input, updated_at: updatedAt }));
      const { source: _s, updatedAt: _u, ...old } = before;
      await recordAudit(trx, actor, {
        action: 'settings.usdt.update',
        targetType: 'settings',
        targetId: 'usdt',
        before: { ...old, networks: JSON.stringify(old.networks) },
        after: { ...input, networks: JSON.stringify(input.networks) },
      });
    });
    return this.view();
  }
}
